// Analysis of a solution (docs/competition.md): for each move, the exact optimal distance to the goal
// before and after it, and whether it brought the goal one step closer; the moves lost overall.
// Distances come from the DistanceOracle (tables within the request, 4x4 through the workers). A
// running daily puzzle is never analysed, nor any board that passes through its position. An analysis
// a player asks for before their first submission on the puzzle is help, as a hint is (ratings.ts).
import { NotASolutionError, normalizeMoves, positionsAlong, replayMoves } from "../core/index.ts";
import { AnalysisUnavailableError, BadInputError } from "../errors/index.ts";
import type { LeaderboardRepository } from "../repositories/leaderboard.ts";
import type { Puzzle } from "../repositories/puzzles.ts";
import { puzzleSpec } from "../solves/index.ts";
import type { DailyService } from "./daily.ts";
import type { DistanceOracle } from "./distance-oracle.ts";
import type { RatingService } from "./ratings.ts";

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

/** What recording an analysis as help needs: whether the player has played the puzzle, and the record. */
export interface AnalysisHelp {
  readonly leaderboards: Pick<LeaderboardRepository, "bestOf">;
  readonly ratings: Pick<RatingService, "recordHelp">;
}

export class AnalysisService {
  constructor(
    private readonly oracle: DistanceOracle,
    private readonly daily: DailyService,
    /** Absent: no analysis is recorded as help. */
    private readonly help?: AnalysisHelp,
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
   * on a running daily board, ANALYSIS_UNAVAILABLE beyond 4x4. `playerId`: who asked (analyzeSolution),
   * whose answer is help when they have not played the puzzle yet (recordHelpBeforePlay).
   */
  async analyze(puzzle: Puzzle, moves: string, playerId?: number): Promise<SolutionAnalysis> {
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
      throw new NotASolutionError(normalized.length);
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
    if (playerId !== undefined) await this.recordHelpBeforePlay(puzzle, playerId, boards);
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

  /**
   * A READY analysis for a player with no submission on the puzzle yet is help on its board and on
   * the board at each position along the moves (each taken as a puzzle of its own), as a hint at each
   * of them would be: every distance is given, and a move whose distance does not drop is flagged, so
   * trying a move and back at the first mistake walks an optimal route out of any solution. Before,
   * that walk ended in a rated optimal first game. After one's first submission on the puzzle an
   * analysis reviews a game already played (the web page analyses every submission): recording its
   * positions would unrate the player's later games on every board along their routes.
   */
  private async recordHelpBeforePlay(
    puzzle: Puzzle,
    playerId: number,
    boards: readonly (readonly number[])[],
  ): Promise<void> {
    if (this.help === undefined) return;
    const { leaderboards, ratings } = this.help;
    if ((await leaderboards.bestOf(playerId, [puzzle.id])).size > 0) return;
    const spec = puzzleSpec(puzzle);
    const distinct = new Map(boards.map((board) => [board.join(","), board]));
    await Promise.all(
      [...distinct.values()].map((board) => ratings.recordHelp(playerId, { ...spec, start: [...board] })),
    );
  }
}
