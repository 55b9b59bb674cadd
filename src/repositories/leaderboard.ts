// The ranking queries, in SQL. A puzzle's leaderboard is each user's best submission (shortest, then
// earliest), ordered by (length, created_at, user_id) and ranked with rank() over the length:
// standard competition ranking, ties share a rank and the next one skips. A puzzle's optimum is the
// shortest SOLVED + optimal Solve of its canonical key (identical puzzles share it).
//
// Indexes (see docs/leaderboards.md): submissions (puzzle_id, user_id, length, created_at) gives the
// DISTINCT ON per user in index order; submissions (puzzle_id, length, user_id) serves "how many users
// are shorter than L" counts; solves (canonical_key, status) finds optima.
import { Prisma } from "../generated/prisma/client.ts";
import type { PrismaClient } from "../db/client.ts";
import type { PuzzleKind } from "../generated/prisma/enums.ts";

export interface LeaderboardRow {
  readonly submissionId: number;
  readonly puzzleId: number;
  readonly userId: number;
  readonly length: number;
  readonly createdAt: Date;
  readonly rank: number;
}

/** A leaderboard position: rows strictly after it come next. */
export interface LeaderboardKey {
  readonly length: number;
  readonly createdAt: Date;
  readonly userId: number;
}

export interface SolverFilter {
  readonly kind?: PuzzleKind;
  readonly rows?: number;
  readonly cols?: number;
}

export interface SolverRow {
  readonly userId: number;
  readonly rank: number;
  /** Distinct puzzles whose proven optimum the user's best submission reaches. */
  readonly optimalSolutions: number;
  /** Over the puzzles with a known optimum: the sum of (user's best - optimum). */
  readonly excessMoves: number;
  /** Distinct puzzles the user submitted a solution for. */
  readonly puzzlesSolved: number;
}

/** A topSolvers position: more optimal solutions first, then fewer excess moves, then user id. */
export interface SolverKey {
  readonly optimalSolutions: number;
  readonly excessMoves: number;
  readonly userId: number;
}

export interface UserStatsRow {
  readonly userId: number;
  readonly submissions: number;
  readonly optimalSolutions: number;
  readonly puzzlesCreated: number;
}

/** Whether a puzzle still needs the platform to solve it so that `optimal` can be decided. */
export interface SolvingState {
  readonly optimum: number | null;
  /** A Solve of the canonical key is queued or running. */
  readonly pending: boolean;
  /** The platform already asked once and that search ended without an optimum (e.g. TIMED_OUT). */
  readonly ownAttemptEnded: boolean;
}

const ROW_COLUMNS = Prisma.sql`id AS "submissionId", puzzle_id AS "puzzleId", user_id AS "userId", length,
  created_at AS "createdAt", rank`;

/** Each user's best submission for the puzzle: the first row per user in index order. */
function bestPerUser(puzzleId: number): Prisma.Sql {
  return Prisma.sql`
    SELECT DISTINCT ON (user_id) id, puzzle_id, user_id, length, created_at
      FROM submissions
     WHERE puzzle_id = ${puzzleId}
     ORDER BY user_id, length, created_at, id`;
}

/** The shortest proven-optimal length of each puzzle in `puzzleIds` that has one. */
function optimaOf(puzzleIds: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`
    SELECT p.id AS puzzle_id, min(v.length) AS length
      FROM puzzles p
      JOIN solves v ON v.canonical_key = p.canonical_key AND v.status = 'SOLVED' AND v.optimal
     WHERE p.id IN (${puzzleIds})
     GROUP BY p.id`;
}

export class LeaderboardRepository {
  constructor(private readonly prisma: PrismaClient) {}

  /** A page of the puzzle's leaderboard after `after` (exclusive), `take` rows. */
  page(puzzleId: number, take: number, after?: LeaderboardKey): Promise<LeaderboardRow[]> {
    const afterClause =
      after === undefined
        ? Prisma.empty
        : Prisma.sql`WHERE (length, created_at, user_id) > (${after.length}::int, ${after.createdAt}::timestamptz, ${after.userId}::int)`;
    return this.prisma.$queryRaw<LeaderboardRow[]>`
      WITH best AS (${bestPerUser(puzzleId)}),
           ranked AS (SELECT best.*, rank() OVER (ORDER BY length)::int AS rank FROM best)
      SELECT ${ROW_COLUMNS} FROM ranked ${afterClause}
       ORDER BY length, created_at, user_id
       LIMIT ${take}`;
  }

  /** The user's entry on the puzzle's leaderboard (their best submission and its rank), or null. */
  async entryOf(puzzleId: number, userId: number): Promise<LeaderboardRow | null> {
    const rows = await this.prisma.$queryRaw<LeaderboardRow[]>`
      WITH best AS (
        SELECT id, puzzle_id, user_id, length, created_at FROM submissions
         WHERE puzzle_id = ${puzzleId} AND user_id = ${userId}
         ORDER BY length, created_at, id LIMIT 1)
      SELECT ${ROW_COLUMNS} FROM (
        SELECT best.*, 1 + (SELECT count(DISTINCT s.user_id) FROM submissions s
                             WHERE s.puzzle_id = best.puzzle_id AND s.length < best.length)::int AS rank
          FROM best) entry`;
    return rows[0] ?? null;
  }

