// Ratings (docs/competition.md): a player's first submission on a puzzle is a Glicko-2 game
// between player and puzzle, rated as soon as the puzzle's optimum is proven: at once when it is
// known at submission time, else when the next submission on that puzzle arrives after the proof
// (or when the pipeline calls settle). Games of one puzzle are rated in submission order.
import { nearKey } from "../core/neighbourhood.ts";
import { type Rating, initialPuzzleRating, rateGame, solutionScore } from "../core/rating/index.ts";
import type { PuzzleSpec } from "../core/types.ts";
import type { CompetitionRepository } from "../repositories/competition.ts";
import type { LeaderboardRepository } from "../repositories/leaderboard.ts";
import type { PlayerGame, RatingRepository, StoredRating, SubmissionGame } from "../repositories/ratings.ts";

/**
 * Games rated per call at most: a backlog (e.g. a busy puzzle whose optimum was just proven, or every
 * first submission made before this feature was deployed) drains over the following submissions
 * instead of holding one request for seconds.
 */
export const SETTLE_BATCH = 25;

/** Pending games read at once by a run whose budget has grown (several calls joined it). */
const MAX_PENDING_READ = 100;

/** One puzzle's settling under way in this process, shared by the calls made meanwhile. */
interface SettleRun {
  /** Games the run may still read: SETTLE_BATCH per call that took part. */
  budget: number;
  /** Read the pending games again: a call joined (its game may be newer than the last read). */
  again: boolean;
  done: Promise<number>;
}

export class RatingService {
  private readonly runs = new Map<number, SettleRun>();

  constructor(
    private readonly ratings: RatingRepository,
    private readonly leaderboards: LeaderboardRepository,
    /** Absent: no unrated rule (every first submission is a game). */
    private readonly competition?: CompetitionRepository,
  ) {}

  /**
   * Rates the first submissions on the puzzle not rated yet (oldest first, SETTLE_BATCH per call), if
   * its optimum is known (games of players who had requested a solve of the board before are settled
   * unrated). Returns the number of games settled by the run this call took part in. Safe to call
   * concurrently (each game is checked under the puzzle's lock).
   *
   * Calls for one puzzle in this process share one run: a call made while a run is under way adds its
   * batch to that run's budget and makes it read the pending games (and the optimum) again, then waits
   * for it. Before, concurrent calls each read the same oldest SETTLE_BATCH games and raced for them:
   * with more first submissions at once than that, the rest stayed pending although each of their
   * requests had come to rate them (until some later submission on the puzzle).
   */
  settle(puzzleId: number): Promise<number> {
    const running = this.runs.get(puzzleId);
    if (running !== undefined) {
      running.budget += SETTLE_BATCH;
      running.again = true;
      return running.done;
    }
    const run: SettleRun = { budget: SETTLE_BATCH, again: false, done: Promise.resolve(0) };
    this.runs.set(puzzleId, run);
    run.done = this.drain(puzzleId, run);
    return run.done;
  }

  /** Settles batches until the run's budget is spent or no call asked again since the last read. */
  private async drain(puzzleId: number, run: SettleRun): Promise<number> {
    let rated = 0;
    try {
      for (;;) {
        run.again = false;
        rated += await this.settleBatch(puzzleId, run);
        // Decided with no await before the delete: a call arriving later starts a run of its own.
        if (!run.again || run.budget <= 0) {
          this.runs.delete(puzzleId);
          return rated;
        }
      }
    } catch (error) {
      this.runs.delete(puzzleId);
      throw error;
    }
  }

  /** One read of the pending games (at most the run's budget) and their settling. */
  private async settleBatch(puzzleId: number, run: SettleRun): Promise<number> {
    if (!(await this.ratings.hasPending(puzzleId))) return 0;
    const optimum = (await this.leaderboards.optima([puzzleId])).get(puzzleId);
    if (optimum === undefined) return 0;
    let rated = 0;
    const limit = Math.min(run.budget, MAX_PENDING_READ);
    const games = await this.ratings.pending(puzzleId, limit);
    // A puzzle that starts solved (optimum 0) is no contest: its games are settled unrated, so they are
    // not pending for ever (each later submission read them again).
    const noContest = optimum < 1;
    // A player who asked the platform for a solve of this board before their first submission
    // plays an unrated game: the game is settled, no rating moves (docs/competition.md).
    const selfSolved = (await this.competition?.selfSolved(puzzleId, games)) ?? new Set<number>();
    // Where the puzzle starts if this batch holds its first rated game: its difficulty's rating, so
    // that creating and beating trivial puzzles is worth little (docs/competition.md). Used by play()
    // only while the puzzle has no rated game: puzzles already rated keep their ratings.
    const puzzleStart =
      games.length === 0 || noContest ? undefined : await this.puzzleStart(puzzleId, optimum);
    for (const game of games) {
      if (noContest || selfSolved.has(game.submissionId)) {
        if (await this.competition?.settleUnrated(puzzleId, game, optimum)) rated += 1;
        continue;
      }
      const score = solutionScore(game.length, optimum);
      const played = await this.ratings.play(
        puzzleId,
        game,
        optimum,
        (player: Rating, puzzle: Rating) => ({
          ...rateGame(player, puzzle, score),
          score,
        }),
        puzzleStart,
      );
      if (played) rated += 1;
    }
    run.budget -= games.length;
    // A full read may have left games behind: read again while the budget lasts.
    if (games.length === limit && run.budget > 0) run.again = true;
    return rated;
  }

  /** The puzzle's start from its board's difficulty; a newcomer's 1500 where that is not known. */
  private async puzzleStart(puzzleId: number, optimum: number): Promise<Rating> {
    const board = await this.ratings.board(puzzleId);
    return initialPuzzleRating(
      board?.rows ?? undefined,
      board?.cols ?? undefined,
      board?.goal.indexOf(0) ?? -1,
      optimum,
    );
  }

  /**
   * Remembers that the user had the platform's help on the puzzle's board (a Solve they requested, a
   * hint): their first submission on it, or on a disguised copy, made afterwards plays an unrated game.
   */
  async recordHelp(userId: number, spec: PuzzleSpec): Promise<void> {
    await this.competition?.recordHelp(userId, nearKey(spec));
  }

  gamesOfSubmissions(submissionIds: readonly number[]): Promise<Map<number, SubmissionGame>> {
    return this.ratings.gamesOfSubmissions(submissionIds);
  }

  players(userIds: readonly number[]): Promise<Map<number, StoredRating>> {
    return this.ratings.players(userIds);
  }

  puzzles(puzzleIds: readonly number[]): Promise<Map<number, StoredRating>> {
    return this.ratings.puzzles(puzzleIds);
  }

  history(userId: number, limit: number): Promise<PlayerGame[]> {
    return this.ratings.history(userId, limit);
  }
}
