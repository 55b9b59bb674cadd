import { describe, expect, it } from "vitest";
import { IllegalMoveError, PuzzleInputError } from "../errors.ts";
import { createSlidingSpec, defaultSlidingGoal } from "./board.ts";
import { applySlidingMoves } from "./moves.ts";
import { isSlidingSolvable } from "./solvability.ts";

function inputError(fn: () => unknown): PuzzleInputError {
  try {
    fn();
  } catch (error) {
    if (error instanceof PuzzleInputError) return error;
    throw error;
  }
  throw new Error("expected a PuzzleInputError");
}

describe("createSlidingSpec", () => {
  it("defaults the goal to 1..n-1 then the blank", () => {
    expect(createSlidingSpec(2, 3, [1, 2, 3, 4, 0, 5]).goal).toEqual([1, 2, 3, 4, 5, 0]);
    expect(defaultSlidingGoal(2, 2)).toEqual([1, 2, 3, 0]);
  });

  it("names the field and the tile at fault", () => {
    const repeated = inputError(() => createSlidingSpec(3, 3, [1, 2, 3, 4, 5, 6, 7, 7, 0]));
    expect(repeated.field).toBe("start");
    expect(repeated.code).toBe("BAD_PUZZLE");
    expect(repeated.message).toMatch(/repeats tile 7/);
    expect(inputError(() => createSlidingSpec(3, 3, [1, 2, 3, 4, 5, 6, 7, 9, 0])).message).toMatch(/tile 9/);
    expect(inputError(() => createSlidingSpec(3, 3, [1, 2, 3, 4, 5, 6, 7, 0])).message).toMatch(
      /8 tiles, expected 9/,
    );
    expect(inputError(() => createSlidingSpec(1, 3, [1, 2, 0])).field).toBe("rows");
    expect(inputError(() => createSlidingSpec(2, 6, [])).field).toBe("cols");
    const goal = inputError(() => createSlidingSpec(2, 2, [1, 2, 3, 0], [1, 1, 2, 0]));
    expect(goal.field).toBe("goal");
    expect(goal.message).toMatch(/repeats tile 1/);
  });
});

describe("applySlidingMoves", () => {
  it("moves the blank (the AcWing example is solved by RDR)", () => {
    expect(applySlidingMoves(3, 3, [1, 2, 3, 0, 4, 6, 7, 5, 8], "RDR")).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 0]);
  });

  it("names the first illegal step, 1-based", () => {
    let caught: unknown;
    try {
      applySlidingMoves(3, 3, [1, 2, 3, 0, 4, 6, 7, 5, 8], "RDRD");
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(IllegalMoveError);
    expect((caught as IllegalMoveError).index).toBe(4);
    expect((caught as IllegalMoveError).message).toMatch(/move 4 "D"/);
    expect(() => applySlidingMoves(2, 2, [1, 2, 3, 0], "UQ")).toThrow(/move 2 "Q" is not one of/);
  });
});

describe("isSlidingSolvable", () => {
  it("handles swapped tiles and goals with the blank elsewhere", () => {
    expect(isSlidingSolvable(createSlidingSpec(3, 3, [1, 2, 3, 4, 5, 6, 8, 7, 0]))).toBe(false);
    expect(isSlidingSolvable(createSlidingSpec(3, 3, [1, 2, 3, 0, 4, 6, 7, 5, 8]))).toBe(true);
    expect(
      isSlidingSolvable(createSlidingSpec(4, 4, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 15, 14, 0])),
    ).toBe(false);
    const goal = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15];
    expect(
      isSlidingSolvable(
        createSlidingSpec(4, 4, [1, 0, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15], goal),
      ),
    ).toBe(true);
    expect(
      isSlidingSolvable(
        createSlidingSpec(4, 4, [4, 1, 2, 3, 0, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15], goal),
      ),
    ).toBe(true);
    expect(
      isSlidingSolvable(
        createSlidingSpec(4, 4, [1, 4, 2, 3, 0, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15], goal),
      ),
    ).toBe(false);
  });
});
