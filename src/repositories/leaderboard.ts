// The ranking queries, in SQL. A puzzle's leaderboard is the table leaderboard_entries: each user's
// best submission (shortest, then earliest), kept by SubmissionRepository.create. Entries are ordered
// by (length, created_at, user_id); a rank is 1 + the number of entries strictly shorter (standard
// competition ranking: ties share a rank, the next one skips). A puzzle's optimum is the shortest
// SOLVED + optimal Solve of its canonical key (identical puzzles share it).
//
// Indexes (see docs/leaderboards.md): leaderboard_entries (puzzle_id, length, created_at, user_id)
// makes a page one index range and a rank one count over a prefix of that range, at any depth;
// leaderboard_entries (user_id) serves per-user counts; solves (canonical_key, status) finds optima.
// A leaderboard as it stood at a time (a daily puzzle's day: `before`) is computed, not kept: see
// entriesBefore.
import { Prisma } from "../generated/prisma/client.ts";
import type { PrismaClient } from "../db/client.ts";
import type { PuzzleKind } from "../generated/prisma/enums.ts";
import type { Solve } from "../generated/prisma/client.ts";
import { LISTED } from "./puzzles.ts";
import type { PublicUser } from "./users.ts";

export interface LeaderboardRow {
  readonly submissionId: number;
  readonly puzzleId: number;
  readonly userId: number;
  readonly length: number;
  readonly createdAt: Date;
  readonly rank: number;
  /** Read with the entry (a join), so a page needs no second query for its users. */
  readonly user: PublicUser;
}

/** What a leaderboard's connection shows besides its entries, in one query. */
export interface LeaderboardSummary {
  /** The puzzle exists and is not a daily puzzle waiting to be published (which no one may see). */
  readonly puzzleShown: boolean;
  /** The proven optimal length; null while unknown. */
  readonly optimum: number | null;
  readonly totalEntries: number;
}

/**
 * A puzzle's leaderboard as it stood at `before`: each user's best submission made before then. A
 * daily puzzle's day ranking is its puzzle's board before the day's end.
 */
