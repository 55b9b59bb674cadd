// The spoiler rule around a running daily puzzle (docs/competition.md, "No copying"): requestSolve
// refuses a board within the guard radius of a running daily's start (3x3: 4 moves, 4x4: 8, Rotation
// Game: 3), in the copies the canonical key identifies (same goal; the disguised copies are in
// daily-disguised-copies.test.ts), and an answer whose path passes
// through that radius on an optimal route of the daily (the audit's bypass: one blank move away from
// today's board, then the platform's optimal moves); its moves stay hidden until the day ends. Boards
// that give nothing away are answered as ever, and a past day's neighbours are solved.
// Against the real server (Postgres, Redis); the days' boards come from the API process's DailyService.
import { describe, expect, it } from "vitest";
import {
  canonicalKey,
  createPuzzle,
  createSlidingSpec,
  nearKey,
  neighbourhood,
  specOfKey,
} from "../../src/core/index.ts";
import { applyRotationMoves } from "../../src/core/rotation/board.ts";
import { tableSolution } from "../../src/core/sliding/table.ts";
import { SPOILER_RADIUS } from "../../src/services/daily.ts";
import { useTestServer } from "../helpers/server.ts";
import { applyMoves, GOAL3 } from "./boards.ts";
import { CREATE } from "./operations.ts";

const api = useTestServer();

/** The documented guard radii. */
const RADIUS = { SLIDING_3X3: 4, SLIDING_4X4: 8, ROTATION: 3 } as const;

describe("the guard's neighbourhood", () => {
  it("has the documented radii", () => {
    expect(SPOILER_RADIUS).toEqual(RADIUS);
  });

  it("holds every puzzle within the radius of its two ends together, keyed as its copies are, as a plain BFS finds", () => {
    const start = [2, 8, 5, 6, 4, 0, 7, 3, 1];
    const spec = createSlidingSpec(3, 3, start);
    const near = neighbourhood(specOfKey(canonicalKey(spec)), 4);
    const fromStart = slidingBall(3, start, 4);
    const toGoal = slidingBall(3, GOAL3, 4);
    // Each entry says how many moves complete it to the daily: at most the two boards' distances.
    let pairs = 0;
    for (const [from, a] of fromStart) {
      for (const [to, b] of toGoal) {
        if (a + b > 4) continue;
        pairs++;
        const puzzle = { ...spec, start: from.split(",").map(Number), goal: to.split(",").map(Number) };
        expect(near.get(nearKey(puzzle))).toBeLessThanOrEqual(a + b);
      }
    }
    // Copies of one another (renamed, turned, swapped) share an entry: at most one per pair.
    expect(near.size).toBeLessThanOrEqual(pairs);
    expect(near.size).toBeGreaterThan(fromStart.size + toGoal.size);
    expect(near.get(nearKey(spec))).toBe(0);
    // The audit's board: one blank move away.
    expect(near.get(nearKey({ ...spec, start: [2, 8, 5, 6, 0, 4, 7, 3, 1] }))).toBe(1);
    const rotation = createPuzzle({ kind: "rotation", start: [1, 2, 3].flatMap((s) => Array(8).fill(s)) });
    expect(specOfKey(canonicalKey(rotation))).toEqual(rotation);
    const rotationNear = neighbourhood(rotation, 2);
    expect(
      rotationNear.get(nearKey({ ...rotation, start: applyRotationMoves(rotation.start, "AC") })),
    ).toBeLessThanOrEqual(2);
  });
});

const today = () => new Date().toISOString().slice(0, 10);
const DAILY = `query ($c: DailyCategory!, $d: String) {
  dailyPuzzle(category: $c, date: $d) { optimalLength puzzle { id start goal } }
}`;
const REQUEST = `mutation ($p: ID!) { requestSolve(puzzleId: $p) { id status moves length } }`;
const MY_SOLVES = `{ me { solves(first: 1) { edges { node { status moves length puzzle { id } } } } } }`;

/** Every sliding board within `radius` blank moves of `start`, with its distance from it. */
function slidingBall(side: number, start: readonly number[], radius: number): Map<string, number> {
  const ball = new Map([[start.join(","), 0]]);
  let frontier = [[...start]];
  for (let d = 1; d <= radius; d++) {
    const next: number[][] = [];
    for (const board of frontier) {
      for (const move of "UDLR") {
        let moved: number[];
        try {
          moved = applyMoves(side, side, board, move);
        } catch {
          continue;
        }
        if (ball.has(moved.join(","))) continue;
        ball.set(moved.join(","), d);
        next.push(moved);
      }
    }
    frontier = next;
  }
  return ball;
}

const boardsAt = (ball: Map<string, number>, d: number) =>
  [...ball].filter(([, at]) => at === d).map(([key]) => key.split(",").map(Number));

