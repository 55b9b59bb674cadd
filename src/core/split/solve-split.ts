// The split search in one thread (SolveOptions.split): the coordinator's loop with the units
// searched in turn. The local executor (src/local-executor/) runs the same units on several threads.

import { isSlidingSolvable } from "../sliding/solvability.ts";
import type { SlidingSpec, SolveOptions, SolveResult, SolveStatus } from "../types.ts";
import type { SplitSearch } from "./coordinator.ts";
import { planUnits } from "./plan.ts";
import { type UnitSearcher, unitSearcherFor } from "./unit-searcher.ts";

/** The SolveResult of a finished (or stopped) split search. */
export function splitResult(
  search: SplitSearch,
  searcher: Pick<UnitSearcher, "heuristic">,
  began: number,
  stopped?: SolveStatus,
): SolveResult {
  const base = {
    algorithm: "idastar",
    heuristic: searcher.heuristic,
    nodes: search.state.nodes,
    elapsedMs: performance.now() - began,
  };
  if (stopped !== undefined || !search.done)
    return {
      ...base,
      status: stopped ?? "cancelled",
      moves: "",
      length: -1,
      optimal: false,
      lowerBound: search.lowerBound(),
    };
  const moves = search.state.best!;
  return { ...base, status: "solved", moves, length: moves.length, optimal: true, lowerBound: moves.length };
}

/** The answer when the frontier itself met the goal. */
export function frontierResult(moves: string, heuristic: string, began: number): SolveResult {
  return {
    status: "solved",
    moves,
    length: moves.length,
    algorithm: "idastar",
    heuristic,
    nodes: 0,
    elapsedMs: performance.now() - began,
    optimal: true,
    lowerBound: moves.length,
  };
}

export function solveSplit(spec: SlidingSpec, options: SolveOptions = {}): SolveResult {
  const began = performance.now();
  const searcher = unitSearcherFor(spec, options);
  if (!isSlidingSolvable(spec))
    return {
      status: "unsolvable",
      moves: "",
      length: -1,
      algorithm: "solvability",
      nodes: 0,
      elapsedMs: performance.now() - began,
      optimal: false,
      lowerBound: -1,
    };
  const plan = planUnits(spec, { threads: 1 }, searcher.rootBound);
  if (plan.kind === "solved") return frontierResult(plan.moves, searcher.heuristic, began);
  const search = plan.search;
  const deadline = options.timeLimitMs === undefined ? Infinity : began + options.timeLimitMs;
  for (;;) {
    const task = search.next();
    if (task === null) break;
    if (options.isCancelled?.()) return splitResult(search, searcher, began, "cancelled");
    if (performance.now() > deadline) return splitResult(search, searcher, began, "timed_out");
    if (options.maxNodes !== undefined && search.state.nodes >= options.maxNodes)
      return splitResult(search, searcher, began, "budget_exhausted");
    search.fold(task, searcher.search(task, { isCancelled: options.isCancelled }));
    options.onProgress?.({
      bound: search.lowerBound(),
      nodes: search.state.nodes,
      elapsedMs: performance.now() - began,
    });
  }
  if (!search.done) throw new Error("split search: no unit left and no solution (unsolvable input?)");
  return splitResult(search, searcher, began);
}
