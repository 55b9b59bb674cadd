// Abort reasons given to BullMQ's `worker.cancelJob` / `worker.cancelAllJobs` and to unit stops:
// a cancel ends the search; a shutdown hands it back to the queue for another worker.
export const CANCELLED = "cancelled";
export const SHUTDOWN = "shutdown";
