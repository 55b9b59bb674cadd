import { describe, expect, it } from "vitest";
import { IllegalMoveError, PuzzleInputError } from "../errors.ts";
import { applyRotationMoves, createRotationSpec, isRotationGoal, rotationCentreSymbol } from "./index.ts";

const SORTED = [1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3];
/** Cell i holds i: shows exactly where each move sends each cell. */
const LABELS = Array.from({ length: 24 }, (_, cell) => cell);

function withCells(cells: Record<number, number>): number[] {
  const board = [...LABELS];
  for (const [cell, value] of Object.entries(cells)) board[Number(cell)] = value;
  return board;
}

function inputError(run: () => unknown): PuzzleInputError {
  try {
    run();
  } catch (error) {
    if (error instanceof PuzzleInputError) return error;
    throw error;
  }
  throw new Error("expected a PuzzleInputError");
}

describe("rotation moves", () => {
  it("A shifts column 0,2,6,11,15,20,22 toward its head, the head wrapping to the tail", () => {
    expect(applyRotationMoves(LABELS, "A")).toEqual(
      withCells({ 0: 2, 2: 6, 6: 11, 11: 15, 15: 20, 20: 22, 22: 0 }),
    );
  });

  it("B, C and D shift their lines toward their heads", () => {
    expect(applyRotationMoves(LABELS, "B")).toEqual(
      withCells({ 1: 3, 3: 8, 8: 12, 12: 17, 17: 21, 21: 23, 23: 1 }),
    );
    expect(applyRotationMoves(LABELS, "C")).toEqual(
      withCells({ 10: 9, 9: 8, 8: 7, 7: 6, 6: 5, 5: 4, 4: 10 }),
    );
    expect(applyRotationMoves(LABELS, "D")).toEqual(
      withCells({ 19: 18, 18: 17, 17: 16, 16: 15, 15: 14, 14: 13, 13: 19 }),
    );
  });

  it("E, F, G, H undo B, A, D, C", () => {
    for (const pair of ["BE", "AF", "DG", "CH", "EB", "FA", "GD", "HC"]) {
      expect(applyRotationMoves(LABELS, pair)).toEqual(LABELS);
    }
    expect(applyRotationMoves(LABELS, "F")).toEqual(
      withCells({ 22: 20, 20: 15, 15: 11, 11: 6, 6: 2, 2: 0, 0: 22 }),
    );
  });

  it("seven shifts of a line restore the board", () => {
    for (const move of "ABCDEFGH") expect(applyRotationMoves(LABELS, move.repeat(7))).toEqual(LABELS);
  });

  it("accepts lower case and ignores whitespace", () => {
    expect(applyRotationMoves(SORTED, " d d\nh\th ")).toEqual(applyRotationMoves(SORTED, "DDHH"));
  });

  it("solves the second official sample with DDHH, leaving 2 in the centre", () => {
    const end = applyRotationMoves(SORTED, "DDHH");
    expect(isRotationGoal(end)).toBe(true);
    expect(rotationCentreSymbol(end)).toBe(2);
    expect(isRotationGoal(SORTED)).toBe(false);
  });

  it("names the first unknown move with its 1-based step", () => {
    const error = inputError(() => applyRotationMoves(SORTED, "AB c Xd"));
    expect(error).toBeInstanceOf(IllegalMoveError);
    expect(error).toMatchObject({ index: 4, move: "X", code: "ILLEGAL_MOVE", field: "moves" });
    expect(error.message).toContain('"X"');
  });

  it("does not change its input", () => {
    const board = [...SORTED];
    applyRotationMoves(board, "ABC");
    expect(board).toEqual(SORTED);
  });
});

describe("createRotationSpec", () => {
  it("accepts eight each of 1, 2 and 3", () => {
    expect(createRotationSpec(SORTED)).toEqual({ kind: "rotation", start: SORTED });
  });

  it.each([
    [SORTED.slice(1), "expected 24 cells, got 23"],
    [[...SORTED, 1], "expected 24 cells, got 25"],
    [withSymbol(5, 4), "symbol 4 at cell 6 of 24 is out of range 1..3"],
    [withSymbol(0, 0), "symbol 0 at cell 1 of 24 is out of range 1..3"],
    [withSymbol(3, 1.5), "symbol 1.5 at cell 4 of 24 is out of range 1..3"],
    [withSymbol(0, 2), "symbol 1 appears 7 times, expected 8"],
    [withSymbol(23, 2), "symbol 2 appears 9 times, expected 8"],
  ])("rejects %j: %s", (cells, message) => {
    const error = inputError(() => createRotationSpec(cells));
    expect(error.message).toBe(message);
    expect(error).toMatchObject({ code: "BAD_PUZZLE", field: "start" });
  });

  it("applyRotationMoves rejects a board that is not 24 cells", () => {
    expect(() => applyRotationMoves(SORTED.slice(2), "A")).toThrow("expected 24 cells, got 22");
  });
});

describe("rotationCentreSymbol", () => {
  const CENTRE = [6, 7, 8, 11, 12, 15, 16, 17];
  function withCentre(symbols: number[]): number[] {
    const board = [...SORTED];
    for (const [i, cell] of CENTRE.entries()) board[cell] = symbols[i];
    return board;
  }

  it("gives the most frequent centre symbol", () => {
    expect(rotationCentreSymbol(SORTED)).toBe(2); // centre holds 1,1,2,2,2,2,3,3
    expect(rotationCentreSymbol(withCentre([3, 1, 3, 2, 3, 1, 3, 2]))).toBe(3);
    expect(rotationCentreSymbol(withCentre([2, 2, 2, 2, 2, 2, 2, 2]))).toBe(2);
  });

  it("gives the smallest symbol on a tie", () => {
    expect(rotationCentreSymbol(withCentre([3, 3, 3, 2, 2, 2, 1, 1]))).toBe(2);
    expect(rotationCentreSymbol(withCentre([3, 3, 1, 2, 1, 2, 1, 3]))).toBe(1);
  });
});

function withSymbol(cell: number, symbol: number): number[] {
  const board = [...SORTED];
  board[cell] = symbol;
  return board;
}
