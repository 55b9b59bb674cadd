// The Solve rows: the solve history and the source of truth of the pipeline. Every state change is
// a conditional update (only rows still QUEUED or RUNNING move), so a retried, duplicated or late job
// can never write a second result or bring a finished Solve back to RUNNING.
//
// Changes that decide which search a Solve follows (the cached answer, following a running search,
// writing a search's result, cancelling) run under a Postgres advisory lock on the canonical key:
// a new Solve either joins a search before its result is written (and gets it), or sees the result.
import type { PrismaClient } from "../db/client.ts";
import type { Prisma, Puzzle, Solve } from "../generated/prisma/client.ts";
import type { SolveAlgorithm, SolveStatus } from "../generated/prisma/enums.ts";
import { InsertBatcher } from "../repositories/insert-batcher.ts";
import { ACTIVE_STATUSES, type SolveOutcome } from "./outcome.ts";

export interface NewSolve {
  readonly puzzleId: number;
  readonly requestedById: number | null;
  /** A platform Solve's user (requestedById null): counted in that user's open solves. */
  readonly onBehalfOfId?: number | null;
  readonly canonicalKey: string;
  readonly algorithm: SolveAlgorithm;
  readonly heuristic: string;
  readonly timeLimitSeconds: number;
  /** SolveOptions.split (null or absent: AUTO). */
  readonly split?: boolean | null;
}

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

export type SolveWithPuzzle = Solve & { puzzle: Puzzle };

type Tx = Prisma.TransactionClient;

function outcomeColumns(outcome: SolveOutcome, finishedAt: Date) {
  return {
    status: outcome.status,
    moves: outcome.moves ?? null,
    length: outcome.length ?? null,
    optimal: outcome.optimal ?? null,
    lowerBound: outcome.lowerBound ?? null,
    nodesExpanded: outcome.nodesExpanded == null ? null : BigInt(Math.round(outcome.nodesExpanded)),
    durationMs: outcome.durationMs == null ? null : Math.round(outcome.durationMs),
    algorithmUsed: outcome.algorithmUsed ?? null,
    heuristicUsed: outcome.heuristicUsed ?? null,
    unitsTotal: outcome.unitsTotal ?? null,
    error: outcome.error ?? null,
    finishedAt,
  };
}

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

type FinishedSolve = NewSolve & ReturnType<typeof outcomeColumns> & { queuedAt: Date; startedAt: Date };

/** What tells two finished Solves of one insert batch apart (equal keys: interchangeable rows). */
function finishedKey(
  s: Pick<
    Solve,
    | "puzzleId"
    | "canonicalKey"
    | "requestedById"
    | "status"
    | "moves"
    | "algorithm"
    | "heuristic"
    | "timeLimitSeconds"
  > & { readonly split?: boolean | null },
): string {
  return JSON.stringify([
    s.puzzleId,
    s.canonicalKey,
    s.requestedById,
    s.status,
    s.moves,
    s.algorithm,
    s.heuristic,
    s.timeLimitSeconds,
    s.split ?? null,
  ]);
}

/** A `solves` row as Postgres returns it (RETURNING *). */
interface SolveSqlRow {
  id: number;
  puzzle_id: number;
  requested_by_id: number | null;
  on_behalf_of_id: number | null;
  canonical_key: string;
  algorithm: SolveAlgorithm;
  heuristic: string;
  time_limit_seconds: number;
  split: boolean | null;
  status: SolveStatus;
  job_id: string | null;
  cached: boolean;
  moves: string | null;
  length: number | null;
  optimal: boolean | null;
  lower_bound: number | null;
  nodes_expanded: bigint | null;
  duration_ms: number | null;
  algorithm_used: string | null;
  heuristic_used: string | null;
  units_total: number | null;
  proven_lower_bound: number | null;
  error: string | null;
  queued_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
}

/** createQueued's answer: the row inserted (all null when refused) and what decided it. */
type DecidedSolveRow = { [K in keyof SolveSqlRow]: SolveSqlRow[K] | null } & {
  is_cached: boolean;
  open_before: number;
  running_job: string | null;
};

