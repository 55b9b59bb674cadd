// A daily puzzle is published once its optimum is proven (a 4x4 minutes after midnight when the workers
// are busy or its proof is retried); until then `dailyPuzzle` shows nothing, and neither may anything
// else: `puzzle(id)` answers null, its platform Solve is not found (`solve`, `solveProgress`: both carry
// the puzzle), and `submitSolution` is NOT_FOUND. Until the thirty-third session an explorer read the
// unpublished 4x4's board by its id (the next id after yesterday's, owner `daily puzzle`) and could
// play it ahead of everyone. An API server alone, so no worker proves it: the test publishes it.
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

describe("a daily puzzle before it is published", () => {
  it("is reached by nothing, then by everything once published", async () => {
    const { app } = api.server;
    const today = new Date().toISOString().slice(0, 10);
    // Three moves from the goal; the blank's way back solves it.
    const spec = createPuzzle({ kind: "sliding", rows: 4, cols: 4, start: applyMoves(4, 4, GOAL4, "ULL") });
    const solution = "RRD";
    const dailies = new DailyPuzzleRepository(app.prisma);
    const { row } = await dailies.findOrCreate(today, "SLIDING_4X4", (ownerId) => ({
      ownerId,
      kind: "SLIDING",
      rows: 4,
      cols: 4,
      start: spec.start,
      goal: GOAL4,
      title: `Daily 4x4 puzzle of ${today}`,
      canonicalKey: canonicalKey(spec),
      solvable: isSolvable(spec),
    }));
    // The platform's proof, queued (no worker here), as DailyService.ensure asks for it.
    const proof = await app.services.solves.request(null, row.puzzleId, { timeLimitSeconds: 600 });
    const player = await api.client().signUp();
    const id = String(row.puzzleId);

    expect((await player.client.data(DAILY)).dailyPuzzle).toBeNull();
    expect((await player.client.data(PUZZLE, { id })).puzzle).toBeNull();
    expect((await player.client.data(SOLVE, { id: String(proof.id) })).solve).toBeNull();
    const error = await player.client.error(SUBMIT, { p: id, m: solution });
    expect(error.extensions?.code).toBe("NOT_FOUND");
    expect(error.message).toBe(`no puzzle with id ${id}`);
    const ws = wsClient(api.wsUrl, player.token);
    try {
      const event = await subscribe(ws, PROGRESS, { id: String(proof.id) }).next();
      expect(event.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
    } finally {
      await ws.dispose();
    }

    await dailies.publish(today, "SLIDING_4X4", solution.length);
    expect((await player.client.data(DAILY)).dailyPuzzle.puzzle.id).toBe(id);
    expect((await player.client.data(PUZZLE, { id })).puzzle.start).toEqual(spec.start);
    expect((await player.client.data(SOLVE, { id: String(proof.id) })).solve.puzzle.start).toEqual(
      spec.start,
    );
    expect((await player.client.data(SUBMIT, { p: id, m: solution })).submitSolution.length).toBe(3);
  });
});
