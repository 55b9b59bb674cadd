import { describe, expect, it } from "vitest";
import { NotASolutionError, PuzzleInputError } from "./errors.ts";

describe("NotASolutionError", () => {
  it("counts the moves in plain words, with NOT_A_SOLUTION on the moves field", () => {
    const messages = [0, 1, 2, 41].map((count) => new NotASolutionError(count).message);
    expect(messages).toEqual([
      "no moves given, and the start is not the goal",
      "the 1 move is legal but does not reach the goal",
      "the 2 moves are legal but do not reach the goal",
      "the 41 moves are legal but do not reach the goal",
    ]);
    const error = new NotASolutionError(3);
    expect(error).toBeInstanceOf(PuzzleInputError);
    expect([error.code, error.field]).toEqual(["NOT_A_SOLUTION", "moves"]);
  });
});
