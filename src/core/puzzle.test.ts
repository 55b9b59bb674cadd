import { describe, expect, it } from "vitest";
import { IllegalMoveError, PuzzleInputError } from "./errors.ts";
import { inferSquareSide, normalizeMoves, parseSize, parseTiles } from "./notation.ts";
import {
  boardsOneMoveFrom,
  canonicalKey,
  createPuzzle,
  isSolvable,
  positionsAlong,
  replayMoves,
  specOfKey,
} from "./puzzle.ts";
import { solve } from "./solve.ts";

const ROTATION_SAMPLE = [1, 1, 1, 1, 3, 2, 3, 2, 3, 1, 3, 2, 2, 3, 1, 2, 2, 2, 3, 1, 2, 1, 3, 3];

describe("tile notations", () => {
  it("reads every notation the CLI accepts", () => {
    const expected = [1, 2, 3, 0, 4, 6, 7, 5, 8];
    expect(parseTiles("1 2 3 x 4 6 7 5 8")).toEqual(expected);
    expect(parseTiles(["1", "2", "3", "x", "4", "6", "7", "5", "8"])).toEqual(expected);
    expect(parseTiles("123x46758")).toEqual(expected);
    expect(parseTiles("123.46758")).toEqual(expected);
    expect(parseTiles("1,2,3,0,4,6,7,5,8")).toEqual(expected);
    expect(parseTiles("1 2 3 / _ 4 6 / 7 5 8")).toEqual(expected);
    expect(parseTiles("12345678.")).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 0]);
    expect(parseTiles("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0")).toHaveLength(16);
  });

  it("reads rows of one character per tile between slashes", () => {
    const expected = [1, 2, 3, 0, 4, 6, 7, 5, 8];
    expect(parseTiles("123/x46/758")).toEqual(expected);
    expect(parseTiles("123 / _46 / 758")).toEqual(expected);
    expect(parseTiles(["123", "/", "x46", "/", "758"])).toEqual(expected);
    expect(parseTiles("123/456/78.")).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 0]);
    expect(parseTiles("1234/567.")).toEqual([1, 2, 3, 4, 5, 6, 7, 0]); // 2x4
    expect(parseTiles("12/3.")).toEqual([1, 2, 3, 0]);
    // One tile per word still, when a word is a single character or the words are spaced tiles.
    expect(parseTiles("1/2/3/0")).toEqual([1, 2, 3, 0]);
    expect(parseTiles("1 2 3 / 4 5 6 / 7 8 0")).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 0]);
    expect(parseTiles("1,2/3,0")).toEqual([1, 2, 3, 0]);
    expect(parseTiles("1 2 3 4 / 5 6 7 8 / 9 10 11 12 / 13 14 15 0")).toHaveLength(16);
  });

  it("rejects what is not a tile, naming it", () => {
    expect(() => parseTiles("1 2 y")).toThrow(/"y" is not a tile/);
    expect(() => parseTiles("   ")).toThrow(/no tiles/);
  });

  it("reads sizes, infers square sides and normalises moves", () => {
    expect(parseSize("3x4")).toEqual({ rows: 3, cols: 4 });
    expect(() => parseSize("3-4")).toThrow(PuzzleInputError);
    expect(inferSquareSide(16)).toBe(4);
    expect(inferSquareSide(12)).toBeUndefined();
    expect(normalizeMoves(" r d\\tr ".replace("\\t", "\t"))).toBe("RDR");
  });
});

describe("createPuzzle", () => {
  it("validates sliding puzzles, naming the field", () => {
    const spec = createPuzzle({ kind: "sliding", rows: 3, cols: 3, start: [1, 2, 3, 0, 4, 6, 7, 5, 8] });
    expect(spec).toMatchObject({ kind: "sliding", rows: 3, cols: 3, goal: [1, 2, 3, 4, 5, 6, 7, 8, 0] });
    expect(() => createPuzzle({ kind: "sliding", cols: 3, start: [] })).toThrow(
      expect.objectContaining({ field: "rows" }),
    );
    expect(() => createPuzzle({ kind: "sliding", rows: 2, cols: 2, start: [1, 2, 2, 0] })).toThrow(
      expect.objectContaining({ field: "start", message: "start repeats tile 2" }),
    );
  });

  it("validates rotation boards through the rotation module", () => {
    expect(createPuzzle({ kind: "rotation", start: ROTATION_SAMPLE })).toMatchObject({ kind: "rotation" });
    expect(() => createPuzzle({ kind: "rotation", start: ROTATION_SAMPLE.slice(1) })).toThrow(
      expect.objectContaining({ field: "start" }),
    );
  });
});

