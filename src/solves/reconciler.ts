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
// bound stored on them, and the search is stopped the way a cancel stops it. The write is the
// result's own conditional one (solve_finish_job, under the key's lock): of this and a coordinator
// writing its own result at the same moment, exactly one ends the Solves; a coordinator whose write
// comes after this one fills in its figures (SolveRepository.finishJob).
import type { Redis } from "ioredis";
import type { Solve } from "../generated/prisma/client.ts";
import type { SolveRepository, SolveWithPuzzle } from "./repository.ts";
import { searchJobData, puzzleSpec } from "./job-data.ts";
import { withTimeout } from "../with-timeout.ts";
import { addSearchJob, removeUnheldSearch } from "./queue.ts";
import type { SolveQueue } from "./queue.ts";

/**
 * How long past its limit a waiting Solve is left to its coordinator before the reconciler ends it.
 * A live coordinator writes within a few hundred milliseconds of the limit (its units stop within
 * milliseconds; one whose worker went away is waited for 1 s, STRAGGLERS_MS); should it come later
 * still, the status is the same and its figures are filled in.
 */
const OVERDUE_MARGIN_MS = 1500;

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
  /** Default OVERDUE_MARGIN_MS. */
  readonly overdueMarginMs?: number;
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

  constructor(
    private readonly solves: SolveRepository,
    private readonly queue: SolveQueue,
    private readonly options: ReconcilerOptions,
  ) {}

  start(): void {
    if (this.timer) return;
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
    const now = new Date();
    const overdue = await this.solves.overdueJobs(now, this.options.overdueMarginMs ?? OVERDUE_MARGIN_MS);
    let ended = 0;
    for (const job of overdue) {
      // What is known without the coordinator: the bound its poll stored (null if none was: a search
      // run whole stores none) and how long it ran. Its nodes, units and heuristic come with the write
      // of whichever coordinator stops the search later (SolveRepository.finishJob fills them in).
      const outcome = {
        status: "TIMED_OUT",
        lowerBound: job.provenBound,
        durationMs: now.getTime() - job.startedAt.getTime(),
      } as const;
      const rows = await this.solves.finishJobDurably(job.canonicalKey, job.jobId, outcome, (written) =>
        this.options.onFinished?.(written),
      );
      if (rows.length === 0) continue; // its coordinator's result came first
      ended += rows.length;
      this.options.onTimedOut?.(job.jobId, rows.length);
      await this.stopJob(job.jobId);
    }
    return ended;
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
      const { page, byJob } = await this.solves.waitingJobs(olderThan, limit, afterId);
      for (const solve of byJob) {
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
      await this.solves.finishJobDurably(solve.canonicalKey, jobId, failure, (rows) =>
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
