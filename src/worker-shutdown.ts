// How long a worker process' shutdown may take, and what its exit status says: shared by the worker
// (workers/main.ts, which keeps to it) and by `npm start` (src/main.ts, which waits that long for its
// worker before killing it, and does not restart a worker that exits with EXIT_CONFIGURATION).

/** After WORKER_SHUTDOWN_GRACE_MS, stopped searches get this long to go back to the queue. */
export const HAND_BACK_MS = 5000;
/** Each closing step afterwards (connections, pool, metrics endpoint) gets at most this long. */
export const CLOSE_STEP_MS = 2000;

/**
 * The longest a worker's shutdown takes, from its first signal to its exit: the grace, the
 * hand-back, then the closing steps (two rounds: the pipeline's, then the process' own container).
 * Past it the worker exits whatever is still pending.
 */
export function workerDrainMs(shutdownGraceMs: number): number {
  return shutdownGraceMs + HAND_BACK_MS + 2 * CLOSE_STEP_MS;
}

/** Stopped cleanly: every running search finished or went back to the queue. */
export const EXIT_OK = 0;
/** Failed, or stopped with work abandoned (its jobs are taken again once their locks expire). */
export const EXIT_FAILED = 1;
/**
 * A setting is wrong, or the machine refuses it (PDB_DIR not a writable directory, the metrics port
 * taken): starting again would fail the same way. Also the status of src/config.ts' refusals.
 */
export const EXIT_CONFIGURATION = 2;
