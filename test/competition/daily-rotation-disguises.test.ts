// The spoiler rule against disguised copies of a running Rotation Game daily (docs/competition.md,
// "Near a running daily, too"): the daily's board turned or mirrored (the cross's symmetries map
// lines onto lines and the centre onto the centre) or with its symbols renamed, or such a copy of a
// board within the radius of its start, is solved by the daily's optimal moves mapped, so
// requestSolve, hint and analyzeSolution refuse it while the day runs, as they refuse the plain copy;
// and an answer that passes through such a copy on an optimal route of the daily is refused.
// Unrelated boards are answered as ever. Against the real server (Postgres, Redis); the disguises are
// written here by coordinates on the drawing of docs/rotation.md, the routes worked out with the core.
import { describe, expect, it } from "vitest";
import { applyRotationMoves, createRotationSpec, solveRotation } from "../../src/core/rotation/index.ts";
import { SPOILER_RADIUS } from "../../src/services/daily.ts";
import { useTestServer } from "../helpers/server.ts";
import { CREATE } from "./operations.ts";

const api = useTestServer();

const today = () => new Date().toISOString().slice(0, 10);
const DAILY = `query { dailyPuzzle(category: ROTATION) { optimalLength puzzle { start } } }`;
const REQUEST = `mutation ($p: ID!) { requestSolve(puzzleId: $p) { status moves } }`;
const HINT = `query ($p: ID!, $pos: [Int!]) { hint(puzzleId: $p, position: $pos) { move distance } }`;
const ANALYZE = `mutation ($p: ID!, $m: String!) { analyzeSolution(puzzleId: $p, moves: $m) { length } }`;
const MY_SOLVES = `{ me { solves(first: 1) { edges { node { status } } } } }`;
const RADIUS = SPOILER_RADIUS.ROTATION;

/** Each cell's (row, column) in the drawing of docs/rotation.md, a 7 x 7 grid. */
const DRAWN: [number, number][] = [
  [0, 2],
  [0, 4],
  [1, 2],
  [1, 4],
  ...[0, 1, 2, 3, 4, 5, 6].map((c): [number, number] => [2, c]),
  [3, 2],
  [3, 4],
  ...[0, 1, 2, 3, 4, 5, 6].map((c): [number, number] => [4, c]),
  [5, 2],
  [5, 4],
  [6, 2],
  [6, 4],
];
const CELL_AT = new Map(DRAWN.map(([r, c], cell) => [`${r},${c}`, cell]));
type Board = readonly number[];
const moveCells = (to: (r: number, c: number) => [number, number]) => (board: Board) => {
  const out = new Array<number>(24);
  DRAWN.forEach(([r, c], cell) => {
    out[CELL_AT.get(to(r, c).join(",")) as number] = board[cell];
  });
  return out;
};
const mirror = moveCells((r, c) => [r, 6 - c]);
const turn = moveCells((r, c) => [c, 6 - r]);
const halfTurn = moveCells((r, c) => [6 - r, 6 - c]);
const transpose = moveCells((r, c) => [c, r]);
const renameCycle = (board: Board) => board.map((symbol) => (symbol % 3) + 1);
const swapOneThree = (board: Board) => board.map((symbol) => 4 - symbol);
/** A goal board (the 1s fill the centre), far from any random daily. */
const GOAL = applyRotationMoves(
  [1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3],
  "DDHH",
);

/** Disguises of the daily (or of a board near it) that its optimal moves, mapped, solve. */
const DISGUISES: [string, (board: Board) => number[]][] = [
  ["mirrored left-right", mirror],
  ["turned a quarter", turn],
  ["transposed", transpose],
  ["with its symbols renamed", renameCycle],
  ["turned half, symbols swapped", (board) => swapOneThree(halfTurn(board))],
];

async function todaysRotation(): Promise<{ start: number[]; optimum: number }> {
  await api.server.app.services.daily.ensure(today(), "ROTATION");
  const { dailyPuzzle } = await api.client().data(DAILY);
  return { start: dailyPuzzle.puzzle.start, optimum: dailyPuzzle.optimalLength };
}

async function create(client: ReturnType<typeof api.client>, board: Board): Promise<string> {
  return (await client.data(CREATE, { i: { kind: "ROTATION", start: board } })).createPuzzle.id;
}

/** The boards at each distance 0..radius from `from`, by a plain breadth-first search. */
function balls(from: Board, radius: number): number[][][] {
  const seen = new Set([from.join("")]);
  const found = [[[...from]]];
  for (let d = 1; d <= radius; d++) {
    const next: number[][] = [];
    for (const board of found[d - 1]) {
      for (const move of "ABCDEFGH") {
        const moved = applyRotationMoves(board, move);
        if (!seen.has(moved.join(""))) {
          seen.add(moved.join(""));
          next.push(moved);
        }
      }
    }
    found.push(next);
  }
  return found;
}

