// The Solve rows a request reads and writes: the solve history and the source of truth of the
// pipeline. Every state change is a conditional update (only rows still QUEUED or RUNNING move), so a
// retried, duplicated or late job can never write a second result or bring a finished Solve back to
// RUNNING. What a search job writes (running, its bound, its result) is SolveJobRepository's
// (job-repository.ts); the SQL both share is in solve-rows.ts.
//
// Changes that decide which search a Solve follows (the cached answer, following a running search,
// writing a search's result, cancelling) run under a Postgres advisory lock on the canonical key:
// a new Solve either joins a search before its result is written (and gets it), or sees the result.
import type { PrismaClient } from "../db/client.ts";
import type { Prisma, Solve } from "../generated/prisma/client.ts";
import type { SolveStatus } from "../generated/prisma/enums.ts";
import type { InsertBatcher } from "../repositories/insert-batcher.ts";
import { ACTIVE_STATUSES, type SolveOutcome } from "./outcome.ts";
import {
  type FinishedSolve,
  finishedSolveInserts,
  flushCommits,
  type NewSolve,
  outcomeColumns,
  type SolveSqlRow,
  solveOfRow,
} from "./solve-rows.ts";

export interface SolvePageQuery {
  readonly puzzleId?: number;
  /** The Solves this user requested, and the platform's for their submissions (onBehalfOf). */
  readonly userId?: number;
  /** Only Solves older than this id (the cursor). */
  readonly beforeId?: number;
  readonly take: number;
}

type QueuedVia = "cached" | "followed" | "new";

export interface QueuedSolve {
  readonly solve: Solve;
  readonly via: QueuedVia;
  /** The requester's (or the on-behalf-of user's) QUEUED or RUNNING Solves before this one (0 when answered from the cache). */
  readonly openBefore: number;
}

type Tx = Prisma.TransactionClient;

