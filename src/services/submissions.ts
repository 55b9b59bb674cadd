// Submitting a solution: the server replays the moves from the puzzle's start with the pure core and
// stores only sequences that are legal and end at the goal. A new personal best is announced on the
// event bus (leaderboardChanged), and a puzzle without a proven optimum gets a Solve of the platform's
// own, so that `optimal` becomes known without anyone asking.
import { NotASolutionError, normalizeMoves, replayMoves } from "../core/index.ts";
import { BadInputError, LimitExceededError, NotFoundError } from "../errors/index.ts";
import type { Logger } from "../logger.ts";
import { puzzleSpec } from "../solves/index.ts";
import type { LeaderboardRepository } from "../repositories/leaderboard.ts";
import type { Puzzle, PuzzleRepository } from "../repositories/puzzles.ts";
import type { Submission, SubmissionRepository } from "../repositories/submissions.ts";
import type { PublicUser } from "../repositories/users.ts";
import type { EventBus } from "./events.ts";
import type { RatingService } from "./ratings.ts";
import { LEADERBOARD_CHANGED, type LeaderboardChangedEvent } from "./leaderboard.ts";

/** Longer sequences are refused before replay (the request body limit bounds them anyway). */
const MAX_MOVES = 10_000;

/**
 * What submissions need from the solving pipeline: a Solve the platform asks for itself
 * (requestedBy null) on behalf of the submitter, through the queue like any other: it counts toward
 * the submitter's open solves and they may cancel it. Resolves once the Solve is stored (for a board
 * a distance table answers, already SOLVED); rejects with LimitExceededError when the submitter is at
 * MAX_OPEN_SOLVES_PER_USER.
 */
export type OwnSolveRequester = (puzzle: Puzzle, submitter: PublicUser) => Promise<unknown>;

export class SubmissionService {
  constructor(
    private readonly submissions: SubmissionRepository,
    private readonly puzzles: PuzzleRepository,
    private readonly leaderboards: LeaderboardRepository,
    private readonly events: EventBus,
    private readonly logger: Logger,
    private readonly ratings: RatingService,
    /** Absent in tests that run without the pipeline. */
    private readonly requestOwnSolve?: OwnSolveRequester,
  ) {}

  /**
   * Replays `moves` and stores the submission. Throws ILLEGAL_MOVE (with the 1-based index and the
   * move) or NOT_A_SOLUTION, both input errors; nothing invalid is stored.
   */
  async submit(user: PublicUser, puzzleId: number, moves: string): Promise<Submission> {
    const puzzle = await this.puzzles.findById(puzzleId);
    if (puzzle === null) throw new NotFoundError(`no puzzle with id ${puzzleId}`);
    const normalized = normalizeMoves(moves);
    if (normalized.length > MAX_MOVES) {
      throw new BadInputError(`moves must be at most ${MAX_MOVES} moves, got ${normalized.length}`, "moves");
    }
    const { solved } = replayMoves(puzzleSpec(puzzle), normalized);
    if (!solved) {
      throw new NotASolutionError(normalized.length);
    }
    const { submission, newBest } = await this.submissions.create({
      puzzleId: puzzle.id,
      userId: user.id,
      moves: normalized,
      length: normalized.length,
    });
    // The platform's own solve first: for a board a table answers (3x3 and smaller, the Rotation
    // Game) it proves the optimum here, and the event below is read with it (`optimal` known).
    await this.ensureOwnSolve(puzzle, user);
    if (newBest) {
      const event: LeaderboardChangedEvent = {
        puzzleId: puzzle.id,
        userId: user.id,
        submissionId: submission.id,
      };
      void this.events.publish(LEADERBOARD_CHANGED, event);
    }
    await this.settleRatings(puzzle.id);
    return submission;
  }

  /**
   * Rates the puzzle's unrated first submissions once its optimum is known (this one's included,
   * and for a board a table answers the own solve above has just proved it). Never fails the
   * submission: a game left unrated is rated by the next submission on the puzzle.
   */
  private async settleRatings(puzzleId: number): Promise<void> {
    try {
      await this.ratings.settle(puzzleId);
    } catch (error) {
      this.logger.warn({ err: error, puzzleId }, "could not rate the puzzle's games");
    }
  }

  /**
   * Asks for the platform's own Solve when the puzzle has no proven optimum, none is queued or
   * running, and the platform has not already tried (a search that timed out is not retried on
   * every submission; anyone can still requestSolve with a longer limit). A platform search that was
   * cancelled (by the submitter it ran for) or failed is no attempt: this submission asks again, so
   * the board's pending games still get their proof. That retry happens only here, at most one per
   * submission and never while a search of the board is queued or running: cancelling again and
   * again costs the platform one search per submission, no more. Never fails the submission:
   * a submitter at their open-solves cap gets no platform search (nothing is stored, so the next
   * submission on the board, theirs or anyone's, asks again).
   */
  private async ensureOwnSolve(puzzle: Puzzle, submitter: PublicUser): Promise<void> {
    if (this.requestOwnSolve === undefined) return;
    try {
      const state = await this.leaderboards.solvingState(puzzle.canonicalKey);
      if (state.optimum !== null || state.pending || state.ownAttemptEnded) return;
      await this.requestOwnSolve(puzzle, submitter);
    } catch (error) {
      if (error instanceof LimitExceededError) {
        this.logger.info(
          { puzzleId: puzzle.id, userId: submitter.id },
          "platform solve skipped: the submitter is at their open-solves limit",
        );
        return;
      }
      this.logger.warn({ err: error, puzzleId: puzzle.id }, "could not ask for the platform's own solve");
    }
  }

  findByIds(ids: readonly number[]): Promise<Submission[]> {
    return this.submissions.findByIds(ids);
  }

  /** The user's submissions, newest first. */
  pageByUser(userId: number, take: number, beforeId?: number): Promise<Submission[]> {
    return this.submissions.pageByUser(userId, take, beforeId);
  }
}
