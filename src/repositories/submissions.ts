// Submissions in Postgres: verified solutions, stored only after the server replayed them. Each
// insert also keeps the user's leaderboard entry for the puzzle (their best submission) in the same
// statement. A user's list is keyset-paginated on the id, newest first (submissions_user_id_id_idx).
import type { PrismaClient } from "../db/client.ts";
import type { Submission } from "../generated/prisma/client.ts";

export type { Submission };

export interface NewSubmission {
  readonly puzzleId: number;
  readonly userId: number;
  /** Normalised moves (upper case, no separators). */
  readonly moves: string;
  readonly length: number;
}

/** What a submission's rank depends on. */
export type RankKey = Pick<Submission, "id" | "puzzleId" | "userId" | "length">;

export class SubmissionRepository {
  constructor(private readonly prisma: PrismaClient) {}

  /**
   * Stores the submission and, when it beats the user's best for the puzzle (or is their first),
   * makes it their leaderboard entry: one statement, so concurrent submissions of one user cannot
   * leave a worse entry behind. A user's first entry also counts one more player in puzzle_stats
   * (puzzles(orderBy: MOST_PLAYED)).
   *
   * The user's submissions on the puzzle are serialised by a transaction-scoped advisory lock on
   * (puzzle, user), taken before the submission gets its id and its time (clock_timestamp(), read
   * after the lock): ids, times and entry writes then come in one order. Without it, concurrent
   * submissions of one user reached the entry in any order (ON CONFLICT waits on the row, and
   * whichever waiter retried first won): the entry's first_submission_id (the rated game) could be a
   * later submission than the user's first, and among equal lengths the entry could keep a later one.
   */
  async create(submission: NewSubmission): Promise<{ submission: Submission; newBest: boolean }> {
    const [row] = await this.prisma.$queryRaw<(Submission & { newBest: boolean })[]>`
      WITH locked AS (
        SELECT pg_advisory_xact_lock(hashtextextended(
          ${`submission:${submission.puzzleId}:${submission.userId}`}::text, 0)) AS granted),
      inserted AS (
        INSERT INTO submissions (puzzle_id, user_id, moves, length, created_at)
        SELECT ${submission.puzzleId}::int, ${submission.userId}::int, ${submission.moves}::text,
               ${submission.length}::int, clock_timestamp()
          FROM locked
        RETURNING id, puzzle_id, user_id, moves, length, created_at),
      entry AS (
        INSERT INTO leaderboard_entries (puzzle_id, user_id, submission_id, length, created_at, first_submission_id)
        SELECT puzzle_id, user_id, id, length, created_at, id FROM inserted
        ON CONFLICT (puzzle_id, user_id) DO UPDATE
          SET submission_id = EXCLUDED.submission_id, length = EXCLUDED.length, created_at = EXCLUDED.created_at
          WHERE EXCLUDED.length < leaderboard_entries.length
        RETURNING submission_id, puzzle_id, (xmax = 0) AS first),
      -- A user's first entry on the puzzle (inserted, not updated: xmax = 0) is one more player.
      played AS (
        INSERT INTO puzzle_stats (puzzle_id, players) SELECT puzzle_id, 1 FROM entry WHERE first
        ON CONFLICT (puzzle_id) DO UPDATE SET players = puzzle_stats.players + 1)
      SELECT id, puzzle_id AS "puzzleId", user_id AS "userId", moves, length, created_at AS "createdAt",
             EXISTS (SELECT 1 FROM entry) AS "newBest"
        FROM inserted`;
    if (row === undefined) throw new Error("INSERT ... RETURNING returned no row");
    const { newBest, ...stored } = row;
    return { submission: stored, newBest };
  }

  /** For DataLoader: any order, missing ids absent. */
  findByIds(ids: readonly number[]): Promise<Submission[]> {
    return this.prisma.submission.findMany({ where: { id: { in: [...ids] } } });
  }

  /** Newest first: WHERE user_id AND id < cursor ORDER BY id DESC LIMIT take. */
  pageByUser(userId: number, take: number, beforeId?: number): Promise<Submission[]> {
    return this.prisma.submission.findMany({
      where: { userId, id: beforeId === undefined ? undefined : { lt: beforeId } },
      orderBy: { id: "desc" },
      take,
    });
  }

  /**
   * The rank each submission holds on its puzzle's leaderboard now: 1 + the number of OTHER users
   * with a strictly shorter submission (for a user's best submission, that is their leaderboard rank).
   * One query for the whole batch; each count is a range of the entries' (puzzle_id, length, ...) index.
   */
  async ranks(keys: readonly RankKey[]): Promise<Map<number, number>> {
    if (keys.length === 0) return new Map();
    const rows = await this.prisma.$queryRaw<{ id: number; rank: number }[]>`
      SELECT k.id,
             1 + (SELECT count(*) FROM leaderboard_entries e
                   WHERE e.puzzle_id = k.puzzle_id AND e.length < k.length AND e.user_id <> k.user_id)::int AS rank
        FROM unnest(${keys.map((k) => k.id)}::int[], ${keys.map((k) => k.puzzleId)}::int[],
                    ${keys.map((k) => k.userId)}::int[], ${keys.map((k) => k.length)}::int[])
             AS k(id, puzzle_id, user_id, length)`;
    return new Map(rows.map((row) => [row.id, row.rank]));
  }
}