/** Whether the 3x3 table's answer from `board` passes through `ball` on an optimal route of the daily. */
function givesAway(board: readonly number[], ball: Map<string, number>, optimum: number): boolean {
  const moves = tableSolution(3, 3, board, GOAL3) as string;
  let at = [...board];
  for (let i = 0; i <= moves.length; i++) {
    const away = ball.get(at.join(","));
    if (away !== undefined && away + (moves.length - i) <= optimum) return true;
    if (i < moves.length) at = applyMoves(3, 3, at, moves[i]);
  }
  return false;
}

async function createSliding(client: ReturnType<typeof api.client>, side: number, start: readonly number[]) {
  return (await client.data(CREATE, { i: { kind: "SLIDING", rows: side, cols: side, start } })).createPuzzle
    .id as string;
}

/**
 * A board some of whose outside neighbours (5-7 moves away) the 3x3 table answers through its radius
 * on one of its optimal routes. A day's drawn board need not be one: on about one day in 25 (today,
 * 2026-11-28, among them) no board at any distance gives that day's board away so, and a test on the
 * drawn board alone could not find its spoiler.
 */
const SPOILABLE = [2, 8, 5, 6, 4, 0, 7, 3, 1];

/**
 * Today's 3x3 daily made `start` (published, its optimum the table's), as if the day had drawn it;
 * `ensure` then drops the API process's guard for the day, which reads the row again.
 */
async function runTodayOn(start: readonly number[]): Promise<void> {
  const { daily } = api.server.app.services;
  const { prisma } = api.server.app;
  const row = await daily.ensure(today(), "SLIDING_3X3");
  const drawn = await prisma.puzzle.findUniqueOrThrow({ where: { id: row.puzzleId } });
  const spec = createSlidingSpec(3, 3, start);
  const puzzle = await prisma.puzzle.create({
    data: {
      ownerId: drawn.ownerId,
      kind: "SLIDING",
      rows: 3,
      cols: 3,
      start: [...start],
      goal: GOAL3,
      title: drawn.title,
      canonicalKey: canonicalKey(spec),
      solvable: true,
    },
  });
  await prisma.dailyPuzzle.update({
    where: { date_category: { date: new Date(`${today()}T00:00:00Z`), category: "SLIDING_3X3" } },
    data: {
      puzzleId: puzzle.id,
      canonicalKey: puzzle.canonicalKey,
      optimalLength: (tableSolution(3, 3, start, GOAL3) as string).length,
    },
  });
  await daily.ensure(today(), "SLIDING_3X3");
}