const answer = (board: Board) => solveRotation(createRotationSpec(board)).moves;

describe("disguised copies of today's Rotation Game daily", () => {
  it.each(DISGUISES)(
    "refuses requestSolve of the daily %s, and of such a copy of a board near it",
    async (_, disguise) => {
      const { start } = await todaysRotation();
      const { client } = await api.client().signUp();
      const near = balls(start, RADIUS);
      for (const board of [start, near[1][0], near[RADIUS][0]]) {
        const p = await create(client, disguise(board));
        const error = await client.error(REQUEST, { p });
        expect(error.extensions?.code).toBe("DAILY_IN_PROGRESS");
        expect(error.extensions?.endsAt).toBeTruthy();
      }
      expect((await client.data(MY_SOLVES)).me.solves.edges).toEqual([]);
    },
  );

  it("gives no hint on such a copy, nor at such a position of another puzzle, and no analysis of it", async () => {
    const { start } = await todaysRotation();
    const { client } = await api.client().signUp();
    const turned = await create(client, turn(start));
    expect((await client.error(HINT, { p: turned })).extensions?.code).toBe("DAILY_IN_PROGRESS");
    // Another puzzle, asked at the mirrored, renamed daily start two moves on.
    const other = await create(client, applyRotationMoves(GOAL, "AC"));
    const position = renameCycle(mirror(applyRotationMoves(start, "BD")));
    expect((await client.error(HINT, { p: other, pos: position })).extensions?.code).toBe(
      "DAILY_IN_PROGRESS",
    );
    // The transposed copy, analysed along its own optimal answer (worked out offline).
    const copy = transpose(start);
    const p = await create(client, copy);
    expect((await client.error(ANALYZE, { p, m: answer(copy) })).extensions?.code).toBe("DAILY_IN_PROGRESS");
  });

  it("refuses an answer that passes through a disguised neighbour of the daily on an optimal route", async () => {
    const { start, optimum } = await todaysRotation();
    const { client } = await api.client().signUp();
    // A board one move outside the radius whose optimal answer passes through the radius on an
    // optimal route of the daily: from there, the moves that lead to the daily's start complete it.
    const near = balls(start, RADIUS + 1);
    const within = new Map(
      near.slice(0, RADIUS + 1).flatMap((boards, away) => boards.map((b) => [b.join(""), away])),
    );
    // Checked on the disguise's own answer (the table's tie-break does not carry over through a
    // disguise, so the plain board's answer may pass through where the disguise's does not), each of
    // its positions undisguised. Several disguises are tried, so that some board qualifies whatever
    // the day's daily is.
    const disguises: [(board: Board) => Board, (board: Board) => Board][] = [
      [(b) => swapOneThree(turn(b)), (b) => turn(turn(turn(swapOneThree(b))))],
      [mirror, mirror],
      [transpose, transpose],
      [renameCycle, (b) => renameCycle(renameCycle(b))],
      [halfTurn, halfTurn],
    ];
    let disguised: Board | undefined;
    for (const [disguise, undisguise] of disguises) {
      const outside = near[RADIUS + 1].find((board) => {
        const moves = answer(disguise(board));
        return [...moves].some((_, i) => {
          const at = undisguise(applyRotationMoves(disguise(board), moves.slice(0, i)));
          const away = within.get(at.join(""));
          return away !== undefined && away + moves.length - i <= optimum;
        });
      });
      if (outside !== undefined) {
        disguised = disguise(outside);
        break;
      }
    }
    expect(
      disguised,
      "a board just outside the radius whose disguise's answer passes through it",
    ).toBeDefined();
    const p = await create(client, disguised as Board);
    const error = await client.error(REQUEST, { p });
    expect(error.extensions?.code).toBe("DAILY_IN_PROGRESS");
    expect(error.message).toContain("passing this close");
    // The service says the same of the disguised answer's moves.
    const spec = createRotationSpec(disguised as number[]);
    expect(await api.server.app.services.daily.givesAway(spec, answer(disguised as Board))).toBe(true);
  });

  it("still solves, hints and analyses an unrelated board", async () => {
    const { optimum } = await todaysRotation();
    const { client } = await api.client().signUp();
    // Every sub-problem of a 2-move answer is shorter than any problem the guard holds (at least
    // optimum - radius moves): nothing to give away, and no board 2 moves from a goal is near it.
    expect(optimum).toBeGreaterThan(2 + RADIUS);
    const board = swapOneThree(turn(applyRotationMoves(GOAL, "AC")));
    const p = await create(client, board);
    const solved = (await client.data(REQUEST, { p })).requestSolve;
    expect(solved.status).toBe("SOLVED");
    expect(solved.moves).toBe(answer(board));
    expect((await client.data(HINT, { p })).hint.distance).toBe(solved.moves.length);
    expect((await client.data(ANALYZE, { p, m: solved.moves })).analyzeSolution.length).toBe(
      solved.moves.length,
    );
  });
});
