// Whether a unit that failed for want of a pattern database should wait for a worker holding it
// (docs/operations.md, "Pattern databases a request may ask for"). Workers hold different tables
// (WORKER_PDBS), and a unit job goes to whichever worker is free: one lacking the unit's table hands
// it back for a moment so that a holder can take it. Waiting helps only when *another* live worker
// holds it: a worker that holds the table itself and still failed has a fault of its own (its
// threads lack what the process loaded), and would hand the unit back to itself until the search's
// time limit.

/** How many times a unit job may be handed back for a holder before the search fails instead. */
export const MAX_RUNS_WAITING_FOR_HOLDER = 60;

/**
 * True when the unit should go back to the queue for a holder: some live worker other than
 * `self` holds `pdb`, and the job has not yet run `MAX_RUNS_WAITING_FOR_HOLDER` times (the holders
 * may all be failing the same way).
 */
export function waitsForHolder(
  pdb: string,
  holders: Readonly<Record<string, readonly string[]>>,
  self: string,
  runs: number,
): boolean {
  if (runs >= MAX_RUNS_WAITING_FOR_HOLDER) return false;
  return (holders[pdb] ?? []).some((worker) => worker !== self);
}