describe("requestSolve near a running daily puzzle", () => {
  it("refuses a 3x3 board within the radius of today's board (the audit's one-move bypass)", async () => {
    await api.server.app.services.daily.ensure(today(), "SLIDING_3X3");
    const { client } = await api.client().signUp();
    const { dailyPuzzle } = await client.data(DAILY, { c: "SLIDING_3X3" });
    const start: number[] = dailyPuzzle.puzzle.start;
    const ball = slidingBall(3, start, RADIUS.SLIDING_3X3);
    for (let d = 1; d <= RADIUS.SLIDING_3X3; d++) {
      const near = boardsAt(ball, d);
      // The nearest ones all; a few of the farther ones.
      for (const board of d === 1 ? near : near.slice(0, 3)) {
        const p = await createSliding(client, 3, board);
        const error = await client.error(REQUEST, { p });
        expect(error.extensions?.code, `board ${d} moves away`).toBe("DAILY_IN_PROGRESS");
        expect(error.extensions?.endsAt).toBeTruthy();
      }
    }
    // Nothing was solved for the user meanwhile.
    expect((await client.data(MY_SOLVES)).me.solves.edges).toEqual([]);
  });

  it("refuses an answer that passes through the radius on an optimal route, and hides its moves", async () => {
    await runTodayOn(SPOILABLE);
    const { client } = await api.client().signUp();
    const { dailyPuzzle } = await client.data(DAILY, { c: "SLIDING_3X3" });
    const start: number[] = dailyPuzzle.puzzle.start;
    const optimum: number = dailyPuzzle.optimalLength;
    const ball = slidingBall(3, start, RADIUS.SLIDING_3X3);
    const wider = slidingBall(3, start, RADIUS.SLIDING_3X3 + 3);
    const outside = [1, 2, 3].flatMap((extra) => boardsAt(wider, RADIUS.SLIDING_3X3 + extra));
    const spoiler = outside.find((board) => givesAway(board, ball, optimum));
    // Harmless to the guard too: it also refuses answers through the daily's renamed, turned or
    // swapped copies and the other end (daily-disguised-copies.test.ts).
    const guard = api.server.app.services.daily;
    let harmless: number[] | undefined;
    for (const board of outside) {
      const spec = createPuzzle({ kind: "sliding", rows: 3, cols: 3, start: board });
      const moves = tableSolution(3, 3, board, GOAL3) as string;
      if (!givesAway(board, ball, optimum) && !(await guard.givesAway(spec, moves))) {
        harmless = board;
        break;
      }
    }
    expect(spoiler).toBeDefined();
    expect(harmless).toBeDefined();

    const p = await createSliding(client, 3, spoiler as number[]);
    expect((await client.error(REQUEST, { p })).extensions?.code).toBe("DAILY_IN_PROGRESS");
    // The Solve was made (the work is done) but nobody, its requester included, reads its moves today.
    const solve = (await client.data(MY_SOLVES)).me.solves.edges[0].node;
    expect(solve).toMatchObject({ status: "SOLVED", moves: null, puzzle: { id: p } });

    const q = await createSliding(client, 3, harmless as number[]);
    const answered = (await client.data(REQUEST, { p: q })).requestSolve;
    expect(answered.status).toBe("SOLVED");
    expect(answered.moves).toBe(tableSolution(3, 3, harmless as number[], GOAL3));
  });

  it("refuses near today's 4x4 board (before it is proven) and near today's Rotation Game board", async () => {
    const daily = api.server.app.services.daily;
    const { client } = await api.client().signUp();
    // No worker here: the 4x4 proof stays queued; the day's board exists and is under the rule.
    const row = await daily.ensure(today(), "SLIDING_4X4", AbortSignal.abort());
    const four = await api.server.app.prisma.puzzle.findUniqueOrThrow({ where: { id: row.puzzleId } });
    const ball = slidingBall(4, four.start, RADIUS.SLIDING_4X4);
    for (const d of [1, RADIUS.SLIDING_4X4]) {
      const p = await createSliding(client, 4, boardsAt(ball, d)[0]);
      expect((await client.error(REQUEST, { p })).extensions?.code, `4x4 at ${d}`).toBe("DAILY_IN_PROGRESS");
    }

    await daily.ensure(today(), "ROTATION");
    const { dailyPuzzle } = await client.data(DAILY, { c: "ROTATION" });
    const cells: number[] = dailyPuzzle.puzzle.start;
    for (const moves of ["A", "CD", "BDG"]) {
      const board = applyRotationMoves(cells, moves);
      if (board.join("") === cells.join("")) continue;
      const p = (await client.data(CREATE, { i: { kind: "ROTATION", start: board } })).createPuzzle.id;
      expect((await client.error(REQUEST, { p })).extensions?.code, `rotation ${moves}`).toBe(
        "DAILY_IN_PROGRESS",
      );
    }
  });

  it("gives no hint at, and no analysis through, a board within the radius of today's board", async () => {
    await api.server.app.services.daily.ensure(today(), "SLIDING_3X3");
    const { client } = await api.client().signUp();
    const { dailyPuzzle } = await client.data(DAILY, { c: "SLIDING_3X3" });
    const ball = slidingBall(3, dailyPuzzle.puzzle.start, RADIUS.SLIDING_3X3);
    const HINT = `query ($p: ID!, $pos: [Int!]) { hint(puzzleId: $p, position: $pos) { move } }`;
    const ANALYZE = `mutation ($p: ID!, $m: String!) { analyzeSolution(puzzleId: $p, moves: $m) { length } }`;
    // Another puzzle of the same goal, far from the daily: a hint asked at a neighbour of the daily.
    const wider = slidingBall(3, dailyPuzzle.puzzle.start, RADIUS.SLIDING_3X3 + 6);
    const far = boardsAt(wider, RADIUS.SLIDING_3X3 + 6)[0];
    const other = await createSliding(client, 3, far);
    for (const d of [1, RADIUS.SLIDING_3X3]) {
      const near = boardsAt(ball, d)[0];
      const error = await client.error(HINT, { p: other, pos: near });
      expect(error.extensions?.code, `hint ${d} moves away`).toBe("DAILY_IN_PROGRESS");
      // A puzzle starting there, analysed along its own answer.
      const p = await createSliding(client, 3, near);
      const moves = tableSolution(3, 3, near, GOAL3) as string;
      const refused = await client.error(ANALYZE, { p, m: moves });
      expect(refused.extensions?.code, `analysis ${d} moves away`).toBe("DAILY_IN_PROGRESS");
    }
  });

  it("solves a past day's neighbours: the rule lifts when the day ends", async () => {
    const daily = api.server.app.services.daily;
    await daily.ensure("2025-06-01", "SLIDING_3X3");
    const { client } = await api.client().signUp();
    const { dailyPuzzle } = await client.data(DAILY, { c: "SLIDING_3X3", d: "2025-06-01" });
    const near = boardsAt(slidingBall(3, dailyPuzzle.puzzle.start, 1), 1)[0];
    const p = await createSliding(client, 3, near);
    const solved = (await client.data(REQUEST, { p })).requestSolve;
    expect(solved.status).toBe("SOLVED");
    expect(solved.moves).toBe(tableSolution(3, 3, near, GOAL3));
  });
});
