// Hints (docs/competition.md): the first move of an optimal solution from a position of the puzzle
// (its start by default) and the position's distance. Sliding boards: the first move of the table's
// lexicographically smallest shortest answer (3x3) or of the workers' proof (4x4); the Rotation Game:
// the next move of the lexicographically smallest shortest answer. Never for a running daily board.
// A player given a hint on a board plays an unrated game on it (ratings.ts).
import { PuzzleInputError, checkBoard, isSolvable } from "../core/index.ts";
import type { PuzzleSpec } from "../core/types.ts";
import { BadInputError } from "../errors/index.ts";
import type { Puzzle } from "../repositories/puzzles.ts";
import { puzzleSpec } from "../solves/index.ts";
import type { DailyService } from "./daily.ts";
import type { DistanceOracle } from "./distance-oracle.ts";
import type { RatingService } from "./ratings.ts";

export type Hint =
  | {
      readonly status: "READY";
      readonly progress: 1;
      readonly position: readonly number[];
      /** Null at the goal. */
      readonly move: string | null;
      readonly distance: number;
    }
  | {
      readonly status: "PENDING";
      readonly progress: number;
      readonly position: readonly number[];
      readonly move: null;
      readonly distance: null;
    };

/**
 * `position` as a board of the puzzle: the same tiles (or symbols), and able to reach the goal.
 * `given`: false for the default (the puzzle's own start, whose tiles are right but whose parity may
 * not be: an unsolvable puzzle has no hint).
 */
function checkedPosition(spec: PuzzleSpec, position: readonly number[], given: boolean): number[] {
  try {
    checkBoard(spec, position, "position");
  } catch (error) {
    if (error instanceof PuzzleInputError) throw new BadInputError(error.message, "position");
    throw error;
  }
  if (!isSolvable({ ...spec, start: position })) {
    throw new BadInputError(
      given
        ? "position cannot reach the puzzle's goal (wrong parity)"
        : "position (default: the puzzle's start) cannot reach the puzzle's goal (wrong parity): the puzzle has no solution",
      "position",
    );
  }
  return [...position];
}

export class HintService {
  constructor(
    private readonly oracle: DistanceOracle,
    private readonly daily: DailyService,
    private readonly ratings: RatingService,
  ) {}

  /**
   * The hint for `userId`. A move given (READY) is remembered: the user's first submission on a
   * puzzle of this board (or a disguised copy) made after it plays an unrated game (a hint a move at a
   * time spells the optimal solution; before, such a walk was rated as the player's own).
   */
  async hint(puzzle: Puzzle, userId: number, position?: readonly number[] | null): Promise<Hint> {
    const spec = puzzleSpec(puzzle);
    this.oracle.check(spec);
    const given = position !== null && position !== undefined;
    const board = checkedPosition(spec, given ? position : spec.start, given);
    // Not at (or near) a running daily: hints walked from there would spell its answer.
    await this.daily.refuseNearAny([{ ...spec, start: board }, spec], "a hint");
    const answer = await this.oracle.distances(spec, [board]);
    if (answer.status === "PENDING") {
      return { status: "PENDING", progress: answer.progress, position: board, move: null, distance: null };
    }
    const move = answer.firstMoves[0];
    // Help on the puzzle, and on the board at this position as a puzzle of its own: a route through
    // it on another puzzle (hints walked on a puzzle of one's own from another's start) is helped too.
    await this.ratings.recordHelp(userId, spec);
    await this.ratings.recordHelp(userId, { ...spec, start: board });
    return {
      status: "READY",
      progress: 1,
      position: board,
      move: move === "" ? null : move,
      distance: answer.distances[0],
    };
  }
}
