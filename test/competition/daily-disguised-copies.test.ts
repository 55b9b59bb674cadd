// The spoiler rule against disguised copies of a running daily puzzle (docs/competition.md, "Near a
// running daily, too"): the same problem with start and goal swapped, mirrored, transposed or its
// tiles renamed, or with the goal a move from the daily's goal, is solved by the daily's optimal moves
// mapped back, so requestSolve, hint and analyzeSolution refuse it while the day runs; an answer whose
// first moves solve such a copy gives the daily away. Unrelated boards are answered as ever.
// Against the real server (Postgres, Redis); the transformations are written here by coordinates.
import { describe, expect, it } from "vitest";
import { createPuzzle } from "../../src/core/index.ts";
import { tableSolution } from "../../src/core/sliding/table.ts";
import { SPOILER_RADIUS } from "../../src/services/daily.ts";
import { useTestServer } from "../helpers/server.ts";
import { applyMoves, GOAL3 } from "./boards.ts";
import { CREATE } from "./operations.ts";

const api = useTestServer();

const today = () => new Date().toISOString().slice(0, 10);
const DAILY = `query ($c: DailyCategory!) { dailyPuzzle(category: $c) { optimalLength puzzle { start goal } } }`;
const REQUEST = `mutation ($p: ID!) { requestSolve(puzzleId: $p) { status moves } }`;
const HINT = `query ($p: ID!, $pos: [Int!]) { hint(puzzleId: $p, position: $pos) { move distance } }`;
const ANALYZE = `mutation ($p: ID!, $m: String!) { analyzeSolution(puzzleId: $p, moves: $m) { length } }`;
const MY_SOLVES = `{ me { solves(first: 1) { edges { node { status } } } } }`;

interface Board3 {
  readonly start: readonly number[];
  readonly goal: readonly number[];
}

const cellsOf = (at: (r: number, c: number) => number) => (cells: readonly number[]) => {
  const out = new Array<number>(9);
  for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) out[at(r, c)] = cells[r * 3 + c];
  return out;
};
const mirrorCells = cellsOf((r, c) => r * 3 + (2 - c));
const transposeCells = cellsOf((r, c) => c * 3 + r);
const turnCells = cellsOf((r, c) => c * 3 + (2 - r));
/** Tile t is called NAMES[t]: the blank stays the blank. */
const NAMES = [0, 5, 8, 1, 7, 3, 2, 6, 4];
const rename = (cells: readonly number[]) => cells.map((tile) => NAMES[tile]);
const both = (f: (cells: readonly number[]) => number[]) => (p: Board3) => ({
  start: f(p.start),
  goal: f(p.goal),
});
const swap = (p: Board3): Board3 => ({ start: p.goal, goal: p.start });

/** A board one blank move from `board` (the first legal of U, D, L, R). */
function oneMoveFrom(board: readonly number[]): number[] {
  for (const move of "UDLR") {
    try {
      return applyMoves(3, 3, board, move);
    } catch {
      // off the board
    }
  }
  throw new Error("no legal move");
}

/** Copies of the daily (start → GOAL3) that an optimal solution of it, mapped, solves. */
const COPIES: [string, (daily: Board3) => Board3][] = [
  ["start and goal swapped", swap],
  ["mirrored left-right", both(mirrorCells)],
  ["transposed", both(transposeCells)],
  ["with its tiles renamed (the goal too)", both(rename)],
  ["turned, swapped and renamed at once", (daily) => both(rename)(swap(both(turnCells)(daily)))],
  [
    "from its start to a board one move from its goal",
    (daily) => ({ ...daily, goal: oneMoveFrom(daily.goal) }),
  ],
  [
    "mirrored, from a board one move from its start",
    (daily) => both(mirrorCells)({ ...daily, start: oneMoveFrom(daily.start) }),
  ],
  // Its optimal answer may be a move, the daily's optimal moves, a move: both ends count together.
  [
    "from a board a move from its start to a board a move from its goal",
    (daily) => ({ start: oneMoveFrom(daily.start), goal: oneMoveFrom(daily.goal) }),
  ],
];

async function todays3x3(): Promise<{ daily: Board3; optimum: number }> {
  await api.server.app.services.daily.ensure(today(), "SLIDING_3X3");
  const { dailyPuzzle } = await api.client().data(DAILY, { c: "SLIDING_3X3" });
  expect(dailyPuzzle.puzzle.goal).toEqual(GOAL3);
  return { daily: { start: dailyPuzzle.puzzle.start, goal: GOAL3 }, optimum: dailyPuzzle.optimalLength };
}

async function create(client: ReturnType<typeof api.client>, board: Board3): Promise<string> {
  const input = { kind: "SLIDING", rows: 3, cols: 3, start: board.start, goal: board.goal };
  return (await client.data(CREATE, { i: input })).createPuzzle.id;
}

