// What a coordinator makes of a search besides the core's proven answer: the record a new search
// starts from, the progress it reports, whether a stop hands it back, the result of a search
// stopped before its answer, and the error of one whose units failed.
import type { Logger } from "pino";
import {
  type SplitState,
  chooseHeuristic,
  heuristicLabel,
  lowerBound,
  solutionParity,
  withParity,
} from "../src/core/index.ts";
import { stoppedResult } from "../src/core/results.ts";
import { CENTRE_CELLS, COPIES_PER_SYMBOL } from "../src/core/rotation/geometry.ts";
import { unitEstimates } from "../src/core/split/unit-searcher.ts";
import type { SolveResult } from "../src/core/types.ts";
import { type SearchFailure, type SolveJobData, newPlanEpoch } from "../src/solves/index.ts";
import { CANCELLED, SHUTDOWN, SUPERSEDED } from "./abort-reasons.ts";
import type { ReportedProgress } from "./progress-throttle.ts";
import { SearchFailedError } from "./search-failed-error.ts";
import type { SplitRecord } from "./split-store.ts";

/**
 * The record of a search started now, or at `startedAt` (the Solve row's start: a search whose state
 * Redis lost keeps its clock); `split` is the plan of a split search (absent: one whole unit), which
 * gets a new epoch (its unit job ids are not an earlier plan's).
 */
export function newRecord(split?: SplitState, startedAt?: number): SplitRecord {
  return {
    ...(split === undefined ? {} : { split, epoch: newPlanEpoch() }),
    startedAt: Math.min(Date.now(), startedAt ?? Number.POSITIVE_INFINITY),
    nodes: 0,
    folded: 0,
    reruns: 0,
    threads: [],
  };
}

/** The search's nodes: its plan's folded units' and its first try's (SplitRecord.firstTryNodes). */
export function searchedNodes(record: SplitRecord): number {
  return record.nodes + (record.firstTryNodes ?? 0);
}

/** The split search's progress: the proven bound, work summed over every thread, units settled. */
export function progressOf(state: SplitState, record: SplitRecord, elapsedMs: number): ReportedProgress {
  const low = lowerBound(state);
  return {
    bound: low,
    lowerBound: low,
    nodes: searchedNodes(record),
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
    nodes: searchedNodes(record),
    elapsedMs: Date.now() - record.startedAt,
  });
}

/**
 * A whole search (one unit, not split) that ends with no answer from a thread: its unit removed while
 * it was still queued (out of time, or cancelled, before any thread took it), or a thread that fell
 * silent. The figures are what is known without the thread: the algorithm and heuristic the search
 * runs with (A* is A*; IDA* with AUTO gets the heuristic a split search would choose here), no nodes
 * (none were reported), and as lower bound that heuristic's h(start), rounded up to the solutions'
 * parity on sliding boards: what the board alone proves, the first bound IDA* would have searched.
 */
export function wholeStoppedResult(
  data: SolveJobData,
  reason: "cancelled" | "timed_out",
  startedAt: number,
): SolveResult {
  const figures = { nodes: 0, elapsedMs: Date.now() - startedAt };
  const { spec } = data;
  if (spec.kind !== "sliding") {
    // The Rotation Game's IDA* (its table answers within the request): 8 - the commonest centre symbol.
    const counts = [0, 0, 0, 0];
    for (const cell of CENTRE_CELLS) counts[spec.start[cell]]++;
    const h = COPIES_PER_SYMBOL - Math.max(counts[1], counts[2], counts[3]);
    return stoppedResult(reason, h, { algorithm: "rotation-idastar", heuristic: "centre-count", ...figures });
  }
  const astar = data.algorithm === "astar";
  // A* takes a built-in heuristic (AUTO: linear conflict); IDA* what the split planner picks too.
  const choice = astar
    ? data.heuristic === "manhattan"
      ? "manhattan"
      : "linear-conflict"
    : chooseHeuristic(spec, data.heuristic);
  const [h] = unitEstimates(spec, choice, [spec.start]);
  return stoppedResult(reason, withParity(h, solutionParity(spec)), {
    algorithm: astar ? "astar" : "idastar",
    heuristic: heuristicLabel(choice),
    ...figures,
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
