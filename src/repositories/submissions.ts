// Submissions in Postgres: verified solutions, stored only after the server replayed them. A user's
// list is keyset-paginated on the id, newest first (submissions_user_id_id_idx).
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

  create(submission: NewSubmission): Promise<Submission> {
    return this.prisma.submission.create({ data: submission });
  }

  /** For DataLoader: any order, missing ids absent. */
  findByIds(ids: readonly number[]): Promise<Submission[]> {
    return this.prisma.submission.findMany({ where: { id: { in: [...ids] } } });
  }

  /** The user's shortest submission length for the puzzle, null when they have none. */
  async bestLength(puzzleId: number, userId: number): Promise<number | null> {
    const { _min } = await this.prisma.submission.aggregate({ where: { puzzleId, userId }, _min: { length: true } });
    return _min.length;
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
   * One query for the whole batch; each count is an index-only range scan of
   * submissions_puzzle_id_length_user_id_idx.
   */
  async ranks(keys: readonly RankKey[]): Promise<Map<number, number>> {
    if (keys.length === 0) return new Map();
    const rows = await this.prisma.$queryRaw<{ id: number; rank: number }[]>`
      SELECT k.id,
             1 + (SELECT count(DISTINCT s.user_id)
                    FROM submissions s
                   WHERE s.puzzle_id = k.puzzle_id AND s.length < k.length AND s.user_id <> k.user_id)::int AS rank
        FROM unnest(${keys.map((k) => k.id)}::int[], ${keys.map((k) => k.puzzleId)}::int[],
                    ${keys.map((k) => k.userId)}::int[], ${keys.map((k) => k.length)}::int[])
             AS k(id, puzzle_id, user_id, length)`;
    return new Map(rows.map((row) => [row.id, row.rank]));
  }
}
