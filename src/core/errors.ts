// Errors raised by the core for bad input. `code` is stable: the API maps it to GraphQL
// `extensions.code`, the CLI prints the message and exits with status 2.

export type PuzzleErrorCode = "BAD_PUZZLE" | "ILLEGAL_MOVE" | "NOT_A_SOLUTION" | "BAD_OPTION";

export class PuzzleInputError extends Error {
  override readonly name: string = "PuzzleInputError";
  constructor(
    message: string,
    readonly code: PuzzleErrorCode = "BAD_PUZZLE",
    /** The input field at fault: "rows", "cols", "start", "goal", "moves", "options"... */
    readonly field?: string,
  ) {
    super(message);
  }
}

/** A move that cannot be made from the board it is applied to. `index` is 1-based. */
export class IllegalMoveError extends PuzzleInputError {
  override readonly name: string = "IllegalMoveError";
  constructor(
    message: string,
    readonly index: number,
    readonly move: string,
  ) {
    super(message, "ILLEGAL_MOVE", "moves");
  }
}

/** Legal moves that end on another board than the goal. The message counts them in plain words. */
export class NotASolutionError extends PuzzleInputError {
  override readonly name: string = "NotASolutionError";
  constructor(readonly moveCount: number) {
    super(
      moveCount === 0
        ? "no moves given, and the start is not the goal"
        : moveCount === 1
          ? "the 1 move is legal but does not reach the goal"
          : `the ${moveCount} moves are legal but do not reach the goal`,
      "NOT_A_SOLUTION",
      "moves",
    );
  }
}
