// Ratings in Postgres: players' (player_ratings), puzzles' (puzzle_stats) and the games that moved
// them (rated_games). A game is rated in one transaction that locks the puzzle's stats row first
// and the player's rating row second (SELECT ... FOR UPDATE), so concurrent games on one puzzle, or
// of one player, serialise instead of losing an update; each transaction holds one puzzle and one
// player, so two can never wait on each other in a cycle.
import type { PrismaClient } from "../db/client.ts";
import type { Rating } from "../core/rating/index.ts";

/** A stored rating and how many rated games made it. */
export interface StoredRating extends Rating {
  readonly games: number;
}

/** A first submission not rated yet. */
export interface PendingGame {
  readonly submissionId: number;
  readonly userId: number;
  readonly length: number;
}

/**
 * What a submission is to the ratings: its player's first on the puzzle and rated (RATED), settled
 * without a rating (UNRATED), not settled yet (PENDING: no proven optimum), or a later one (NOT_A_GAME).
 */
export type SubmissionGame = "RATED" | "UNRATED" | "PENDING" | "NOT_A_GAME";

/** One rated game from the player's side, for their rating history. */
export interface PlayerGame {
  readonly puzzleId: number;
  readonly length: number;
  readonly optimum: number;
  readonly score: number;
  readonly ratingBefore: number;
  readonly ratingAfter: number;
  readonly playedAt: Date;
}

/** A puzzle's board as its difficulty needs it. */
export interface PuzzleBoard {
  readonly rows: number | null;
  readonly cols: number | null;
  readonly goal: readonly number[];
}

/** Computes both new ratings from both old ones; called inside the transaction, under the locks. */
export type GameRater = (player: Rating, puzzle: Rating) => { player: Rating; puzzle: Rating; score: number };

interface RatingRow {
  readonly id: number;
  readonly value: number;
  readonly deviation: number;
  readonly volatility: number;
  readonly games: number;
}

export class RatingRepository {
  constructor(
    private readonly prisma: PrismaClient,
    /** A newcomer's rating (player or puzzle). */
    private readonly initial: Rating,
  ) {}

  /** Players' ratings by user id; users without a rated game are absent. */
  async players(userIds: readonly number[]): Promise<Map<number, StoredRating>> {
    if (userIds.length === 0) return new Map();
    const rows = await this.prisma.$queryRaw<RatingRow[]>`
      SELECT user_id AS id, value, deviation, volatility, games FROM player_ratings
       WHERE user_id = ANY(${[...userIds]}::int[])`;
    return new Map(rows.map(({ id, ...rating }) => [id, rating]));
  }

  /** Puzzles' ratings by puzzle id; puzzles without a rated game are absent. */
  async puzzles(puzzleIds: readonly number[]): Promise<Map<number, StoredRating>> {
    if (puzzleIds.length === 0) return new Map();
    const rows = await this.prisma.$queryRaw<RatingRow[]>`
      SELECT puzzle_id AS id, rating AS value, deviation, volatility, rated_games AS games FROM puzzle_stats
       WHERE puzzle_id = ANY(${[...puzzleIds]}::int[]) AND rated_games > 0`;
    return new Map(rows.map(({ id, ...rating }) => [id, rating]));
  }

  /**
   * Whether some player of the puzzle has no settled game yet: one primary-key read (players is kept
   * by the submission insert, rated_games and unrated_games by settling), so a submission with
   * nothing to rate costs no scan. True when the stats row is missing (a puzzle inserted by hand).
   */
  async hasPending(puzzleId: number): Promise<boolean> {
    const [row] = await this.prisma.$queryRaw<{ pending: boolean }[]>`
      SELECT players > rated_games + unrated_games AS pending FROM puzzle_stats WHERE puzzle_id = ${puzzleId}`;
    return row?.pending ?? true;
  }

  /** What each submission is to the ratings (submission ids not found are left out). */
  async gamesOfSubmissions(submissionIds: readonly number[]): Promise<Map<number, SubmissionGame>> {
    const rows = await this.prisma.$queryRaw<{ id: number; first: boolean; unrated: boolean | null }[]>`
      SELECT s.id, e.first_submission_id = s.id AS first, g.unrated
        FROM submissions s
        LEFT JOIN leaderboard_entries e ON e.puzzle_id = s.puzzle_id AND e.user_id = s.user_id
        LEFT JOIN rated_games g ON g.submission_id = s.id
       WHERE s.id = ANY(${[...submissionIds]}::int[])`;
    return new Map(
      rows.map((row) => [
        row.id,
        row.unrated === true
          ? "UNRATED"
          : row.unrated === false
            ? "RATED"
            : row.first
              ? "PENDING"
              : "NOT_A_GAME",
      ]),
    );
  }

