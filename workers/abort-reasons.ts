// Abort reasons given to BullMQ's `worker.cancelJob` / `worker.cancelAllJobs` and to unit stops:
// a cancel ends the search; a shutdown hands it back to the queue for another worker; a run superseded
// by a later take of the same job in this process ends without a word (search-processor.ts).
export const CANCELLED = "cancelled";
export const SHUTDOWN = "shutdown";
export const SUPERSEDED = "superseded";
