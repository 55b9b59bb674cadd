import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PuzzleInputError } from "../errors.ts";
import type { RotationSpec, SearchProgress } from "../types.ts";
import {
  applyRotationMoves,
  createRotationSpec,
  isRotationGoal,
  rotationCentreSymbol,
  solveRotation,
} from "./index.ts";

const SORTED = [1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3];
/** Needs 13 moves (rot-depth13-hardest-1 of the shared cases): far too deep for a quick IDA*. */
const HARDEST = [2, 2, 1, 3, 3, 1, 2, 2, 3, 1, 2, 1, 3, 2, 3, 1, 3, 2, 1, 3, 2, 3, 1, 1];
/** IDA* stays quick up to about 8 moves; beyond, it takes tens of milliseconds to seconds. */
const IDA_DEPTH_LIMIT = 8;

const goalBoard = fc
  .tuple(fc.shuffledSubarray(SORTED, { minLength: 24 }), fc.constantFrom(1, 2, 3))
  .map(([cells, centre]) => {
    // Put eight `centre` symbols in the centre and the rest around it, in the shuffled order.
    const others = cells.filter((symbol) => symbol !== centre);
    const board: number[] = [];
    for (let cell = 0; cell < 24; cell++)
      board.push([6, 7, 8, 11, 12, 15, 16, 17].includes(cell) ? centre : others.pop()!);
    return board;
  });
const scramble = fc.stringMatching(/^[A-H]{0,9}$/);
const scrambledBoard = fc.tuple(goalBoard, scramble).map(([goal, moves]) => applyRotationMoves(goal, moves));
const randomBoard = fc.shuffledSubarray(SORTED, { minLength: 24 }).map((cells) => [...cells]);

function expectReplaysToGoal(start: readonly number[], moves: string, centre: number | undefined): void {
  const end = applyRotationMoves(start, moves);
  expect(isRotationGoal(end)).toBe(true);
  expect(rotationCentreSymbol(end)).toBe(centre);
}

function crossCheck(board: number[]): void {
  const spec = createRotationSpec(board);
  const table = solveRotation(spec);
  expectReplaysToGoal(board, table.moves, table.centre);
  if (table.length > IDA_DEPTH_LIMIT) return;
  const ida = solveRotation(spec, { algorithm: "idastar" });
  expect(ida.length).toBe(table.length);
  expect(ida.moves).toBe(table.moves);
  expect(ida.centre).toBe(table.centre);
  expectReplaysToGoal(board, ida.moves, ida.centre);
}

describe("solveRotation: table against IDA*", () => {
  it("agree on scrambled goal boards, and the moves replay to a goal with the printed centre", () => {
    fc.assert(fc.property(scrambledBoard, crossCheck), { numRuns: 60 });
  });

  it("agree on random boards within the IDA*'s reach", () => {
    const near = randomBoard.filter(
      (board) => solveRotation(createRotationSpec(board)).length <= IDA_DEPTH_LIMIT,
    );
    fc.assert(fc.property(near, crossCheck), { numRuns: 25 });
  });

  it("the table answers never exceed the scramble that made the board", () => {
    fc.assert(
      fc.property(goalBoard, scramble, (goal, moves) => {
        expect(solveRotation(createRotationSpec(applyRotationMoves(goal, moves))).length).toBeLessThanOrEqual(
          moves.length,
        );
      }),
      { numRuns: 200 },
    );
  });

  it("any random board gets a table answer that replays to a goal", () => {
    fc.assert(
      fc.property(randomBoard, (board) => {
        const result = solveRotation(createRotationSpec(board));
        expect(result.length).toBeLessThanOrEqual(13);
        expectReplaysToGoal(board, result.moves, result.centre);
      }),
      { numRuns: 300 },
    );
  });
});

describe("solveRotation: results", () => {
  it("reports a table answer", () => {
    const result = solveRotation(createRotationSpec(SORTED));
    expect(result).toMatchObject({
      status: "solved",
      moves: "DDHH",
      length: 4,
      algorithm: "rotation-table",
      optimal: true,
      lowerBound: 4,
      centre: 2,
    });
    expect(result.nodes).toBeGreaterThan(0);
    expect(result.elapsedMs).toBeGreaterThanOrEqual(0);
  });

  it("answers the hardest boards from the table with 13 moves", () => {
    const result = solveRotation(createRotationSpec(HARDEST), { algorithm: "bfs" });
    expect(result).toMatchObject({ moves: "ABBDHFFDBBDHF", length: 13, centre: 2 });
  });

  it("reports an IDA* answer", () => {
    const result = solveRotation(createRotationSpec(SORTED), { algorithm: "idastar" });
    expect(result).toMatchObject({
      status: "solved",
      moves: "DDHH",
      algorithm: "rotation-idastar",
      heuristic: "centre-count",
      optimal: true,
      lowerBound: 4,
      centre: 2,
    });
  });

  it("answers an already solved board with no moves", () => {
    const solved = applyRotationMoves(SORTED, "DDHH");
    for (const algorithm of ["auto", "idastar"] as const) {
      expect(solveRotation(createRotationSpec(solved), { algorithm })).toMatchObject({
        moves: "",
        length: 0,
        centre: 2,
      });
    }
  });

  it("stops the IDA* at its node budget, with the lower bound it proved", () => {
    const result = solveRotation(createRotationSpec(HARDEST), { algorithm: "idastar", maxNodes: 50_000 });
    expect(result).toMatchObject({ status: "budget_exhausted", moves: "", length: -1, optimal: false });
    expect(result.nodes).toBe(50_000);
    expect(result.lowerBound).toBeGreaterThanOrEqual(4);
    expect(result.lowerBound).toBeLessThanOrEqual(13);
    expect(result.centre).toBeUndefined();
  });

  it("stops the IDA* when cancelled or out of time, and reports each bound", () => {
    const bounds: number[] = [];
    let polls = 0;
    const cancelled = solveRotation(createRotationSpec(HARDEST), {
      algorithm: "idastar",
      isCancelled: () => ++polls > 20,
      onProgress: (progress: SearchProgress) => bounds.push(progress.bound),
    });
    expect(cancelled.status).toBe("cancelled");
    expect(bounds.length).toBeGreaterThan(1);
    expect([...bounds].sort((a, b) => a - b)).toEqual(bounds);
    expect(cancelled.lowerBound).toBe(bounds.at(-1));

    const timedOut = solveRotation(createRotationSpec(HARDEST), { algorithm: "idastar", timeLimitMs: 1 });
    expect(timedOut.status).toBe("timed_out");
  });

  it("rejects bad boards and algorithms it does not have", () => {
    const bad: RotationSpec = { kind: "rotation", start: SORTED.slice(1) };
    expect(() => solveRotation(bad)).toThrow(PuzzleInputError);
    expect(() => solveRotation(createRotationSpec(SORTED), { algorithm: "astar" })).toThrow(
      expect.objectContaining({ code: "BAD_OPTION", field: "options" }),
    );
  });
});
