// The split search in one thread (SolveOptions.split): the coordinator's loop with the units
// searched in turn. The local executor (src/local-executor/) runs the same units on several threads.
// One SearchControl, made from the caller's options, stops the whole search and reports its
// progress; each unit polls it (cancellation, clock) and gets what is left of the node budget.

import { solvedResult, stoppedResult, unsolvableResult } from "../results.ts";
import { SearchControl } from "../search-control.ts";
import { isSlidingSolvable } from "../sliding/solvability.ts";
import type { SlidingSpec, SolveOptions, SolveResult, StopReason } from "../types.ts";
import { type SplitState, fold, isDone, lowerBound, next } from "./coordinator.ts";
import { planUnits } from "./plan.ts";
import { heuristicLabel, searchUnit } from "./unit-searcher.ts";

/** The SolveResult of a finished (or stopped) split search; `nodes` includes stopped units' work. */
export function splitResult(
  state: SplitState,
  elapsedMs: number,
  nodes: number,
  stopped?: StopReason,
): SolveResult {
  const figures = {
    algorithm: "idastar",
    heuristic: heuristicLabel(state.heuristic ?? ""),
    nodes,
    elapsedMs,
    units: state.units.length,
  };
  if (stopped !== undefined || !isDone(state))
    return stoppedResult(stopped ?? "cancelled", lowerBound(state), figures);
  return solvedResult(state.best!, figures);
}

export function solveSplit(spec: SlidingSpec, options: SolveOptions = {}): SolveResult {
  const control = new SearchControl(options);
  if (!isSlidingSolvable(spec))
    return unsolvableResult({ algorithm: "solvability", nodes: 0, elapsedMs: control.elapsedMs() });
  const state = planUnits(spec, { threads: 1, heuristic: options.heuristic });
  let nodes = 0;
  let reported = -1;
  const unitOptions = {
    transpositions: options.transpositions,
    isCancelled: () => control.interrupted(),
  };
  for (let task = next(state); task !== null; task = next(state)) {
    const low = lowerBound(state);
    const stop = low > reported ? control.newBound(nodes, low) : control.poll(nodes, low);
    reported = Math.max(reported, low);
    if (stop) return splitResult(state, control.elapsedMs(), nodes, control.stoppedBy());
    const left = options.maxNodes === undefined ? undefined : options.maxNodes - nodes;
    const result = searchUnit(spec, task, undefined, { ...unitOptions, maxNodes: left });
    nodes += result.nodes;
    fold(state, task, result);
  }
  if (control.poll(nodes, lowerBound(state)))
    return splitResult(state, control.elapsedMs(), nodes, control.stoppedBy());
  if (!isDone(state)) throw new Error("split search: no unit left and no solution (unsolvable input?)");
  return splitResult(state, control.elapsedMs(), nodes);
}
