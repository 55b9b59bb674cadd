// Waiting for a BullMQ job's result, in short slices. QueueEvents reads the events stream from "$"
// until it has seen an event (and again after each blocking read that times out with none), so a job
// that finishes between two reads sends an event nobody receives: seen as a 4x4 hint answered PENDING
// after the whole ANALYSIS_WAIT_MS though its job had finished in 43 ms. Job.waitUntilFinished reads
// the job's state once, when it starts listening; waiting in slices reads it again after each, so a
// lost event costs one slice, not the whole wait.
import type { Job, QueueEvents } from "bullmq";

/** How long one slice waits for the job's event before its state is read again. */
const WAIT_SLICE_MS = 500;

/**
 * The job's result once it has completed, or undefined if it has not finished within `waitMs` (0:
 * its state is read once). Rejects with the job's failure if it failed.
 */
export async function waitForJob<R>(
  job: Job<unknown, R>,
  events: QueueEvents,
  waitMs: number,
  sliceMs = WAIT_SLICE_MS,
): Promise<{ readonly result: R } | undefined> {
  const deadline = performance.now() + waitMs;
  for (;;) {
    const left = deadline - performance.now();
    try {
      // A ttl of 0 would make BullMQ wait without end.
      return { result: await job.waitUntilFinished(events, Math.max(1, Math.min(left, sliceMs))) };
    } catch (error) {
      if (!(error instanceof Error) || !/timed out before finishing/.test(error.message)) throw error;
      if (left <= sliceMs) return undefined;
    }
  }
}