export interface BoardAt {
  readonly puzzleId: number;
  readonly before: Date;
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

/** A topSolvers(orderBy: RATING) row: the counts and the player's rating value. */
export interface RatedSolverRow extends SolverRow {
  readonly rating: number;
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

/** A user's best submission on a puzzle. */
export interface BestSubmission {
  readonly submissionId: number;
  readonly length: number;
}

/** A topSolvers(orderBy: RATING) position: higher rating first, then user id. */
export interface RatedSolverKey {
  readonly rating: number;
  readonly userId: number;
}

/** Whether a puzzle still needs the platform to solve it so that `optimal` can be decided. */
export interface SolvingState {
  readonly optimum: number | null;
  /** A Solve of the canonical key is queued or running. */
  readonly pending: boolean;
  /**
   * The platform already asked once and that search ended without an optimum (e.g. TIMED_OUT). A
   * platform search that was cancelled or failed is no attempt: the next submission asks again.
   */
  readonly ownAttemptEnded: boolean;
}

const ROW_COLUMNS = Prisma.sql`id AS "submissionId", puzzle_id AS "puzzleId", user_id AS "userId", length,
  created_at AS "createdAt", rank, user_name AS "userName", user_created_at AS "userCreatedAt"`;

/** Entries `b` joined to their users `u`. */
const ENTRY_COLUMNS = Prisma.sql`b.submission_id AS id, b.puzzle_id, b.user_id, b.length, b.created_at,
  u.name AS user_name, u.created_at AS user_created_at`;

type RawRow = Omit<LeaderboardRow, "user"> & { userName: string; userCreatedAt: Date };

function toRow({ userName, userCreatedAt, ...row }: RawRow): LeaderboardRow {
  return { ...row, user: { id: row.userId, name: userName, createdAt: userCreatedAt } };
}

/**
 * Continues a WITH clause whose CTE `entries` holds leaderboard rows of one puzzle: selects them with
 * their ranks, one count per distinct length (a page holds few, ties are common), each count a range
 * of the (puzzle_id, length, ...) index.
 */
function withRanks(entries: string): Prisma.Sql {
  const from = Prisma.raw(entries);
  // MATERIALIZED: else the planner may run the count once per row of the join instead of per length.
  return Prisma.sql`,
    ranks AS MATERIALIZED (
      SELECT l.length,
             1 + (SELECT count(*) FROM leaderboard_entries e
                   WHERE e.puzzle_id = l.puzzle_id AND e.length < l.length)::int AS rank
        FROM (SELECT DISTINCT puzzle_id, length FROM ${from}) l)
    SELECT ${ROW_COLUMNS} FROM ${from} JOIN ranks USING (length)
     ORDER BY length, created_at, user_id`;
}

/**
 * The rows of puzzle `puzzleId`'s leaderboard as it stood at `before` (the columns of
 * leaderboard_entries that ENTRY_COLUMNS reads): each user's best submission made before it, shortest, then earliest. Nothing stores them:
 * a user whose entry was made before `before` keeps it (their best of all is their best of those);
 * a user whose entry came later gets the best of their submissions made before, if any, one index
 * range of submissions (puzzle_id, user_id, length, created_at) each. So the cost is the puzzle's
 * entries (read through its leaderboard index) plus one short range per later entry; it does not
 * grow with the submissions made before `before`.
 */
function entriesBefore(puzzleId: Prisma.Sql, before: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`
    SELECT b.submission_id, b.puzzle_id, b.user_id, b.length, b.created_at
      FROM leaderboard_entries b
     WHERE b.puzzle_id = ${puzzleId} AND b.created_at < ${before}
    UNION ALL
    SELECT s.id, b.puzzle_id, b.user_id, s.length, s.created_at
      FROM leaderboard_entries b
      JOIN LATERAL (SELECT s.id, s.length, s.created_at FROM submissions s
                     WHERE s.puzzle_id = b.puzzle_id AND s.user_id = b.user_id AND s.created_at < ${before}
                     ORDER BY s.length, s.created_at, s.id
                     LIMIT 1) s ON true
     WHERE b.puzzle_id = ${puzzleId} AND b.created_at >= ${before}`;
}

/** The SQL condition on puzzles `p` that `filter` sets, or null when it sets none. */
function puzzleFilterOf(filter: SolverFilter): Prisma.Sql | null {
  const conditions = [
    filter.kind === undefined ? undefined : Prisma.sql`p.kind = ${filter.kind}::"PuzzleKind"`,
    filter.rows === undefined ? undefined : Prisma.sql`p.rows = ${filter.rows}`,
    filter.cols === undefined ? undefined : Prisma.sql`p.cols = ${filter.cols}`,
  ].filter((c): c is Prisma.Sql => c !== undefined);
  return conditions.length === 0 ? null : Prisma.join(conditions, " AND ");
}

/** The shortest proven-optimal length of each puzzle `p` matching `where` that has one. */
function optimaOf(where: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`
    SELECT p.id AS puzzle_id, min(v.length) AS length
      FROM puzzles p
      JOIN solves v ON v.canonical_key = p.canonical_key AND v.status = 'SOLVED' AND v.optimal
     WHERE ${where}
     GROUP BY p.id`;
}

export class LeaderboardRepository {
  constructor(private readonly prisma: PrismaClient) {}

