// Cancellation across machines: cancelSolve publishes the job id on the event bus; every worker
// process listens and, if it runs that job, aborts it through BullMQ's own job cancellation (the
// processor's AbortSignal), which sets the search's cancel flag in shared memory.
import { type CancelMessage, SOLVE_CANCEL_TOPIC } from "../src/solves/index.ts";
import type { EventBus } from "../src/services/events.ts";

/** Calls `onCancel` for every cancel request until the returned function is called. */
export function listenForCancels(bus: EventBus, onCancel: (jobId: string) => void): () => Promise<void> {
  const requests = bus.subscribe<CancelMessage>(
    SOLVE_CANCEL_TOPIC,
    (message) => typeof message?.jobId === "string",
  );
  void (async () => {
    for await (const { jobId } of requests) onCancel(jobId);
  })();
  return async () => {
    await requests.return?.();
  };
}
