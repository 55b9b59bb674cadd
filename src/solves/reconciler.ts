// Postgres is the source of truth; Redis may lose jobs (it was down when requestSolve ran, or came
// back empty). Periodically, every job that a QUEUED or RUNNING Solve waits for is checked in Redis
// and added again when it is missing. Adding is idempotent (BullMQ ignores an id it holds), and a
// job whose Solves are all finished by the time it runs is skipped by the worker, so running this
// in several processes at once is harmless.
//
// Time limits too: a search's coordinator ends it at its limit, but a coordinator whose worker died
// or hangs ends nothing until another worker takes the job over (the lock's duration plus BullMQ's
// stalled check: 30-50 s by default). So, every min(intervalMs, 1 s), the Solves still waiting
// OVERDUE_MARGIN_MS past their job's start + limit are ended TIMED_OUT here (expireOverdue), with the
// bound stored on them, and the search is stopped the way a cancel stops it. The start and the now
// it is compared with are both Postgres' clock (SolveJobRepository.overdueJobs), never two machines'.
// The write is the result's own conditional one (solve_finish_job, under the key's lock): of this and
// a coordinator writing its own result at the same moment, exactly one ends the Solves; a coordinator
// whose write comes after this one fills in its figures, and a late SOLVED its answer, status kept
// (SolveJobRepository.finishJob). One pass never waits long for Redis: each announce is bounded, and
// the jobs are ended and stopped side by side.
import type { Redis } from "ioredis";
import type { Solve } from "../generated/prisma/client.ts";
import type { SolveJobRepository, SolveWithPuzzle } from "./job-repository.ts";
import { searchJobData, puzzleSpec } from "./job-data.ts";
import { fulfilledWithin, withTimeout } from "../with-timeout.ts";
import { addSearchJob, removeUnheldSearch } from "./queue.ts";
import type { SolveQueue } from "./queue.ts";

/**
 * How long past its limit a waiting Solve is left to its coordinator before the reconciler ends it.
 * A live coordinator's deadline counts from its own start, a few milliseconds before the RUNNING mark
 * this counts from; at it, its units stop within milliseconds, one whose worker went away is waited
 * for up to 1 s (STRAGGLERS_MS), then the result is saved to Redis and written to Postgres (tens of
 * milliseconds each, seconds on a loaded 2-core machine whose event loop and Postgres are busy with
 * the search's own threads). 5 s covers all of that with room, so a live coordinator's answer wins in
 * practice; a dead or hung one is still ended within 5-6 s of its limit (the check runs every second),
 * where before the reconciler nothing ended it until a takeover 30-50 s later. A coordinator later
 * still loses nothing but the status: its figures, and a SOLVED answer, are kept on the rows
 * (SolveJobRepository.finishJob).
 */
const OVERDUE_MARGIN_MS = 5000;

/**
 * How long an overdue pass waits for the announce of the rows it ended (a Redis publish, which has no
 * deadline of its own): a hung Redis must not hold up the pass, and with it every later check. The
 * rows are committed either way; a subscriber that misses the event reads the row.
 */
const ANNOUNCE_WAIT_MS = 1000;

/** The time-limit check runs at least this often, whatever RECONCILE_INTERVAL_MS says. */
const OVERDUE_CHECK_MS = 1000;

export interface ReconcilerOptions {
  readonly intervalMs: number;
  /** Solves younger than this are left alone: their request may still be adding the job. */
  readonly graceMs: number;
  readonly batch?: number;
  readonly onError?: (error: unknown) => void;
  readonly onEnqueued?: (jobId: string) => void;
  /** Solves it marked FAILED (a failed job whose worker could not) or TIMED_OUT (overdue), once committed. */
  readonly onFinished?: (solves: readonly Solve[]) => Promise<void>;
  /**
   * An overdue search's Solves were ended TIMED_OUT: stop it wherever it runs (the cancel message:
   * its units anywhere, a coordinator that wakes up). Best effort, like a cancel's.
   */
  readonly stopSearch?: (jobId: string) => Promise<void>;
  /** Where an overdue search's split state is deleted along with its job when no worker holds it. */
  readonly redis?: Redis;
  readonly onTimedOut?: (jobId: string, solves: number) => void;
}

export interface ReconcileReport {
  readonly checked: number;
  readonly enqueued: number;
  readonly failed: number;
}

export class Reconciler {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<ReconcileReport> | undefined;
  private overdueTimer: NodeJS.Timeout | undefined;
  private expiring: Promise<number> | undefined;
  /** Set by stop(): a pass in progress ends after the job it is checking (each look-up waits up to 2 s). */
  private stopped = false;

  constructor(
    private readonly jobs: SolveJobRepository,
    private readonly queue: SolveQueue,
    private readonly options: ReconcilerOptions,
  ) {}

