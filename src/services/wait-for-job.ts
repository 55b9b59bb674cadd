// Waiting for a BullMQ job's result, in short slices. QueueEvents reads the events stream from "$"
// until it has seen an event (and again after each blocking read that times out with none), so a job
// that finishes between two reads sends an event nobody receives: seen as a 4x4 hint answered PENDING
// after the whole ANALYSIS_WAIT_MS though its job had finished in 43 ms. So after each slice without
// the event the job's own state is read, and a lost event costs one slice, not the whole wait.
// A wait also ends when its `stop` signal is aborted (the API began draining, src/app.ts): its state is
// read once and the caller answers PENDING, so the response leaves before the server closes its
// connections and Redis (a 4x4 hint's 20 s wait outlasted the 10 s shutdown timeout, and then failed on
// the closed connection).
import type { Job, Queue, QueueEvents } from "bullmq";

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
 * its state is read once) or before `stop` is aborted. Rejects with the job's failure (JobFailedError) if
 * it failed, and with Redis' error if a read of the job fails.
 */
export async function waitForJob<D, R>(
  queue: Queue<D, R>,
  job: Job<D, R>,
  events: QueueEvents,
  waitMs: number,
  { sliceMs = WAIT_SLICE_MS, stop }: WaitOptions = {},
): Promise<{ readonly result: R } | undefined> {
  const deadline = performance.now() + waitMs;
  const stopped = stop === undefined ? undefined : abortedPromise(stop);
  const over = () => deadline - performance.now() <= 0 || stop?.aborted === true;
  try {
    for (;;) {
      const left = deadline - performance.now();
      if (left > 0 && stop?.aborted !== true) {
        const finishing = job
          .waitUntilFinished(events, Math.min(left, sliceMs))
          .then((result) => ({ result }));
        // Abandoned on stop: its own timer ends it within a slice, and nobody reads its failure.
        finishing.catch(() => undefined);
        try {
          const finished = await (stopped === undefined
            ? finishing
            : Promise.race([finishing, stopped.promise]));
          if (finished !== undefined) return finished;
        } catch (error) {
          if (!(error instanceof Error)) throw error;
          // The job's failed event (BullMQ rejects with its reason); a slice's timeout goes on to the read.
          if (!/timed out before finishing/.test(error.message)) throw new JobFailedError(error.message);
        }
      }
      const finished = await finishedJob(queue, job.id as string);
      if (finished !== undefined || over()) return finished;
    }
  } finally {
    stopped?.dispose();
  }
}

/** Resolves (with undefined) when `signal` is aborted; dispose() removes its listener. */
function abortedPromise(signal: AbortSignal): { promise: Promise<undefined>; dispose: () => void } {
  let onAbort: () => void = () => undefined;
  const promise = new Promise<undefined>((resolve) => {
    onAbort = () => resolve(undefined);
    if (signal.aborted) resolve(undefined);
    else signal.addEventListener("abort", onAbort, { once: true });
  });
  return { promise, dispose: () => signal.removeEventListener("abort", onAbort) };
}

/**
 * The result of a job that has completed, read from Redis; rejects if it failed for good. The state is
 * read first, then the job: a job read before its state could finish in between, and its result then
 * read as null (a hint answered INTERNAL_SERVER_ERROR; BullMQ writes the result and the state in one
 * script, so a job read after its state says completed has its result).
 */
async function finishedJob<D, R>(
  queue: Queue<D, R>,
  id: string,
): Promise<{ readonly result: R } | undefined> {
  const state = await queue.getJobState(id);
  if (state !== "completed" && state !== "failed") return undefined;
  const job = await queue.getJob(id);
  if (job === undefined) return undefined; // removed meanwhile (its age ran out): not ours to answer
  if (state === "failed") throw new JobFailedError(job.failedReason);
  return { result: job.returnvalue };
}
