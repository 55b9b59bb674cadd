// The reconciler as a process runs it (reconciler.ts): every worker process, and the API process too
// (API_RECONCILER, on by default; docs/pipeline.md, "Time limits"). With no worker process alive (the
// last one died mid-search, or the fleet is being redeployed) only the API's ends a search past its
// time limit: before the API ran one, such a Solve stayed RUNNING until a worker came back and took
// the job over. Several reconcilers at once are harmless: adding a job is idempotent, and ending an
// overdue Solve is one conditional write.
import type { Redis } from "ioredis";
import type { Logger } from "../logger.ts";
import type { EventBus } from "../services/events.ts";
import { type CancelMessage, SOLVE_CANCEL_TOPIC } from "./contracts.ts";
import { solveAnnouncer } from "./events.ts";
import type { SolveJobRepository } from "./job-repository.ts";
import type { SolveQueue } from "./queue.ts";
import { Reconciler } from "./reconciler.ts";

export interface ReconcilerDeps {
  /** RECONCILE_INTERVAL_MS and RECONCILE_GRACE_MS. */
  readonly intervalMs: number;
  readonly graceMs: number;
  readonly logger: Logger;
  readonly events: EventBus;
  /** Where an overdue search's split state is deleted with its job. */
  readonly redis: Redis;
  readonly jobs: SolveJobRepository;
  /** The process' solve queue (the API's: the one requestSolve adds to). */
  readonly queue: SolveQueue;
}

/** A reconciler that logs what it does, announces the Solves it ends and stops their searches; not started. */
export function createReconciler(deps: ReconcilerDeps): Reconciler {
  const { logger, events } = deps;
  return new Reconciler(deps.jobs, deps.queue, {
    intervalMs: deps.intervalMs,
    graceMs: deps.graceMs,
    onError: (error) => logger.debug({ err: error }, "reconcile pass failed"),
    onEnqueued: (jobId) => logger.info({ jobId }, "reconciler re-added a missing job"),
    onFinished: solveAnnouncer(events).finished,
    // A search past its time limit whose coordinator is gone: stopped as a cancel stops it.
    stopSearch: async (jobId) => {
      await events.publish(SOLVE_CANCEL_TOPIC, { jobId } satisfies CancelMessage);
    },
    redis: deps.redis,
    onTimedOut: (jobId, solves) =>
      logger.warn({ jobId, solves }, "search past its time limit with no coordinator: ended TIMED_OUT"),
  });
}
