// What a coordinator makes of a search besides the core's proven answer: the record a new search
// starts from, the progress it reports, whether a stop hands it back, the result of a search
// stopped before its answer, and the error of one whose units failed.
import type { Logger } from "pino";
import { type SplitState, lowerBound } from "../src/core/index.ts";
import { stoppedResult } from "../src/core/results.ts";
import type { SolveResult } from "../src/core/types.ts";
import type { SearchFailure } from "../src/solves/index.ts";
import { CANCELLED, SHUTDOWN, SUPERSEDED } from "./abort-reasons.ts";
import type { ReportedProgress } from "./progress-throttle.ts";
import { SearchFailedError } from "./search-failed-error.ts";
import type { SplitRecord } from "./split-store.ts";

/**
 * The record of a search started now, or at `startedAt` (the Solve row's start: a search whose state
 * Redis lost keeps its clock); `split` is the plan of a split search (absent: one whole unit).
 */
export function newRecord(split?: SplitState, startedAt?: number): SplitRecord {
  return {
    ...(split === undefined ? {} : { split }),
    startedAt: Math.min(Date.now(), startedAt ?? Number.POSITIVE_INFINITY),
    nodes: 0,
    folded: 0,
    reruns: 0,
    threads: [],
  };
}

/** The split search's progress: the proven bound, work summed over every thread, units settled. */
export function progressOf(state: SplitState, record: SplitRecord, elapsedMs: number): ReportedProgress {
  const low = lowerBound(state);
  return {
    bound: low,
    lowerBound: low,
    nodes: record.nodes,
    elapsedMs,
    unitsDone: state.units.filter((u) => !u.busy && u.bound > low).length,
    unitsTotal: state.units.length,
    threads: record.threads.length,
    phase: "split",
  };
}

/**
 * Whether a stop hands the search back, leaving its units and state to the next run: a shutdown, or
 * this process taking the job again (search-processor.ts), rather than a cancel.
 */
export function handsBack(reason: unknown): boolean {
  return reason === SHUTDOWN || reason === SUPERSEDED;
}

export function cancelledResult(record: SplitRecord, bound: number): SolveResult {
  return stoppedResult(CANCELLED as "cancelled", bound, {
    algorithm: "idastar",
    nodes: record.nodes,
    elapsedMs: Date.now() - record.startedAt,
  });
}

/** The error ending a search whose thread failed (and would fail again on a retry). */
export function failedSearch(log: Logger, searchId: string, failure: SearchFailure): SearchFailedError {
  log.warn({ jobId: searchId, failure }, "search cannot go on: its units stopped");
  if (failure.code !== "HEURISTIC_UNAVAILABLE" || failure.pdb === undefined)
    return new SearchFailedError(failure);
  return new SearchFailedError({
    ...failure,
    message:
      `heuristic PDB_${failure.pdb} is not loaded by any live worker (workers never build tables inside ` +
      `a search): build it with \`npx puzzle pdb build ${failure.pdb}\`, list it in WORKER_PDBS and ` +
      "restart the workers, or ask for another heuristic",
  });
}