/** Serialises, per canonical key, the decisions about which search a Solve follows (held until commit). */
async function lockKey(tx: Tx, canonicalKey: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${canonicalKey}, 0))`;
}

const active = { in: [...ACTIVE_STATUSES] };

/**
 * How a platform Solve ends without being the platform's attempt at its key: it proved nothing (its
 * submitter cancelled it, or the search failed), so the platform asks again. The same list is in
 * solve_create_queued (migration …_platform_solve_retry_cancelled) and in
 * LeaderboardRepository.solvingState.
 */
const ENDED_WITHOUT_ANSWER: readonly SolveStatus[] = ["CANCELLED", "FAILED"];

export interface QueueLimits {
  /**
   * Refuse (OpenSolvesLimitError) when the requester (for a platform Solve, its on-behalf-of user)
   * already has this many QUEUED or RUNNING Solves, counting those run on their behalf.
   */
  readonly maxOpenPerUser?: number;
}

/** A user already has as many open Solves as allowed; nothing was stored. */
export class OpenSolvesLimitError extends Error {
  override readonly name = "OpenSolvesLimitError";
  constructor(
    readonly limit: number,
    readonly open: number,
  ) {
    super(`at most ${limit} open solves per user: ${open} are QUEUED or RUNNING`);
  }
}

/** createQueued's answer: the row inserted (all null when refused) and what decided it. */
type DecidedSolveRow = { [K in keyof SolveSqlRow]: SolveSqlRow[K] | null } & {
  is_cached: boolean;
  open_before: number;
  running_job: string | null;
};

export class SolveRepository {
  private readonly finishedInserts: InsertBatcher<FinishedSolve, Solve>;

  constructor(private readonly db: PrismaClient) {
    this.finishedInserts = finishedSolveInserts(db);
  }

  /** Raw SQL: the read of every solveProgress subscription (and of `solve(id)`), cheaper than the ORM's. */
  async findById(id: number): Promise<Solve | null> {
    const [row] = await this.db.$queryRaw<SolveSqlRow[]>`SELECT * FROM "solves" WHERE "id" = ${id}::int`;
    return row === undefined ? null : solveOfRow(row);
  }

  findByIds(ids: readonly number[]): Promise<Solve[]> {
    return this.db.solve.findMany({ where: { id: { in: [...ids] } } });
  }

  /**
   * A Solve answered within the request (table lookup, unsolvable puzzle). Concurrent ones are
   * inserted together (see InsertBatcher): this is the hot path of requestSolve.
   */
  createFinished(solve: NewSolve, outcome: SolveOutcome): Promise<Solve> {
    const now = new Date();
    if (solve.requestedById === null) return this.createPlatformFinished(solve, outcome, now);
    return this.finishedInserts.insert({
      ...solve,
      ...outcomeColumns(outcome, now),
      queuedAt: now,
      startedAt: now,
    });
  }

  /**
   * The platform's own Solve answered within the request: at most one per canonical key (as in
   * solve_create_queued), decided under the key's advisory lock; a later or concurrent request gets
   * the existing row, unless it was cancelled or failed (no attempt: see ENDED_WITHOUT_ANSWER). Rare
   * (once per puzzle), so not batched.
   */
  private createPlatformFinished(solve: NewSolve, outcome: SolveOutcome, now: Date): Promise<Solve> {
    return this.db.$transaction(async (tx) => {
      await lockKey(tx, solve.canonicalKey);
      const existing = await tx.solve.findFirst({
        where: {
          canonicalKey: solve.canonicalKey,
          requestedById: null,
          status: { notIn: [...ENDED_WITHOUT_ANSWER] },
        },
        orderBy: { id: "asc" },
      });
      if (existing !== null) return existing;
      return tx.solve.create({
        data: { ...solve, ...outcomeColumns(outcome, now), queuedAt: now, startedAt: now },
      });
    });
  }

  /**
   * A Solve that needs a search: answered from an earlier optimal result for the same canonical
   * key if there is one, else attached to an identical search still queued or running, else given
   * the new job id `jobId` (the caller then adds that job). Refused (OpenSolvesLimitError, nothing
   * stored) when it would need a search and the requester already has `maxOpenPerUser` open Solves.
   * The platform (requestedById null) asks at most once per canonical key: a second request gets the
   * first one's row back, via "cached" (nothing to enqueue), unless that one was cancelled or failed
   * (then it is asked again: migration …_platform_solve_retry_cancelled). A platform Solve with
   * `onBehalfOfId` is counted (and refused) as that user's.
   *
   * One round trip (this is on every queued request's path): the SQL function solve_create_queued
   * (prisma/migrations/…_solve_pipeline_functions) takes the advisory locks (the canonical key's, then
   * the requester's, always in that order, so no two transactions wait for each other), then decides
   * and inserts with statements whose snapshots, taken after the locks are granted, see everything the
   * previous holder committed. It commits with this statement, without waiting for the WAL flush: the
   * row is visible at once (a worker may take its job meanwhile); the caller awaits `flushed()` before
   * the request counts as accepted.
   */
  async createQueued(solve: NewSolve, jobId: string, limits: QueueLimits = {}): Promise<QueuedSolve> {
    const user = solve.requestedById ?? solve.onBehalfOfId ?? null;
    const [row] = await this.db.$queryRaw<DecidedSolveRow[]>`
      SELECT (r."solve").*, r."is_cached", r."open_before", r."running_job"
      FROM (SELECT set_config('synchronous_commit', 'off', true)) AS async_commit, "solve_create_queued"(${solve.puzzleId}::int, ${solve.requestedById}::int, ${solve.canonicalKey}::varchar,
        ${solve.algorithm}::"SolveAlgorithm", ${solve.heuristic}::varchar, ${solve.timeLimitSeconds}::int,
        ${jobId}::varchar, ${limits.maxOpenPerUser ?? null}::int, ${solve.onBehalfOfId ?? null}::int,
        ${solve.split ?? null}::boolean) AS r`;
    const openBefore = row.is_cached || user === null ? 0 : row.open_before;
    if (row.id === null) throw new OpenSolvesLimitError(limits.maxOpenPerUser as number, openBefore);
    const via: QueuedVia = row.is_cached ? "cached" : row.running_job !== null ? "followed" : "new";
    const created = solveOfRow(row as SolveSqlRow);
    if (via !== "followed") return { solve: created, via, openBefore };
    return { solve: (await this.joinRunning(created)) ?? created, via, openBefore };
  }

  /**
   * A Solve that followed a search already marked RUNNING is RUNNING too, from the same start (it
   * was QUEUED, "waiting for a worker", while the worker searched for it); null when the search is
   * not running yet (then markRunning takes it along). Only QUEUED becomes RUNNING: a result written
   * meanwhile is kept.
   */
  private async joinRunning(solve: Solve): Promise<Solve | null> {
    const [row] = await this.db.$queryRaw<SolveSqlRow[]>`
      UPDATE "solves" AS s SET "status" = 'RUNNING', "started_at" = running."started_at"
      FROM (SELECT min(r."started_at") AS "started_at" FROM "solves" AS r
            WHERE r."job_id" = ${solve.jobId} AND r."status" = 'RUNNING' AND r."id" <> ${solve.id}) AS running
      WHERE s."id" = ${solve.id} AND s."status" = 'QUEUED' AND running."started_at" IS NOT NULL
      RETURNING s.*`;
    return row === undefined ? null : solveOfRow(row);
  }

  /** Resolves once every transaction committed before the call is on disk (see flushCommits). */
  flushed(): Promise<void> {
    return flushCommits(this.db);
  }

  /**
   * Cancels one Solve if it still waits. Returns the row and how many other Solves still follow
   * its job (when none do, the caller stops the search).
   */
  cancel(id: number): Promise<{ solve: Solve; cancelled: boolean; stillFollowing: number } | null> {
    return this.db.$transaction(async (tx) => {
      const current = await tx.solve.findUnique({ where: { id } });
      if (!current) return null;
      await lockKey(tx, current.canonicalKey);
      const { count } = await tx.solve.updateMany({
        where: { id, status: active },
        data: { status: "CANCELLED", finishedAt: new Date() },
      });
      const solve = (await tx.solve.findUnique({ where: { id } })) ?? current;
      const stillFollowing = solve.jobId
        ? await tx.solve.count({ where: { jobId: solve.jobId, status: active } })
        : 0;
      return { solve, cancelled: count > 0, stillFollowing };
    });
  }

  /** Newest first: WHERE puzzle/requester AND id < cursor ORDER BY id DESC LIMIT take. */
  page(query: SolvePageQuery): Promise<Solve[]> {
    return this.db.solve.findMany({
      where: {
        puzzleId: query.puzzleId,
        OR:
          query.userId === undefined
            ? undefined
            : [{ requestedById: query.userId }, { onBehalfOfId: query.userId }],
        id: query.beforeId === undefined ? undefined : { lt: query.beforeId },
      },
      orderBy: { id: "desc" },
      take: query.take,
    });
  }
}