  /**
   * A page of the puzzle's leaderboard after `after` (exclusive), `take` rows; with `before`, of its
   * leaderboard as it stood then (entriesBefore), ranked among those rows only.
   */
  async page(
    puzzleId: number,
    take: number,
    after?: LeaderboardKey,
    before?: Date,
  ): Promise<LeaderboardRow[]> {
    const afterClause =
      after === undefined
        ? Prisma.empty
        : Prisma.sql`AND (b.length, b.created_at, b.user_id)
            > (${after.length}::int, ${after.createdAt}::timestamptz, ${after.userId}::int)`;
    if (before !== undefined) return this.pageBefore(puzzleId, before, take, afterClause);
    const rows = await this.prisma.$queryRaw<RawRow[]>`
      WITH page AS (
        SELECT ${ENTRY_COLUMNS} FROM leaderboard_entries b JOIN users u ON u.id = b.user_id
         WHERE b.puzzle_id = ${puzzleId} ${afterClause}
         ORDER BY b.length, b.created_at, b.user_id
         LIMIT ${take})
      ${withRanks("page")}`;
    return rows.map(toRow);
  }

  /**
   * page() at `before`: the rows are computed, so their ranks come from one window over all of them
   * (a count per length would scan them once per length), and the page is cut after it.
   */
  private async pageBefore(
    puzzleId: number,
    before: Date,
    take: number,
    afterClause: Prisma.Sql,
  ): Promise<LeaderboardRow[]> {
    const rows = await this.prisma.$queryRaw<RawRow[]>`
      WITH ranked AS (
        SELECT d.*, rank() OVER (ORDER BY d.length)::int AS rank
          FROM (${entriesBefore(Prisma.sql`${puzzleId}::int`, Prisma.sql`${before}::timestamptz`)}) d),
      page AS (
        SELECT * FROM ranked b WHERE true ${afterClause}
         ORDER BY b.length, b.created_at, b.user_id
         LIMIT ${take})
      SELECT ${ROW_COLUMNS}
        FROM (SELECT ${ENTRY_COLUMNS}, b.rank FROM page b JOIN users u ON u.id = b.user_id) e
       ORDER BY length, created_at, user_id`;
    return rows.map(toRow);
  }

  /** The user's entry on the puzzle's leaderboard (their best submission and its rank), or null. */
  async entryOf(puzzleId: number, userId: number): Promise<LeaderboardRow | null> {
    const rows = await this.prisma.$queryRaw<RawRow[]>`
      WITH entry AS (
        SELECT ${ENTRY_COLUMNS} FROM leaderboard_entries b JOIN users u ON u.id = b.user_id
         WHERE b.puzzle_id = ${puzzleId} AND b.user_id = ${userId})
      ${withRanks("entry")}`;
    return rows.length === 0 ? null : toRow(rows[0]);
  }

  /**
   * Whether the puzzle is shown (it exists, and is no daily puzzle not published yet), its optimum and
   * its number of entries (index-only count); with `before`, of its leaderboard as it stood then.
   */
  async summary(puzzleId: number, before?: Date): Promise<LeaderboardSummary> {
    const entries =
      before === undefined
        ? Prisma.sql`SELECT 1 FROM leaderboard_entries WHERE puzzle_id = ${puzzleId}`
        : entriesBefore(Prisma.sql`${puzzleId}::int`, Prisma.sql`${before}::timestamptz`);
    const [row] = await this.prisma.$queryRaw<LeaderboardSummary[]>`
      SELECT EXISTS (SELECT 1 FROM puzzles WHERE id = ${puzzleId})
               AND NOT EXISTS (SELECT 1 FROM daily_puzzles
                                WHERE puzzle_id = ${puzzleId} AND published_at IS NULL) AS "puzzleShown",
             (SELECT length FROM (${optimaOf(Prisma.sql`p.id = ${puzzleId}`)}) o) AS optimum,
             (SELECT count(*) FROM (${entries}) e)::int AS "totalEntries"`;
    return row ?? { puzzleShown: false, optimum: null, totalEntries: 0 };
  }