  /** Each user's first submission on the puzzle that has no rated game yet, oldest first, at most `limit`. */
  pending(puzzleId: number, limit: number): Promise<PendingGame[]> {
    return this.prisma.$queryRaw<PendingGame[]>`
      SELECT e.first_submission_id AS "submissionId", e.user_id AS "userId", s.length
        FROM leaderboard_entries e JOIN submissions s ON s.id = e.first_submission_id
       WHERE e.puzzle_id = ${puzzleId}
         AND NOT EXISTS (SELECT 1 FROM rated_games g WHERE g.puzzle_id = e.puzzle_id AND g.user_id = e.user_id)
       ORDER BY e.first_submission_id
       LIMIT ${limit}`;
  }

  /** The puzzle's board, for its difficulty: size and goal (null size and empty goal: Rotation Game). */
  async board(puzzleId: number): Promise<PuzzleBoard | undefined> {
    const [row] = await this.prisma.$queryRaw<PuzzleBoard[]>`
      SELECT rows, cols, goal FROM puzzles WHERE id = ${puzzleId}`;
    return row;
  }

  /**
   * Rates one game unless it was rated meanwhile (checked under the puzzle's lock). Returns false
   * when there was nothing left to do.
   */
  play(
    puzzleId: number,
    game: PendingGame,
    optimum: number,
    rate: GameRater,
    /** The puzzle's rating if this is its first rated game (its difficulty's start); default a newcomer's. */
    puzzleStart: Rating = this.initial,
  ): Promise<boolean> {
    const { value, deviation, volatility } = this.initial;
    return this.prisma.$transaction(async (tx) => {
      await tx.$executeRaw`INSERT INTO puzzle_stats (puzzle_id) VALUES (${puzzleId}) ON CONFLICT DO NOTHING`;
      const [puzzle] = await tx.$queryRaw<RatingRow[]>`
        SELECT puzzle_id AS id, rating AS value, deviation, volatility, rated_games AS games
          FROM puzzle_stats WHERE puzzle_id = ${puzzleId} FOR UPDATE`;
      const [done] = await tx.$queryRaw<unknown[]>`
        SELECT 1 FROM rated_games WHERE puzzle_id = ${puzzleId} AND user_id = ${game.userId}`;
      if (done !== undefined || puzzle === undefined) return false;
      await tx.$executeRaw`
        INSERT INTO player_ratings (user_id, value, deviation, volatility, games, updated_at)
        VALUES (${game.userId}, ${value}, ${deviation}, ${volatility}, 0, now()) ON CONFLICT DO NOTHING`;
      const [player] = await tx.$queryRaw<RatingRow[]>`
        SELECT user_id AS id, value, deviation, volatility, games
          FROM player_ratings WHERE user_id = ${game.userId} FOR UPDATE`;
      // A puzzle's stored rating counts from its first rated game; before it, the column holds the
      // table default (1500), and the puzzle starts where its difficulty says (puzzleStart).
      const puzzleBefore = puzzle.games === 0 ? puzzleStart : puzzle;
      const result = rate(player, puzzleBefore);
      await tx.$executeRaw`
        UPDATE puzzle_stats SET rating = ${result.puzzle.value}, deviation = ${result.puzzle.deviation},
               volatility = ${result.puzzle.volatility}, rated_games = rated_games + 1
         WHERE puzzle_id = ${puzzleId}`;
      // The game's time is taken here, under the player's lock, and is later than the player's previous
      // game (updated_at holds its time): the history's order (played_at) is the order in which the
      // games moved the rating. now() is the transaction's start: concurrent games of one player
      // started in one order and took the lock in another, so the history showed each game's "before"
      // next to a game it did not follow, and its newest "after" was not the player's rating.
      const [{ playedAt }] = await tx.$queryRaw<{ playedAt: Date }[]>`
        UPDATE player_ratings SET value = ${result.player.value}, deviation = ${result.player.deviation},
               volatility = ${result.player.volatility}, games = games + 1,
               updated_at = greatest(clock_timestamp(), updated_at + interval '1 millisecond')
         WHERE user_id = ${game.userId}
        RETURNING updated_at AS "playedAt"`;
      await tx.$executeRaw`
        INSERT INTO rated_games (puzzle_id, user_id, submission_id, length, optimum, score,
                                 player_before, player_after, puzzle_before, puzzle_after, played_at)
        VALUES (${puzzleId}, ${game.userId}, ${game.submissionId}, ${game.length}, ${optimum}, ${result.score},
                ${player.value}, ${result.player.value}, ${puzzleBefore.value}, ${result.puzzle.value}, ${playedAt})`;
      return true;
    });
  }

  /**
   * A player's rated games, newest first (the rated_games (user_id) index). Unrated games (rows with
   * `unrated`: settled without moving a rating, score 0) are not rated games and are left out.
   */
  history(userId: number, limit: number): Promise<PlayerGame[]> {
    return this.prisma.$queryRaw<PlayerGame[]>`
      SELECT puzzle_id AS "puzzleId", length, optimum, score, player_before AS "ratingBefore",
             player_after AS "ratingAfter", played_at AS "playedAt"
        FROM rated_games WHERE user_id = ${userId} AND NOT unrated
       ORDER BY played_at DESC, submission_id DESC
       LIMIT ${limit}`;
  }
}
