// Waiting for a BullMQ job's result, in short slices. QueueEvents reads the events stream from "$"
// until it has seen an event (and again after each blocking read that times out with none), so a job
// that finishes between two reads sends an event nobody receives: seen as a 4x4 hint answered PENDING
// after the whole ANALYSIS_WAIT_MS though its job had finished in 43 ms. So the job's own state is read
// before each slice and after it, the event only cutting a slice short, and a lost event costs one
// slice, not the whole wait.
// The answer is always read from the job's state, never taken from a rejection of BullMQ's
// `job.waitUntilFinished`, which is not used: it rejects alike with the job's failure, with
// "Missing key for job" (a job gone: removed, or Redis restarted empty), with Redis' own errors
// (`queue.waitUntilReady`) and on its queue's 'closing' event, and its reads that fail once it
// listens are unhandled rejections. Here only a job whose state is "failed" rejects with a
// JobFailedError (its failedReason); a job gone answers undefined at once (asking again adds it);
// Redis' errors reject as they are (src/services/distance-oracle.ts answers those PENDING).
// A wait also ends when its `stop` signal is aborted (the API began draining, src/app.ts): its state is
// read once and the caller answers PENDING, so the response leaves before the server closes its
// connections and Redis (a 4x4 hint's 20 s wait outlasted the 10 s shutdown timeout, and then failed on
// the closed connection).
import type { Job, Queue, QueueEvents, QueueEventsListener } from "bullmq";

/**
 * The job failed (for good): its reason, as opposed to the errors of Redis itself (away, closed), which
 * a caller may answer as "not yet" (src/services/distance-oracle.ts).
 */
export class JobFailedError extends Error {
  override readonly name = "JobFailedError";
}

/** How long one slice waits for the job's event before its state is read. */
const WAIT_SLICE_MS = 500;

export interface WaitOptions {
  /** How long one slice waits for the job's event before its state is read. */
  readonly sliceMs?: number;
  /** Ends the wait at once (its state read once more): the caller answers as if the wait had run out. */
  readonly stop?: AbortSignal;
}

/**
 * The job's result once it has completed, or undefined if it has not finished within `waitMs` (0:
 * its state is read once), before `stop` is aborted, or if it is gone from Redis. Rejects with the job's
 * failure (JobFailedError) if it failed, and with Redis' error if a read of the job fails.
 */
export async function waitForJob<D, R>(
  queue: Queue<D, R>,
  job: Job<D, R>,
  events: QueueEvents,
  waitMs: number,
  { sliceMs = WAIT_SLICE_MS, stop }: WaitOptions = {},
): Promise<{ readonly result: R } | undefined> {
  const id = job.id as string;
  const deadline = performance.now() + waitMs;
  for (;;) {
    // Listening before the read: an event sent while it runs cuts the slice short.
    const wake = finishWake(events, id, stop);
    try {
      const outcome = await jobOutcome(queue, id);
      if (outcome !== RUNNING) return outcome === GONE ? undefined : outcome;
      const left = deadline - performance.now();
      if (left <= 0 || stop?.aborted === true) return undefined;
      await wake.within(Math.min(left, sliceMs));
    } finally {
      wake.dispose();
    }
  }
}

/**
 * Resolves, from `within(ms)` on, at the job's completed or failed event, when `stop` is aborted, or
 * after `ms`, whichever comes first; listens from its creation. dispose() removes its listeners.
 */
function finishWake(
  events: QueueEvents,
  id: string,
  stop: AbortSignal | undefined,
): { within(ms: number): Promise<void>; dispose(): void } {
  let wake: () => void = () => undefined;
  const woken = new Promise<void>((resolve) => {
    wake = () => resolve();
  });
  // QueueEvents also emits each job event under `<event>:<jobId>`, which its typings do not list.
  type JobEvents = QueueEventsListener & Record<string, () => void>;
  const names = [`completed:${id}`, `failed:${id}`];
  for (const name of names) events.on<JobEvents>(name, wake);
  stop?.addEventListener("abort", wake, { once: true });
  let timer: NodeJS.Timeout | undefined;
  return {
    within(ms) {
      timer = setTimeout(wake, ms);
      return woken;
    },
    dispose() {
      clearTimeout(timer);
      for (const name of names) events.off<JobEvents>(name, wake);
      stop?.removeEventListener("abort", wake);
    },
  };
}

/** A job not finished yet, and a job no longer in Redis (removed, or Redis restarted empty). */
const RUNNING = Symbol("running");
const GONE = Symbol("gone");

/**
 * The result of a job that has completed, read from Redis; rejects with a JobFailedError if it failed
 * for good. The state is read first, then the job: a job read before its state could finish in between,
 * and its result then read as null (a hint answered INTERNAL_SERVER_ERROR; BullMQ writes the result and
 * the state in one script, so a job read after its state says completed has its result).
 */
async function jobOutcome<D, R>(
  queue: Queue<D, R>,
  id: string,
): Promise<{ readonly result: R } | typeof RUNNING | typeof GONE> {
  const state = await queue.getJobState(id);
  if (state === "unknown") return GONE;
  if (state !== "completed" && state !== "failed") return RUNNING;
  const job = await queue.getJob(id);
  if (job === undefined) return GONE; // removed meanwhile (its age ran out)
  if (state === "failed") throw new JobFailedError(job.failedReason);
  return { result: job.returnvalue };
}
