// Postgres is the source of truth; Redis may lose jobs (it was down when requestSolve ran, or came
// back empty). Periodically, every job that a QUEUED or RUNNING Solve waits for is checked in Redis
// and added again when it is missing. Adding is idempotent (BullMQ ignores an id it holds), and a
// job whose Solves are all finished by the time it runs is skipped by the worker, so running this
// in several processes at once is harmless.
import type { Solve } from "../generated/prisma/client.ts";
import type { SolveRepository, SolveWithPuzzle } from "./repository.ts";
import { searchJobData, puzzleSpec } from "./job-data.ts";
import { withTimeout } from "../with-timeout.ts";
import { addSearchJob } from "./queue.ts";
import type { SolveQueue } from "./queue.ts";

export interface ReconcilerOptions {
  readonly intervalMs: number;
  /** Solves younger than this are left alone: their request may still be adding the job. */
  readonly graceMs: number;
  readonly batch?: number;
  readonly onError?: (error: unknown) => void;
  readonly onEnqueued?: (jobId: string) => void;
  /** Solves it marked FAILED (a failed job whose worker could not), once committed. */
  readonly onFinished?: (solves: readonly Solve[]) => Promise<void>;
}

export interface ReconcileReport {
  readonly checked: number;
  readonly enqueued: number;
  readonly failed: number;
}

export class Reconciler {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<ReconcileReport> | undefined;

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
  }

  async stop(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
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