  start(): void {
    if (this.timer) return;
    this.stopped = false;
    const tick = () => {
      this.runOnce()
        .catch((error: unknown) => this.options.onError?.(error))
        .finally(() => {
          if (this.timer) this.timer = setTimeout(tick, this.options.intervalMs);
        });
    };
    this.timer = setTimeout(tick, 0);
    const overdueMs = Math.min(this.options.intervalMs, OVERDUE_CHECK_MS);
    const check = () => {
      this.expireOverdue()
        .catch((error: unknown) => this.options.onError?.(error))
        .finally(() => {
          if (this.overdueTimer) this.overdueTimer = setTimeout(check, overdueMs);
        });
    };
    this.overdueTimer = setTimeout(check, overdueMs);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    clearTimeout(this.overdueTimer);
    this.overdueTimer = undefined;
    await Promise.all([this.running?.catch(() => undefined), this.expiring?.catch(() => undefined)]);
  }

  /**
   * Ends TIMED_OUT the Solves still waiting for a search past its limit (see the top of the file);
   * returns how many. Concurrent calls share the check in progress.
   */
  expireOverdue(): Promise<number> {
    this.expiring ??= this.timeOutOverdue().finally(() => {
      this.expiring = undefined;
    });
    return this.expiring;
  }

  private async timeOutOverdue(): Promise<number> {
    const overdue = await this.jobs.overdueJobs(OVERDUE_MARGIN_MS);
    // Side by side: one job's slow announce or stop does not delay the others'.
    const ended = await Promise.all(overdue.map((job) => this.timeOut(job)));
    return ended.reduce((sum, rows) => sum + rows, 0);
  }

  /** Ends one overdue job's Solves TIMED_OUT and stops its search; returns how many rows it ended. */
  private async timeOut(
    job: Awaited<ReturnType<SolveJobRepository["overdueJobs"]>>[number],
  ): Promise<number> {
    // What is known without the coordinator: the bound its poll stored (null if none was: a search
    // run whole stores none) and how long it ran. Its nodes, units and heuristic come with the write
    // of whichever coordinator stops the search later (SolveJobRepository.finishJob fills them in).
    const outcome = { status: "TIMED_OUT", lowerBound: job.provenBound, durationMs: job.ranMs } as const;
    const rows = await this.jobs.finishJobDurably(job.canonicalKey, job.jobId, outcome, async (written) => {
      const announced = this.options.onFinished?.(written) ?? Promise.resolve();
      if (!(await fulfilledWithin(announced, ANNOUNCE_WAIT_MS)))
        this.options.onError?.(new Error(`announcing the overdue search ${job.jobId} failed or timed out`));
    });
    if (rows.length === 0) return 0; // its coordinator's result came first
    this.options.onTimedOut?.(job.jobId, rows.length);
    await this.stopJob(job.jobId);
    return rows.length;
  }

  /** As a cancel: a job no worker holds is removed with its split state; a held one is told to stop. */
  private async stopJob(jobId: string): Promise<void> {
    const steps = [
      withTimeout(removeUnheldSearch(this.queue, jobId, this.options.redis), 2000, "removing a job"),
      withTimeout(this.options.stopSearch?.(jobId) ?? Promise.resolve(), 2000, "stopping a search"),
    ];
    for (const step of await Promise.allSettled(steps))
      if (step.status === "rejected") this.options.onError?.(step.reason);
  }

  /** One pass; concurrent calls share the pass in progress. */
  runOnce(): Promise<ReconcileReport> {
    this.running ??= this.pass().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  /** Every waiting Solve, page by page, each job checked once per pass. */
  private async pass(): Promise<ReconcileReport> {
    const olderThan = new Date(Date.now() - this.options.graceMs);
    const limit = this.options.batch ?? 500;
    const seen = new Set<string>();
    let checked = 0;
    let enqueued = 0;
    let failed = 0;
    for (let afterId = 0; ; ) {
      const { page, byJob } = await this.jobs.waitingJobs(olderThan, limit, afterId);
      for (const solve of byJob) {
        if (this.stopped) return { checked, enqueued, failed };
        if (seen.has(solve.jobId as string)) continue;
        seen.add(solve.jobId as string);
        checked++;
        try {
          if (await this.reconcile(solve)) enqueued++;
        } catch (error) {
          failed++;
          this.options.onError?.(error);
        }
      }
      if (page.length < limit) break;
      afterId = page[page.length - 1];
    }
    return { checked, enqueued, failed };
  }

  /** Returns true when the job had to be added again. */
  private async reconcile(solve: SolveWithPuzzle): Promise<boolean> {
    const jobId = solve.jobId as string;
    const state = await withTimeout(this.queue.getJobState(jobId), 2000, "reading a job state");
    if (state === "failed") {
      // The worker marks Solves FAILED when a job fails for good; this covers a worker that could not.
      const job = await this.queue.getJob(jobId);
      const failure = { status: "FAILED", error: job?.failedReason ?? "search failed" } as const;
      await this.jobs.finishJobDurably(solve.canonicalKey, jobId, failure, (rows) =>
        this.options.onFinished?.(rows),
      );
      return false;
    }
    if (state !== "unknown") return false;
    await addSearchJob(this.queue, jobId, searchJobData(solve, puzzleSpec(solve.puzzle)), { priority: 1 });
    this.options.onEnqueued?.(jobId);
    return true;
  }
}