describe("replayMoves, isSolvable and canonicalKey", () => {
  const spec = createPuzzle({ kind: "sliding", rows: 3, cols: 3, start: [1, 2, 3, 0, 4, 6, 7, 5, 8] });

  it("replays normalised moves and names the first illegal step", () => {
    expect(replayMoves(spec, "r d r")).toEqual({ board: [1, 2, 3, 4, 5, 6, 7, 8, 0], solved: true });
    expect(replayMoves(spec, "R").solved).toBe(false);
    expect(() => replayMoves(spec, "RDRR")).toThrow(IllegalMoveError);
    expect(() => replayMoves(spec, "RDRR")).toThrow(expect.objectContaining({ index: 4 }));
    const rotation = createPuzzle({ kind: "rotation", start: ROTATION_SAMPLE });
    expect(replayMoves(rotation, "ac").solved).toBe(true);
  });

  it("decides solvability without search", () => {
    expect(isSolvable(spec)).toBe(true);
    expect(isSolvable(createPuzzle({ kind: "sliding", rows: 2, cols: 2, start: [2, 1, 3, 0] }))).toBe(false);
    expect(isSolvable(createPuzzle({ kind: "rotation", start: ROTATION_SAMPLE }))).toBe(true);
  });

  it("gives short stable keys", () => {
    expect(canonicalKey(spec)).toBe("S3x3:1,2,3,0,4,6,7,5,8:1,2,3,4,5,6,7,8,0");
    expect(canonicalKey(createPuzzle({ kind: "rotation", start: ROTATION_SAMPLE }))).toBe(
      `R:${ROTATION_SAMPLE.join("")}`,
    );
    const big = createPuzzle({
      kind: "sliding",
      rows: 5,
      cols: 5,
      start: Array.from({ length: 25 }, (_, i) => 24 - i),
    });
    expect(canonicalKey(big).length).toBeLessThanOrEqual(200);
  });

  it("turns a key back into its puzzle", () => {
    const rotation = createPuzzle({ kind: "rotation", start: ROTATION_SAMPLE });
    const wide = createPuzzle({
      kind: "sliding",
      rows: 2,
      cols: 3,
      start: [4, 1, 2, 0, 5, 3],
      goal: [0, 1, 2, 3, 4, 5],
    });
    for (const puzzle of [spec, rotation, wide]) expect(specOfKey(canonicalKey(puzzle))).toEqual(puzzle);
    expect(() => specOfKey("S3x3:1,2")).toThrow(/not a canonical key/);
  });
});

describe("solve", () => {
  it("picks the table for small boards and IDA* for larger ones", () => {
    expect(solve(spec3x3())).toMatchObject({
      status: "solved",
      moves: "RDR",
      length: 3,
      algorithm: "bfs-table",
      optimal: true,
    });
    const goal = Array.from({ length: 12 }, (_, i) => (i + 1) % 12);
    const start = [1, 2, 3, 4, 5, 6, 0, 7, 9, 10, 11, 8];
    const result = solve(createPuzzle({ kind: "sliding", rows: 3, cols: 4, start, goal }));
    expect(result).toMatchObject({
      status: "solved",
      algorithm: "idastar",
      heuristic: "linear-conflict",
      optimal: true,
    });
    expect(
      replayMoves(createPuzzle({ kind: "sliding", rows: 3, cols: 4, start, goal }), result.moves).solved,
    ).toBe(true);
    expect(solve(spec3x3(), { algorithm: "astar", heuristic: "manhattan" })).toMatchObject({
      length: 3,
      heuristic: "manhattan",
    });
  });

  it("reports unsolvable puzzles at once, with no search", () => {
    const spec = createPuzzle({
      kind: "sliding",
      rows: 4,
      cols: 4,
      start: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 15, 14, 0],
    });
    expect(solve(spec, { algorithm: "idastar" })).toMatchObject({
      status: "unsolvable",
      algorithm: "solvability",
      nodes: 0,
      length: -1,
    });
  });

  it("rejects unknown options", () => {
    expect(() => solve(spec3x3(), { algorithm: "dfs" as never })).toThrow(
      expect.objectContaining({ code: "BAD_OPTION" }),
    );
    expect(() => solve(spec3x3(), { heuristic: "hamming" as never })).toThrow(
      expect.objectContaining({ code: "BAD_OPTION" }),
    );
    const big = createPuzzle({
      kind: "sliding",
      rows: 4,
      cols: 4,
      start: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 0, 15],
    });
    expect(() => solve(big, { algorithm: "bfs" })).toThrow(expect.objectContaining({ code: "BAD_OPTION" }));
  });

  it("delegates the rotation game", () => {
    expect(solve(createPuzzle({ kind: "rotation", start: ROTATION_SAMPLE }))).toMatchObject({
      moves: "AC",
      centre: 2,
    });
  });
});

function spec3x3() {
  return createPuzzle({ kind: "sliding", rows: 3, cols: 3, start: [1, 2, 3, 0, 4, 6, 7, 5, 8] });
}

describe("positionsAlong", () => {
  it("lists the start, the board after each move and, last, the replayed board", () => {
    const spec = createPuzzle({ kind: "sliding", rows: 3, cols: 3, start: [1, 2, 3, 4, 5, 6, 0, 7, 8] });
    const boards = positionsAlong(spec, "RR");
    expect(boards).toEqual([
      [1, 2, 3, 4, 5, 6, 0, 7, 8],
      [1, 2, 3, 4, 5, 6, 7, 0, 8],
      [1, 2, 3, 4, 5, 6, 7, 8, 0],
    ]);
    expect(boards.at(-1)).toEqual(replayMoves(spec, "RR").board);
    const rotation = createPuzzle({ kind: "rotation", start: [1, 2, 3].flatMap((s) => Array(8).fill(s)) });
    expect(positionsAlong(rotation, "AC").at(-1)).toEqual(replayMoves(rotation, "AC").board);
  });
});

describe("boardsOneMoveFrom", () => {
  it("lists the boards one move away, each replaying to itself in one move", () => {
    const spec = createPuzzle({ kind: "sliding", rows: 3, cols: 3, start: [1, 2, 3, 4, 0, 5, 6, 7, 8] });
    const next = boardsOneMoveFrom(spec, spec.start);
    expect(next).toHaveLength(4);
    expect(next).toEqual(["U", "D", "L", "R"].map((move) => replayMoves(spec, move).board));
    expect(boardsOneMoveFrom(spec, [0, 1, 2, 3, 4, 5, 6, 7, 8])).toHaveLength(2);
    const rotation = createPuzzle({ kind: "rotation", start: [1, 2, 3].flatMap((s) => Array(8).fill(s)) });
    expect(boardsOneMoveFrom(rotation, rotation.start)).toEqual(
      [..."ABCDEFGH"].map((move) => replayMoves(rotation, move).board),
    );
  });
});
