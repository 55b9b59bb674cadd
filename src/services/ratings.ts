// Ratings (docs/competition.md): a player's first submission on a puzzle is a Glicko-2 game
// between player and puzzle, rated as soon as the puzzle's optimum is proven: at once when it is
// known at submission time, else when the next submission on that puzzle arrives after the proof
// (or when the pipeline calls settle). Games of one puzzle are rated in submission order.
import { type Rating, rateGame, solutionScore } from "../core/rating/index.ts";
import type { CompetitionRepository } from "../repositories/competition.ts";
import type { LeaderboardRepository } from "../repositories/leaderboard.ts";
import type { PlayerGame, RatingRepository, StoredRating } from "../repositories/ratings.ts";

/**
 * Games rated per call at most: a backlog (e.g. a busy puzzle whose optimum was just proven, or every
 * first submission made before this feature was deployed) drains over the following submissions
 * instead of holding one request for seconds.
 */
export const SETTLE_BATCH = 25;

export class RatingService {
  constructor(
    private readonly ratings: RatingRepository,
    private readonly leaderboards: LeaderboardRepository,
    /** Absent: no unrated rule (every first submission is a game). */
    private readonly competition?: CompetitionRepository,
  ) {}

  /**
   * Rates the first submissions on the puzzle not rated yet (oldest first, at most SETTLE_BATCH), if
   * its optimum is known (games of players who had requested a solve of the board before are settled
   * unrated). Returns the number of games settled by this call. Safe to call concurrently (each game is checked under the
   * puzzle's lock).
   */
  async settle(puzzleId: number): Promise<number> {
    if (!(await this.ratings.hasPending(puzzleId))) return 0;
    const optimum = (await this.leaderboards.optima([puzzleId])).get(puzzleId);
    // A puzzle that starts solved (optimum 0) is no contest: it is never rated.
    if (optimum === undefined || optimum < 1) return 0;
    let rated = 0;
    const games = await this.ratings.pending(puzzleId, SETTLE_BATCH);
    // A player who asked the platform for a solve of this board before their first submission
    // plays an unrated game: the game is settled, no rating moves (docs/competition.md).
    const selfSolved = (await this.competition?.selfSolved(puzzleId, games)) ?? new Set<number>();
    for (const game of games) {
      if (selfSolved.has(game.submissionId)) {
        if (await this.competition?.settleUnrated(puzzleId, game, optimum)) rated += 1;
        continue;
      }
      const score = solutionScore(game.length, optimum);
      const played = await this.ratings.play(puzzleId, game, optimum, (player: Rating, puzzle: Rating) => ({
        ...rateGame(player, puzzle, score),
        score,
      }));
      if (played) rated += 1;
    }
    return rated;
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