  /**
   * The number of rows of each board, in the order given: its players, users with a submission made
   * before its time. Counts entriesBefore, so it agrees with summary's totalEntries.
   */
  async playersBefore(boards: readonly BoardAt[]): Promise<number[]> {
    if (boards.length === 0) return [];
    const rows = await this.prisma.$queryRaw<{ players: number }[]>`
      SELECT (SELECT count(*) FROM (${entriesBefore(Prisma.sql`q.puzzle_id`, Prisma.sql`q.before`)}) e)::int
               AS players
        FROM unnest(${boards.map((board) => board.puzzleId)}::int[],
                    ${boards.map((board) => board.before.toISOString())}::timestamptz[])
               WITH ORDINALITY AS q(puzzle_id, before, n)
       ORDER BY q.n`;
    return rows.map((row) => row.players);
  }

  /** Proven optimal lengths by puzzle id; puzzles without one are absent. */
  async optima(puzzleIds: readonly number[]): Promise<Map<number, number>> {
    if (puzzleIds.length === 0) return new Map();
    const rows = await this.prisma.$queryRaw<{ puzzle_id: number; length: number }[]>(
      optimaOf(Prisma.sql`p.id = ANY(${[...puzzleIds]}::int[])`),
    );
    return new Map(rows.map((row) => [row.puzzle_id, row.length]));
  }

