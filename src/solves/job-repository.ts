// The Solve rows of a search job, written by the workers that run it and the reconciler that ends or
// re-adds it: marking them RUNNING, storing the bound a search proved, putting them back in the queue,
// writing its result; and the reads a job and the reconciler make. Like every write of `solves`
// (repository.ts), each is conditional: only rows still QUEUED or RUNNING move, so a retried,
// duplicated or late job can never write a second result or bring a finished Solve back to RUNNING.
import type { PrismaClient } from "../db/client.ts";
import type { Puzzle, Solve } from "../generated/prisma/client.ts";
import { ACTIVE_STATUSES, type SolveOutcome } from "./outcome.ts";
import { flushCommits, outcomeColumns, type SolveSqlRow, solveOfRow } from "./solve-rows.ts";

export type SolveWithPuzzle = Solve & { puzzle: Puzzle };

const active = { in: [...ACTIVE_STATUSES] };

export class SolveJobRepository {
  constructor(private readonly db: PrismaClient) {}

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
   * announced at once): the caller awaits the flush (flushCommits) before it completes the job:
   * finishJobDurably does both.
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
   * A job's result, the way every writer needs it: finishJob, then `announce` with the rows as
   * committed (subscribers need not wait for the disk), then the WAL flush (flushCommits), so that
   * once this resolves the result is durable and the job may complete. Throws if any step does; the
   * write is conditional, so calling again after a failed flush writes a lost result again and a
   * surviving one not twice.
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
    await flushCommits(this.db);
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
   * a job queued before it was written answers from it here, and a request made since is answered
   * from it by solve_create_queued (migration …_solve_cache_late_answer).
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
   * waiting Solves: markRunning keeps it, and so does requeue, which hands a search back QUEUED), or
   * null. A job BullMQ runs again carries no `startedAt` in
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
              min(s."started_at") FILTER (WHERE s."status" IN ('QUEUED', 'RUNNING')) AS "started_at"
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