  /** Users with at least one submission for the puzzle. */
  async totalEntries(puzzleId: number): Promise<number> {
    const [row] = await this.prisma.$queryRaw<{ total: number }[]>`
      SELECT count(DISTINCT user_id)::int AS total FROM submissions WHERE puzzle_id = ${puzzleId}`;
    return row?.total ?? 0;
  }

  /** Proven optimal lengths by puzzle id; puzzles without one are absent. */
  async optima(puzzleIds: readonly number[]): Promise<Map<number, number>> {
    if (puzzleIds.length === 0) return new Map();
    const rows = await this.prisma.$queryRaw<{ puzzle_id: number; length: number }[]>(
      optimaOf(Prisma.sql`SELECT unnest(${[...puzzleIds]}::int[])`),
    );
    return new Map(rows.map((row) => [row.puzzle_id, row.length]));
  }

  async solvingState(canonicalKey: string): Promise<SolvingState> {
    const [row] = await this.prisma.$queryRaw<SolvingState[]>`
      SELECT min(length) FILTER (WHERE status = 'SOLVED' AND optimal) AS optimum,
             coalesce(bool_or(status IN ('QUEUED', 'RUNNING')), false) AS pending,
             coalesce(bool_or(requested_by_id IS NULL AND status NOT IN ('QUEUED', 'RUNNING')), false)
               AS "ownAttemptEnded"
        FROM solves WHERE canonical_key = ${canonicalKey}`;
    return row ?? { optimum: null, pending: false, ownAttemptEnded: false };
  }

  /**
   * Users ranked by distinct puzzles solved optimally (more first), then total excess moves over
   * the optimum (fewer first), among puzzles matching `filter`. Competition ranking; every user with
   * a submission for a matching puzzle appears.
   */
  topSolvers(filter: SolverFilter, take: number, after?: SolverKey): Promise<SolverRow[]> {
    const conditions = [
      filter.kind === undefined ? undefined : Prisma.sql`p.kind = ${filter.kind}::"PuzzleKind"`,
      filter.rows === undefined ? undefined : Prisma.sql`p.rows = ${filter.rows}`,
      filter.cols === undefined ? undefined : Prisma.sql`p.cols = ${filter.cols}`,
    ].filter((c): c is Prisma.Sql => c !== undefined);
    const puzzleJoin =
      conditions.length === 0
        ? Prisma.empty
        : Prisma.sql`JOIN puzzles p ON p.id = s.puzzle_id AND ${Prisma.join(conditions, " AND ")}`;
    // The ordering is (-optimal, excess, user_id) ascending, so the cursor is one row comparison.
    const afterClause =
      after === undefined
        ? Prisma.empty
        : Prisma.sql`WHERE (-"optimalSolutions", "excessMoves", "userId")
                         > (${-after.optimalSolutions}::int, ${after.excessMoves}::int, ${after.userId}::int)`;
    return this.prisma.$queryRaw<SolverRow[]>`
      WITH best AS (
        SELECT s.user_id, s.puzzle_id, min(s.length) AS length
          FROM submissions s ${puzzleJoin}
         GROUP BY s.user_id, s.puzzle_id),
      optimum AS (${optimaOf(Prisma.sql`SELECT DISTINCT puzzle_id FROM best`)}),
      per_user AS (
        SELECT b.user_id AS "userId",
               (count(*) FILTER (WHERE b.length <= o.length))::int AS "optimalSolutions",
               coalesce(sum(greatest(b.length - o.length, 0)), 0)::int AS "excessMoves",
               count(*)::int AS "puzzlesSolved"
          FROM best b LEFT JOIN optimum o USING (puzzle_id)
         GROUP BY b.user_id),
      ranked AS (
        SELECT per_user.*, rank() OVER (ORDER BY "optimalSolutions" DESC, "excessMoves")::int AS rank
          FROM per_user)
      SELECT * FROM ranked ${afterClause}
       ORDER BY "optimalSolutions" DESC, "excessMoves", "userId"
       LIMIT ${take}`;
  }

  /** Counts per user, for the users in `userIds` (one query for a whole page of users). */
  async userStats(userIds: readonly number[]): Promise<Map<number, UserStatsRow>> {
    if (userIds.length === 0) return new Map();
    const rows = await this.prisma.$queryRaw<UserStatsRow[]>`
      SELECT u.id AS "userId",
             (SELECT count(*) FROM submissions s WHERE s.user_id = u.id)::int AS submissions,
             (SELECT count(*) FROM puzzles p WHERE p.owner_id = u.id)::int AS "puzzlesCreated",
             (SELECT count(DISTINCT s.puzzle_id)
                FROM submissions s
                JOIN puzzles p ON p.id = s.puzzle_id
                JOIN LATERAL (SELECT min(v.length) AS length FROM solves v
                               WHERE v.canonical_key = p.canonical_key AND v.status = 'SOLVED' AND v.optimal) o
                  ON s.length <= o.length
               WHERE s.user_id = u.id)::int AS "optimalSolutions"
        FROM unnest(${[...userIds]}::int[]) AS u(id)`;
    return new Map(rows.map((row) => [row.userId, row]));
  }
}
