// A daily puzzle is published once its optimum is proven (a 4x4 minutes after midnight when the workers
// are busy or its proof is retried); until then `dailyPuzzle` shows nothing, and neither may anything
// else: `puzzle(id)` answers null, its platform Solve is not found (`solve`, `solveProgress`: both carry
// the puzzle, and cancelSolve of it is NOT_FOUND, not FORBIDDEN), and every operation that takes its id
// is NOT_FOUND (submitSolution, leaderboard, leaderboardChanged, hint, analyzeSolution, requestSolve);
// a day that ends with its daily unpublished leaves it so, out of the lists too. Until the thirty-third
// session an explorer read the unpublished 4x4's board by its id (the next id after yesterday's, owner
// `daily puzzle`) and could play it ahead of everyone; until the thirty-sixth only the first four
// checked, and only while the day ran. An API server alone, so no worker proves it: the test
// publishes it.
import { describe, expect, it } from "vitest";
import { canonicalKey, createPuzzle, isSolvable } from "../../src/core/index.ts";
import { DailyPuzzleRepository } from "../../src/repositories/daily-puzzles.ts";
import { useTestServer } from "../helpers/server.ts";
import { subscribe, wsClient } from "../helpers/ws.ts";
import { applyMoves, GOAL4 } from "./boards.ts";

const api = useTestServer();

const PUZZLE = `query ($id: ID!) { puzzle(id: $id) { id start } }`;
const SOLVE = `query ($id: ID!) { solve(id: $id) { id puzzle { start } } }`;
const PROGRESS = `subscription ($id: ID!) { solveProgress(solveId: $id) { status solve { puzzle { start } } } }`;
const SUBMIT = `mutation ($p: ID!, $m: String!) { submitSolution(puzzleId: $p, moves: $m) { length } }`;
const DAILY = `{ dailyPuzzle(category: SLIDING_4X4) { puzzle { id } } }`;
const LEADERBOARD = `query ($p: ID!) { leaderboard(puzzleId: $p) { totalEntries } }`;
const HINT = `query ($p: ID!) { hint(puzzleId: $p) { status } }`;
const ANALYZE = `mutation ($p: ID!, $m: String!) { analyzeSolution(puzzleId: $p, moves: $m) { status } }`;
const REQUEST = `mutation ($p: ID!) { requestSolve(puzzleId: $p) { id } }`;
const LISTED = `{ puzzles(first: 100) { edges { node { id } } } }`;
const CANCEL = `mutation ($id: ID!) { cancelSolve(id: $id) { status } }`;
const CHANGED = `subscription ($p: ID!) { leaderboardChanged(puzzleId: $p) { length } }`;

type Player = Awaited<ReturnType<ReturnType<typeof api.client>["signUp"]>>;

/** Every operation that takes the puzzle's id answers as for an unknown id, over HTTP and WebSocket. */
async function expectHidden(player: Player, id: string, solution: string): Promise<void> {
  expect((await player.client.data(PUZZLE, { id })).puzzle).toBeNull();
  for (const [query, variables] of [
    [SUBMIT, { p: id, m: solution }],
    [LEADERBOARD, { p: id }],
    [HINT, { p: id }],
    [ANALYZE, { p: id, m: solution }],
    [REQUEST, { p: id }],
  ] as const) {
    const error = await player.client.error(query, variables);
    expect({ query, code: error.extensions?.code, message: error.message }).toEqual({
      query,
      code: "NOT_FOUND",
      message: `no puzzle with id ${id}`,
    });
  }
  const ws = wsClient(api.wsUrl, player.token);
  try {
    const event = await subscribe(ws, CHANGED, { p: id }).next();
    expect(event.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
  } finally {
    await ws.dispose();
  }
}

/** The day's 4x4 daily puzzle (not published), its board `moves` from the goal. */
async function createDaily(day: string, moves: string) {
  const spec = createPuzzle({ kind: "sliding", rows: 4, cols: 4, start: applyMoves(4, 4, GOAL4, moves) });
  const { row } = await new DailyPuzzleRepository(api.server.app.prisma).findOrCreate(
    day,
    "SLIDING_4X4",
    (ownerId) => ({
      ownerId,
      kind: "SLIDING",
      rows: 4,
      cols: 4,
      start: spec.start,
      goal: GOAL4,
      title: `Daily 4x4 puzzle of ${day}`,
      canonicalKey: canonicalKey(spec),
      solvable: isSolvable(spec),
    }),
  );
  return { spec, row };
}

describe("a daily puzzle before it is published", () => {
  it("is reached by nothing, then by everything once published", async () => {
    const { app } = api.server;
    const today = new Date().toISOString().slice(0, 10);
    // Three moves from the goal; the blank's way back solves it.
    const { spec, row } = await createDaily(today, "ULL");
    const solution = "RRD";
    // The platform's proof, queued (no worker here), as DailyService.ensure asks for it.
    const proof = await app.services.solves.request(null, row.puzzleId, { timeLimitSeconds: 600 });
    const player = await api.client().signUp();
    const id = String(row.puzzleId);

    expect((await player.client.data(DAILY)).dailyPuzzle).toBeNull();
    await expectHidden(player, id, solution);
    expect((await player.client.data(SOLVE, { id: String(proof.id) })).solve).toBeNull();
    // The proof is no one's to cancel, but FORBIDDEN would say it is there.
    const cancel = await player.client.error(CANCEL, { id: String(proof.id) });
    expect([cancel.extensions?.code, cancel.message]).toEqual(["NOT_FOUND", `no solve with id ${proof.id}`]);
    const ws = wsClient(api.wsUrl, player.token);
    try {
      const event = await subscribe(ws, PROGRESS, { id: String(proof.id) }).next();
      expect(event.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
    } finally {
      await ws.dispose();
    }

    await new DailyPuzzleRepository(app.prisma).publish(today, "SLIDING_4X4", solution.length);
    expect((await player.client.data(DAILY)).dailyPuzzle.puzzle.id).toBe(id);
    expect((await player.client.data(PUZZLE, { id })).puzzle.start).toEqual(spec.start);
    expect((await player.client.data(SOLVE, { id: String(proof.id) })).solve.puzzle.start).toEqual(
      spec.start,
    );
    expect((await player.client.data(SUBMIT, { p: id, m: solution })).submitSolution.length).toBe(3);
    expect((await player.client.data(LEADERBOARD, { p: id })).leaderboard.totalEntries).toBe(1);
    expect((await player.client.error(CANCEL, { id: String(proof.id) })).extensions?.code).toBe("FORBIDDEN");
  });

  // Until the thirty-sixth session only the running dailies were read: a daily whose proof never
  // ended (its retries exhausted) became a puzzle like any other once its day was over, unpublished.
  it("stays hidden after its day when it was never published", async () => {
    const day = `2001-0${1 + Math.floor(Math.random() * 9)}-1${Math.floor(Math.random() * 10)}`;
    const { spec, row } = await createDaily(day, "UUL");
    const player = await api.client().signUp();
    const id = String(row.puzzleId);
    await expectHidden(player, id, "RDD");
    const listed = async () =>
      (await player.client.data(LISTED)).puzzles.edges.map((edge: { node: { id: string } }) => edge.node.id);
    expect(await listed()).not.toContain(id);
    await new DailyPuzzleRepository(api.server.app.prisma).publish(day, "SLIDING_4X4", 3);
    expect((await player.client.data(PUZZLE, { id })).puzzle.start).toEqual(spec.start);
    expect(await listed()).toContain(id);
    expect((await player.client.data(LEADERBOARD, { p: id })).leaderboard.totalEntries).toBe(0);
  });
});
