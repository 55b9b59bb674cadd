// Analysis of a solution (docs/competition.md): for each move, the exact optimal distance to the goal
// before and after it, and whether it brought the goal one step closer; the moves lost overall.
// Distances come from the DistanceOracle (tables within the request, 4x4 through the workers). A
// running daily puzzle is never analysed, nor any board that passes through its position.
import { normalizeMoves, positionsAlong, PuzzleInputError, replayMoves } from "../core/index.ts";
import { AnalysisUnavailableError, BadInputError } from "../errors/index.ts";
import type { Puzzle } from "../repositories/puzzles.ts";
import { puzzleSpec } from "../solves/index.ts";
import type { DailyService } from "./daily.ts";
import type { DistanceOracle } from "./distance-oracle.ts";

/** Longer solutions are not analysed (a 4x4 one costs a proof per position). */
const MAX_ANALYSED_MOVES = 1000;

interface MoveAnalysis {
  /** 1-based, as ILLEGAL_MOVE's index. */
  readonly index: number;
  readonly move: string;
  readonly distanceBefore: number;
  readonly distanceAfter: number;
  readonly optimal: boolean;
}

export type SolutionAnalysis =
  | {
      readonly status: "READY";
      readonly progress: 1;
      readonly length: number;
      readonly optimalLength: number;
      readonly movesLost: number;
      readonly moves: readonly MoveAnalysis[];
      readonly mistakes: readonly MoveAnalysis[];
    }
  | {
      readonly status: "PENDING";
      readonly progress: number;
      readonly length: number;
      readonly optimalLength: null;
      readonly movesLost: null;
      readonly moves: null;
      readonly mistakes: null;
    };

export class AnalysisService {
  constructor(
    private readonly oracle: DistanceOracle,
    private readonly daily: DailyService,
  ) {}

  /**
   * Whether `moves` on the puzzle are within what is analysed (a board of at most 16 cells, at most
   * MAX_ANALYSED_MOVES moves): Submission.analysis is null beyond, rather than an error about moves the
   * viewer did not give (submitSolution takes longer solutions).
   */
  analysable(puzzle: Puzzle, moves: string): boolean {
    try {
      this.oracle.check(puzzleSpec(puzzle));
    } catch (error) {
      if (error instanceof AnalysisUnavailableError) return false;
      throw error;
    }
    return normalizeMoves(moves).length <= MAX_ANALYSED_MOVES;
  }

  /**
   * Analyses `moves` on the puzzle: ILLEGAL_MOVE / NOT_A_SOLUTION as submitSolution, DAILY_IN_PROGRESS
   * on a running daily board, ANALYSIS_UNAVAILABLE beyond 4x4.
   */
  async analyze(puzzle: Puzzle, moves: string): Promise<SolutionAnalysis> {
    const spec = puzzleSpec(puzzle);
    this.oracle.check(spec);
    const normalized = normalizeMoves(moves);
    if (normalized.length > MAX_ANALYSED_MOVES) {
      throw new BadInputError(
        `at most ${MAX_ANALYSED_MOVES} moves are analysed, got ${normalized.length}`,
        "moves",
      );
    }
    if (!replayMoves(spec, normalized).solved) {
      throw new PuzzleInputError(
        `the ${normalized.length} moves are legal but do not reach the goal`,
        "NOT_A_SOLUTION",
        "moves",
      );
    }
    const boards = positionsAlong(spec, normalized);
    // Each position's distance is the answer of the puzzle from there to the goal.
    await this.daily.refuseNearAny(
      boards.map((board) => ({ ...spec, start: board })),
      "an analysis",
    );
    const answer = await this.oracle.distances(spec, boards);
    if (answer.status === "PENDING") {
      return {
        status: "PENDING",
        progress: answer.progress,
        length: normalized.length,
        optimalLength: null,
        movesLost: null,
        moves: null,
        mistakes: null,
      };
    }
    const { distances } = answer;
    const analysed = [...normalized].map((move, i) => ({
      index: i + 1,
      move,
      distanceBefore: distances[i],
      distanceAfter: distances[i + 1],
      optimal: distances[i + 1] === distances[i] - 1,
    }));
    return {
      status: "READY",
      progress: 1,
      length: normalized.length,
      optimalLength: distances[0],
      movesLost: normalized.length - distances[0],
      moves: analysed,
      mistakes: analysed.filter((move) => !move.optimal),
    };
  }
}