/** Typed as Prisma's Solve: a column added to the schema fails to compile here until it is mapped. */
function solveOfRow(r: SolveSqlRow): Solve {
  return {
    id: r.id,
    puzzleId: r.puzzle_id,
    requestedById: r.requested_by_id,
    onBehalfOfId: r.on_behalf_of_id,
    canonicalKey: r.canonical_key,
    algorithm: r.algorithm,
    heuristic: r.heuristic,
    timeLimitSeconds: r.time_limit_seconds,
    split: r.split,
    status: r.status,
    jobId: r.job_id,
    cached: r.cached,
    moves: r.moves,
    length: r.length,
    optimal: r.optimal,
    lowerBound: r.lower_bound,
    nodesExpanded: r.nodes_expanded,
    durationMs: r.duration_ms,
    algorithmUsed: r.algorithm_used,
    heuristicUsed: r.heuristic_used,
    unitsTotal: r.units_total,
    provenLowerBound: r.proven_lower_bound,
    error: r.error,
    queuedAt: r.queued_at,
    startedAt: r.started_at,
    finishedAt: r.finished_at,
  };
}

/**
 * Many finished Solves in one statement whose shape does not depend on how many: one array per
 * column, unnested. Measured about six times cheaper in CPU per row than createManyAndReturn,
 * which matters on the hottest path of the API (inline requestSolve).
 */
async function insertFinishedSolves(db: PrismaClient, rows: readonly FinishedSolve[]): Promise<Solve[]> {
  const column = <T>(pick: (row: FinishedSolve) => T): T[] => rows.map(pick);
  // These rows record answers already sent, derived from a table and cheap to ask for again: their
  // commit does not wait for the WAL flush (about 4 ms per commit on this machine's disk), set for
  // this statement's own transaction only. A Postgres crash could forget the last fraction of a
  // second of them; QUEUED Solves and search results are always committed durably.
  const inserted = await db.$queryRaw<SolveSqlRow[]>`
    WITH async_commit AS (SELECT set_config('synchronous_commit', 'off', true))
    INSERT INTO "solves" ("puzzle_id", "requested_by_id", "canonical_key", "algorithm", "heuristic",
      "time_limit_seconds", "status", "moves", "length", "optimal", "lower_bound", "nodes_expanded",
      "duration_ms", "algorithm_used", "heuristic_used", "error", "queued_at", "started_at", "finished_at", "split")
    SELECT row.* FROM async_commit, unnest(
      ${column((r) => r.puzzleId)}::int[], ${column((r) => r.requestedById)}::int[],
      ${column((r) => r.canonicalKey)}::varchar[], ${column((r) => r.algorithm)}::"SolveAlgorithm"[],
      ${column((r) => r.heuristic)}::varchar[], ${column((r) => r.timeLimitSeconds)}::int[],
      ${column((r) => r.status)}::"SolveStatus"[], ${column((r) => r.moves)}::text[], ${column((r) => r.length)}::int[],
      ${column((r) => r.optimal)}::boolean[], ${column((r) => r.lowerBound)}::int[],
      ${column((r) => r.nodesExpanded)}::bigint[], ${column((r) => r.durationMs)}::int[],
      ${column((r) => r.algorithmUsed)}::varchar[], ${column((r) => r.heuristicUsed)}::varchar[],
      ${column((r) => r.error)}::text[], ${column((r) => r.queuedAt)}::timestamptz[],
      ${column((r) => r.startedAt)}::timestamptz[], ${column((r) => r.finishedAt)}::timestamptz[],
      ${column((r) => r.split ?? null)}::boolean[]) AS row
    RETURNING *`;
  return inserted.map(solveOfRow);
}

export class SolveRepository {
  private readonly finishedInserts: InsertBatcher<FinishedSolve, Solve>;