  async solvingState(canonicalKey: string): Promise<SolvingState> {
    const [row] = await this.prisma.$queryRaw<SolvingState[]>`
      SELECT min(length) FILTER (WHERE status = 'SOLVED' AND optimal) AS optimum,
             coalesce(bool_or(status IN ('QUEUED', 'RUNNING')), false) AS pending,
             coalesce(bool_or(requested_by_id IS NULL
                              AND status NOT IN ('QUEUED', 'RUNNING', 'CANCELLED', 'FAILED')), false)
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
    const puzzleFilter = puzzleFilterOf(filter);
    const puzzleJoin =
      puzzleFilter === null
        ? Prisma.empty
        : Prisma.sql`JOIN puzzles p ON p.id = b.puzzle_id AND ${puzzleFilter}`;
    // The ordering is (-optimal, excess, user_id) ascending, so the cursor is one row comparison.
    const afterClause =
      after === undefined
        ? Prisma.empty
        : Prisma.sql`WHERE (-"optimalSolutions", "excessMoves", "userId")
                         > (${-after.optimalSolutions}::int, ${after.excessMoves}::int, ${after.userId}::int)`;
    // One pass over the entries (of matching puzzles), joined to the optima: O(entries). See
    // docs/leaderboards.md for its cost and what to do when it grows too large.
    return this.prisma.$queryRaw<SolverRow[]>`
      WITH optimum AS (${optimaOf(puzzleFilter ?? Prisma.sql`true`)}),
      per_user AS (
        SELECT b.user_id AS "userId",
               (count(*) FILTER (WHERE b.length <= o.length))::int AS "optimalSolutions",
               coalesce(sum(greatest(b.length - o.length, 0)), 0)::int AS "excessMoves",
               count(*)::int AS "puzzlesSolved"
          FROM leaderboard_entries b ${puzzleJoin}
          LEFT JOIN optimum o ON o.puzzle_id = b.puzzle_id
         GROUP BY b.user_id),
      ranked AS (
        SELECT per_user.*, rank() OVER (ORDER BY "optimalSolutions" DESC, "excessMoves")::int AS rank
          FROM per_user)
      SELECT * FROM ranked ${afterClause}
       ORDER BY "optimalSolutions" DESC, "excessMoves", "userId"
       LIMIT ${take}`;
  }

  /**
   * Users with a rating who have an entry on a matching puzzle, by rating (higher first), then user
   * id, with the same counts as topSolvers. Competition ranking on the rating. O(entries), as topSolvers.
   */
  topRated(filter: SolverFilter, take: number, after?: RatedSolverKey): Promise<RatedSolverRow[]> {
    const puzzleFilter = puzzleFilterOf(filter) ?? Prisma.sql`true`;
    const afterClause =
      after === undefined
        ? Prisma.empty
        : Prisma.sql`WHERE (-rating, "userId") > (${-after.rating}::float8, ${after.userId}::int)`;
    return this.prisma.$queryRaw<RatedSolverRow[]>`
      WITH optimum AS (${optimaOf(puzzleFilter)}),
      per_user AS (
        SELECT b.user_id AS "userId",
               (count(*) FILTER (WHERE b.length <= o.length))::int AS "optimalSolutions",
               coalesce(sum(greatest(b.length - o.length, 0)), 0)::int AS "excessMoves",
               count(*)::int AS "puzzlesSolved"
          FROM leaderboard_entries b JOIN puzzles p ON p.id = b.puzzle_id AND ${puzzleFilter}
          LEFT JOIN optimum o ON o.puzzle_id = b.puzzle_id
         GROUP BY b.user_id),
      ranked AS (
        SELECT per_user.*, r.value AS rating, rank() OVER (ORDER BY r.value DESC)::int AS rank
          FROM per_user JOIN player_ratings r ON r.user_id = per_user."userId")
      SELECT * FROM ranked ${afterClause}
       ORDER BY rating DESC, "userId"
       LIMIT ${take}`;
  }

  /** The user's best submission on each of the puzzles they have an entry on. */
  async bestOf(userId: number, puzzleIds: readonly number[]): Promise<Map<number, BestSubmission>> {
    if (puzzleIds.length === 0) return new Map();
    const rows = await this.prisma.$queryRaw<(BestSubmission & { puzzleId: number })[]>`
      SELECT puzzle_id AS "puzzleId", submission_id AS "submissionId", length FROM leaderboard_entries
       WHERE user_id = ${userId} AND puzzle_id = ANY(${[...puzzleIds]}::int[])`;
    return new Map(rows.map(({ puzzleId, ...best }) => [puzzleId, best]));
  }

  /** The shortest proven-optimal Solve of each puzzle's canonical key (earliest among equals). */
  async optimalSolves(puzzleIds: readonly number[]): Promise<Map<number, Solve>> {
    if (puzzleIds.length === 0) return new Map();
    const rows = await this.prisma.$queryRaw<{ puzzleId: number; solveId: number }[]>`
      SELECT DISTINCT ON (p.id) p.id AS "puzzleId", v.id AS "solveId"
        FROM puzzles p
        JOIN solves v ON v.canonical_key = p.canonical_key AND v.status = 'SOLVED' AND v.optimal
       WHERE p.id = ANY(${[...puzzleIds]}::int[])
       ORDER BY p.id, v.length, v.id`;
    const solves = new Map(
      (await this.prisma.solve.findMany({ where: { id: { in: rows.map((row) => row.solveId) } } })).map(
        (solve) => [solve.id, solve],
      ),
    );
    const result = new Map<number, Solve>();
    for (const row of rows) {
      const solve = solves.get(row.solveId);
      if (solve !== undefined) result.set(row.puzzleId, solve);
    }
    return result;
  }

  /** Counts per user, for the users in `userIds` (one query for a whole page of users). */
  async userStats(userIds: readonly number[]): Promise<Map<number, UserStatsRow>> {
    if (userIds.length === 0) return new Map();
    const rows = await this.prisma.$queryRaw<UserStatsRow[]>`
      SELECT u.id AS "userId",
             (SELECT count(*) FROM submissions s WHERE s.user_id = u.id)::int AS submissions,
             (SELECT count(*) FROM puzzles p WHERE p.owner_id = u.id AND ${LISTED})::int AS "puzzlesCreated",
             (SELECT count(*)
                FROM leaderboard_entries b
                JOIN puzzles p ON p.id = b.puzzle_id
                JOIN LATERAL (SELECT min(v.length) AS length FROM solves v
                               WHERE v.canonical_key = p.canonical_key AND v.status = 'SOLVED' AND v.optimal) o
                  ON b.length <= o.length
               WHERE b.user_id = u.id)::int AS "optimalSolutions"
        FROM unnest(${[...userIds]}::int[]) AS u(id)`;
    return new Map(rows.map((row) => [row.userId, row]));
  }
}