describe("disguised copies of today's 3x3 daily", () => {
  it.each(COPIES)("refuses requestSolve of the daily %s", async (_, disguise) => {
    const { daily } = await todays3x3();
    const { client } = await api.client().signUp();
    const p = await create(client, disguise(daily));
    const error = await client.error(REQUEST, { p });
    expect(error.extensions?.code).toBe("DAILY_IN_PROGRESS");
    expect(error.extensions?.endsAt).toBeTruthy();
    expect((await client.data(MY_SOLVES)).me.solves.edges).toEqual([]);
  });

  it("gives no hint on such a copy, nor at such a position of another puzzle, and no analysis of it", async () => {
    const { daily } = await todays3x3();
    const { client } = await api.client().signUp();
    const swapped = await create(client, swap(daily));
    expect((await client.error(HINT, { p: swapped })).extensions?.code).toBe("DAILY_IN_PROGRESS");
    // Another puzzle to the mirrored goal, asked at the mirrored daily start one move on.
    const mirroredGoal = mirrorCells(GOAL3);
    const other = await create(client, { start: applyMoves(3, 3, mirroredGoal, "URUR"), goal: mirroredGoal });
    const near = mirrorCells(oneMoveFrom(daily.start));
    expect((await client.error(HINT, { p: other, pos: near })).extensions?.code).toBe("DAILY_IN_PROGRESS");
    // A puzzle to a goal a move from the daily's, asked a move from the daily's start.
    const movedGoal = oneMoveFrom(GOAL3);
    const third = await create(client, { start: applyMoves(3, 3, movedGoal, "LDLU"), goal: movedGoal });
    const nearStart = oneMoveFrom(daily.start);
    expect((await client.error(HINT, { p: third, pos: nearStart })).extensions?.code).toBe(
      "DAILY_IN_PROGRESS",
    );
    // The transposed copy, analysed along its own optimal answer (worked out offline).
    const copy = both(transposeCells)(daily);
    const p = await create(client, copy);
    const moves = tableSolution(3, 3, copy.start, copy.goal) as string;
    expect((await client.error(ANALYZE, { p, m: moves })).extensions?.code).toBe("DAILY_IN_PROGRESS");
  });

  it("still solves, hints and analyses an unrelated board", async () => {
    const { optimum } = await todays3x3();
    const { client } = await api.client().signUp();
    // Every sub-problem of a 4-move answer is shorter than any problem the guard holds (at least
    // optimum - radius moves): nothing to give away. Random 3x3 dailies are far longer.
    expect(optimum).toBeGreaterThan(4 + SPOILER_RADIUS.SLIDING_3X3);
    const goal = mirrorCells(GOAL3);
    const board = { start: applyMoves(3, 3, goal, "URUL"), goal };
    const p = await create(client, board);
    const solved = (await client.data(REQUEST, { p })).requestSolve;
    expect(solved.status).toBe("SOLVED");
    expect(solved.moves).toBe(tableSolution(3, 3, board.start, board.goal));
    expect((await client.data(HINT, { p })).hint.distance).toBe(solved.moves.length);
    expect((await client.data(ANALYZE, { p, m: solved.moves })).analyzeSolution.length).toBe(
      solved.moves.length,
    );
  });

  it("counts an answer whose first moves solve the daily swapped and mirrored as giving it away", async () => {
    const { daily, optimum } = await todays3x3();
    const mirrored = both(mirrorCells)(daily);
    // From the mirrored goal back to the mirrored start (the daily's moves reversed), one move on.
    const back: Record<string, string> = { U: "D", D: "U", L: "R", R: "L" };
    const there = [...(tableSolution(3, 3, mirrored.start, mirrored.goal) as string)]
      .reverse()
      .map((move) => back[move])
      .join("");
    expect(there).toHaveLength(optimum);
    const beyond = oneMoveFrom(mirrored.start);
    const step = "UDLR".split("").find((move) => {
      try {
        return applyMoves(3, 3, mirrored.start, move).join() === beyond.join();
      } catch {
        return false;
      }
    }) as string;
    const spec = createPuzzle({ kind: "sliding", rows: 3, cols: 3, start: [...mirrored.goal], goal: beyond });
    const guard = api.server.app.services.daily;
    expect(await guard.givesAway(spec, there + step)).toBe(true);
    // The same moves on a puzzle with nothing of the daily in them give nothing away.
    const unrelated = createPuzzle({
      kind: "sliding",
      rows: 3,
      cols: 3,
      start: GOAL3,
      goal: applyMoves(3, 3, GOAL3, "ULUR"),
    });
    expect(await guard.givesAway(unrelated, "ULUR")).toBe(false);
  });
});