  constructor(private readonly db: PrismaClient) {
    this.finishedInserts = new InsertBatcher<FinishedSolve, Solve>({
      insertMany: (rows) => insertFinishedSolves(db, rows),
      keyOfInput: finishedKey,
      keyOfRow: finishedKey,
    });
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

  /**
   * Moves the job's waiting Solves to RUNNING (keeping the first start time of a retried job, else
   * Postgres' now()); returns how many Solves still wait for it. One statement: the rows it matches
   * are the answer. The start is Postgres' clock, not the worker's: the reconciler's time-limit check
   * (overdueJobs) compares it with Postgres' now(), one clock with itself, so a worker whose clock is
   * ahead or behind neither ends searches early nor late. The coordinator's own deadline counts from
   * its own start, a few milliseconds before this mark, so it still comes first. RUNNING is
   * transient, so its commit does not wait for the WAL flush: were Postgres to forget it in a crash,
   * the Solve would be QUEUED again, and its job (retried, or re-added by the reconciler) would run
   * it. The result itself is committed durably.
   */
  markRunning(jobId: string): Promise<number> {
    return this.db.$executeRaw`
      WITH async_commit AS (SELECT set_config('synchronous_commit', 'off', true))
      UPDATE "solves" SET "status" = 'RUNNING', "started_at" = COALESCE("started_at", now())
      FROM async_commit
      WHERE "job_id" = ${jobId} AND "status" IN ('QUEUED', 'RUNNING')`;
  }

  /**
   * The running search's poll (every SOLVE_CANCEL_POLL_MS): how many Solves still wait for job
   * `jobId`, and, given the bound the search has proved, that bound stored on those of them that hold
   * a lower one (or none), so that a search whose state Redis lost is planned again from it. One
   * statement either way: the poll was already a round trip. A poll whose bound has not risen matches
   * no row to update and writes nothing. Like markRunning, the commit does not wait for the WAL flush:
   * a bound forgotten in a crash only means a re-planned search proves it again.
   */
  async pollActive(jobId: string, provenBound?: number): Promise<number> {
    if (provenBound === undefined) return this.db.solve.count({ where: { jobId, status: active } });
    const [row] = await this.db.$queryRaw<{ waiting: number }[]>`
      WITH async_commit AS (SELECT set_config('synchronous_commit', 'off', true)),
      raised AS (
        UPDATE "solves" SET "proven_lower_bound" = ${provenBound}::int
        FROM async_commit
        WHERE "job_id" = ${jobId} AND "status" IN ('QUEUED', 'RUNNING')
          AND ("proven_lower_bound" IS NULL OR "proven_lower_bound" < ${provenBound}::int)
        RETURNING 1)
      SELECT count(*)::int AS "waiting" FROM "solves"
      WHERE "job_id" = ${jobId} AND "status" IN ('QUEUED', 'RUNNING')`;
    return row?.waiting ?? 0;
  }

  /** A search interrupted by a shutdown goes back to the queue. */
  async requeue(jobId: string): Promise<number> {
    const { count } = await this.db.solve.updateMany({
      where: { jobId, status: "RUNNING" },
      data: { status: "QUEUED" },
    });
    return count;
  }

  /**
   * Writes a search's result to every Solve still waiting for it (QUEUED or RUNNING); returns those
   * rows as committed (the worker announces them to subscribers, who then need not read them again).
   * `startedAt` is the start time kept by a Solve that was never marked RUNNING (a search over
   * before its mark was needed).
   *
   * One round trip: the SQL function solve_finish_job takes the canonical key's advisory lock, then
   * updates. A Solve that chose to follow the job (createQueued decides under that lock) is committed
   * before the lock is granted, and the UPDATE, whose snapshot is taken after the lock, gives it the
   * result too. Once this commits, no Solve of this job waits and no new one can join it (it would see
   * the result and be answered from it). The commit does not wait for the WAL flush (the rows can be
   * announced at once): the caller awaits `flushed()` before it completes the job.
   *
   * A search stopped because its Solves were cancelled (outcome CANCELLED) also gives the job's Solves
   * that cancelSolve already moved to CANCELLED what it proved (lower bound, nodes, duration, what ran):
   * cancel() cannot know them, and the schema promises a CANCELLED Solve keeps its lower bound. Only their
   * figures change, once (while still empty), never their status or finishedAt; they are returned too.
   * The duration is at most the Solve's own (finishedAt - startedAt): a search stopped long after the
   * cancel (its coordinator's worker died; the worker that took the job over writes) ran that long for
   * nobody.
   *
   * A stopped search (outcome CANCELLED or TIMED_OUT, with a node count) likewise gives the job's Solves
   * that timeOutOverdue ended TIMED_OUT (no node count: no coordinator was there to say) its nodes,
   * what ran, its units, and its bound where higher than the one stored; their duration stays the
   * time to their limit.
   *
   * A SOLVED result that comes after timeOutOverdue ended the job's Solves (a live coordinator whose
   * write was slower than the reconciler's margin) is not thrown away: those TIMED_OUT rows (still
   * without a node count) take its moves, length, optimality, nodes and the rest, keeping status,
   * finishedAt and durationMs (a final status never changes). jobStart reads an optimal answer from
   * such a row too, so the board's next search is answered from it instead of searching again.
   */
  async finishJob(
    canonicalKey: string,
    jobId: string,
    outcome: SolveOutcome,
    startedAt?: Date,
    /** The outcome is a known answer (jobStart): the rows are marked `cached` in the same transaction. */
    cached = false,
  ): Promise<Solve[]> {
    const c = outcomeColumns(outcome, new Date());
    const finish = (db: Pick<PrismaClient, "$queryRaw">) => db.$queryRaw<SolveSqlRow[]>`
      SELECT s.* FROM (SELECT set_config('synchronous_commit', 'off', true)) AS async_commit, "solve_finish_job"(${canonicalKey}::varchar, ${jobId}::varchar, ${c.status}::"SolveStatus",
        ${c.moves}::text, ${c.length}::int, ${c.optimal}::boolean, ${c.lowerBound}::int, ${c.nodesExpanded}::bigint,
        ${c.durationMs}::int, ${c.algorithmUsed}::varchar, ${c.heuristicUsed}::varchar, ${c.error}::text,
        ${startedAt ?? null}::timestamptz, ${c.finishedAt}::timestamptz, ${c.unitsTotal}::int) AS s`;
    if (cached) {
      // One transaction: no reader ever sees the answer without its `cached` mark.
      const marked = await this.db.$transaction(async (tx) => {
        const ids = (await finish(tx)).map((row) => row.id);
        return tx.$queryRaw<SolveSqlRow[]>`
          UPDATE "solves" SET "cached" = true WHERE "id" = ANY(${ids}::int[]) RETURNING *`;
      });
      return marked.map(solveOfRow);
    }
    const rows = await finish(this.db);
    // An answer whose Solves all ended before it came (timeOutOverdue): one more statement, only then.
    if (c.status === "SOLVED" && rows.length === 0)
      return (await this.fillLateAnswer(jobId, c)).map(solveOfRow);
    const stopped = c.status === "CANCELLED" || (c.status === "TIMED_OUT" && c.nodesExpanded !== null);
    if (!stopped) return rows.map(solveOfRow);
    const filled = await this.db.$queryRaw<SolveSqlRow[]>`
      WITH async_commit AS (SELECT set_config('synchronous_commit', 'off', true))
      UPDATE "solves" SET "lower_bound" = GREATEST("lower_bound", ${c.lowerBound}::int),
        "nodes_expanded" = ${c.nodesExpanded}::bigint,
        "duration_ms" = CASE WHEN "status" = 'CANCELLED'
          THEN LEAST(${c.durationMs}::int, floor(extract(epoch FROM "finished_at" - "started_at") * 1000)::int)
          ELSE "duration_ms" END,
        "algorithm_used" = ${c.algorithmUsed}::varchar,
        "heuristic_used" = ${c.heuristicUsed}::varchar, "units_total" = ${c.unitsTotal}::int
      FROM async_commit
      WHERE "job_id" = ${jobId} AND "nodes_expanded" IS NULL
        AND NOT ("id" = ANY(${rows.map((row) => row.id)}::int[]))
        AND (("status" = 'CANCELLED' AND "lower_bound" IS NULL AND ${c.status}::"SolveStatus" = 'CANCELLED')
          OR ("status" = 'TIMED_OUT' AND ${c.nodesExpanded}::bigint IS NOT NULL))
      RETURNING "solves".*`;
    return [...rows, ...filled].map(solveOfRow);
  }

  /** The SOLVED result's fill of the job's Solves timeOutOverdue ended before it came (see finishJob). */
  private fillLateAnswer(jobId: string, c: ReturnType<typeof outcomeColumns>): Promise<SolveSqlRow[]> {
    return this.db.$queryRaw<SolveSqlRow[]>`
      WITH async_commit AS (SELECT set_config('synchronous_commit', 'off', true))
      UPDATE "solves" SET "moves" = ${c.moves}::text, "length" = ${c.length}::int, "optimal" = ${c.optimal}::boolean,
        "lower_bound" = GREATEST("lower_bound", ${c.lowerBound}::int), "nodes_expanded" = ${c.nodesExpanded}::bigint,
        "algorithm_used" = ${c.algorithmUsed}::varchar, "heuristic_used" = ${c.heuristicUsed}::varchar,
        "units_total" = ${c.unitsTotal}::int
      FROM async_commit
      WHERE "job_id" = ${jobId} AND "status" = 'TIMED_OUT' AND "nodes_expanded" IS NULL AND "moves" IS NULL
      RETURNING "solves".*`;
  }

  /**
   * The jobs whose Solves still wait (QUEUED or RUNNING) though their search's time limit passed more
   * than `marginMs` ago, counted from the job's first start (the earliest `started_at` of its waiting
   * Solves; Solves that never started are not overdue). Both ends are Postgres' clock (markRunning
   * writes `started_at` with now()), never a worker's: two machines' clocks apart by more than the
   * margin would otherwise end live searches early. The search's coordinator ends it at its limit; a
   * job listed here has none alive (its worker died or hangs), so the reconciler ends it
   * (timeOutOverdue). With the highest bound stored on the job's Solves (pollActive) and how long it
   * has run (`ranMs`, Postgres' clock too). At most `limit` jobs, the most overdue first. Reads the
   * active rows through the (status, id) index.
   */
  async overdueJobs(
    marginMs: number,
    limit = 100,
  ): Promise<{ jobId: string; canonicalKey: string; ranMs: number; provenBound: number | null }[]> {
    const rows = await this.db.$queryRaw<
      { job_id: string; canonical_key: string; ran_ms: number; proven_bound: number | null }[]
    >`
      SELECT "job_id", min("canonical_key") AS "canonical_key",
        floor(extract(epoch FROM now() - min("started_at")) * 1000)::int AS "ran_ms",
        max("proven_lower_bound") AS "proven_bound"
      FROM "solves"
      WHERE "status" IN ('QUEUED', 'RUNNING') AND "job_id" IS NOT NULL AND "started_at" IS NOT NULL
      GROUP BY "job_id"
      HAVING min("started_at") + make_interval(secs => max("time_limit_seconds"))
        + make_interval(secs => ${marginMs / 1000}::float8) < now()
      ORDER BY min("started_at") + make_interval(secs => max("time_limit_seconds"))
      LIMIT ${limit}::int`;
    return rows.map((r) => ({
      jobId: r.job_id,
      canonicalKey: r.canonical_key,
      ranMs: r.ran_ms,
      provenBound: r.proven_bound,
    }));
  }

  /**
   * Resolves once every transaction committed before the call is on disk. createQueued and finishJob
   * commit without waiting for the WAL flush (a flush takes milliseconds on a busy disk, and their rows
   * are needed by others at once); their callers await this before the write is relied on: before a
   * request counts as accepted, before a job completes. One synchronously committed transaction that
   * writes one WAL record (a transactional logical decoding message, read by nobody): its commit
   * flushes the WAL up to its own record, so every commit before it too; concurrent flushes share one.
   */
  async flushed(): Promise<void> {
    await this.db.$executeRaw`SELECT pg_logical_emit_message(true, 'solves', 'flushed')`;
  }

  /**
   * A job's result, the way every writer needs it: finishJob, then `announce` with the rows as
   * committed (subscribers need not wait for the disk), then flushed(), so that once this resolves the
   * result is durable and the job may complete. Throws if any step does; the write is conditional, so
   * calling again after a failed flush writes a lost result again and a surviving one not twice.
   */
  async finishJobDurably(
    canonicalKey: string,
    jobId: string,
    outcome: SolveOutcome,
    announce: (rows: Solve[]) => Promise<void> | void,
    startedAt?: Date,
    /** A known answer: the rows are written `cached` (see finishJob). */
    cached = false,
  ): Promise<Solve[]> {
    const rows = await this.finishJob(canonicalKey, jobId, outcome, startedAt, cached);
    await announce(rows);
    await this.flushed();
    return rows;
  }

  /**
   * What a search job reads when it starts, in one round trip (the read every job makes, now with the
   * bound too: no extra query).
   *
   * `known`: a proven optimal answer for the canonical key, if some Solve has one (what requests are
   * answered from at once, `cached`): a job that was queued before it existed (other options, the same
   * board) is answered from it instead of searching again. Also one a coordinator wrote after the
   * reconciler had ended its Solves TIMED_OUT (finishJob keeps it on those rows, status unchanged):
   * solve_create_queued does not answer from such a row, the board's next job does, at once.
   *
   * `provenBound`: the highest bound stored on the job's Solves while an earlier run of it searched
   * (pollActive), or null. A job BullMQ runs again (a failed attempt, a stalled job taken again) does
   * not carry it in its data as the reconciler's re-added job does, so a split search that finds no
   * state in Redis is planned from it instead of from h(root) (docs/distributed.md, "Redis restarted
   * empty"). Sound for every Solve of the job: they all share its canonical key (one board, one goal:
   * solve_create_queued attaches a Solve to a job of the same key only, and the query asks for it
   * again), and a bound proved by any heuristic bounds the board's true distance (no solution is
   * shorter), so it holds for the Solves of the job whichever heuristic they asked for.
   *
   * `startedAt`: when an earlier run of the job started searching (the first `started_at` of its
   * RUNNING Solves: markRunning keeps it), or null. A job BullMQ runs again carries no `startedAt` in
   * its data either, so without it a retried search's time limit would count from the retry.
   */
  async jobStart(
    canonicalKey: string,
    jobId: string,
  ): Promise<{ known: SolveOutcome | null; provenBound: number | null; startedAt: Date | null }> {
    const [row] = await this.db.$queryRaw<
      {
        found: boolean;
        moves: string | null;
        length: number | null;
        lower_bound: number | null;
        algorithm_used: string | null;
        heuristic_used: string | null;
        proven_bound: number | null;
        started_at: Date | null;
      }[]
    >`
      SELECT k."id" IS NOT NULL AS "found", k."moves", k."length", k."lower_bound", k."algorithm_used",
        k."heuristic_used",
        earlier."proven_bound", earlier."started_at"
      FROM (SELECT max(s."proven_lower_bound") AS "proven_bound",
              min(s."started_at") FILTER (WHERE s."status" = 'RUNNING') AS "started_at"
            FROM "solves" AS s
            WHERE s."job_id" = ${jobId} AND s."canonical_key" = ${canonicalKey}) AS earlier
      LEFT JOIN LATERAL (
        SELECT * FROM "solves"
        WHERE "canonical_key" = ${canonicalKey} AND "status" IN ('SOLVED', 'TIMED_OUT') AND "optimal"
          AND "moves" IS NOT NULL
        ORDER BY "id" DESC LIMIT 1) AS k ON true`;
    const provenBound = row?.proven_bound ?? null;
    const startedAt = row?.started_at ?? null;
    if (row === undefined || !row.found) return { known: null, provenBound, startedAt };
    const known: SolveOutcome = {
      status: "SOLVED",
      moves: row.moves,
      length: row.length,
      optimal: true,
      lowerBound: row.lower_bound,
      nodesExpanded: 0,
      durationMs: 0,
      algorithmUsed: row.algorithm_used,
      heuristicUsed: row.heuristic_used,
      error: null,
    };
    return { known, provenBound, startedAt };
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

  /**
   * The Solves waiting longer than `olderThan`, by id after `afterId` (one page of `limit` rows), with
   * their puzzles: the reconciler checks each one's job in Redis. Returns the page (to go on from its
   * last id) and one Solve per job id in it.
   */
  async waitingJobs(
    olderThan: Date,
    limit: number,
    afterId = 0,
  ): Promise<{ page: number[]; byJob: SolveWithPuzzle[] }> {
    const rows = await this.db.solve.findMany({
      where: { status: active, jobId: { not: null }, queuedAt: { lt: olderThan }, id: { gt: afterId } },
      orderBy: { id: "asc" },
      take: limit,
      include: { puzzle: true },
    });
    const byJob = new Map<string, SolveWithPuzzle>();
    for (const row of rows) if (row.jobId && !byJob.has(row.jobId)) byJob.set(row.jobId, row);
    return { page: rows.map((row) => row.id), byJob: [...byJob.values()] };
  }
}
