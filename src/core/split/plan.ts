// planUnits: how to cut a search into units, decided from the board alone (the platform can call it
// to make queue jobs): expand the root until there are `unitsPerThread` x `threads` states, listed in
// the order the unsplit kernel would search them, and start every unit at the bound the unsplit
// IDA* would first search it under: its own f, and never below h(root), the unsplit search's first
// (nor below a bound an earlier search of the board proved).

import type { SlidingSpec, SolveOptions } from "../types.ts";
import type { ResplitPolicy, SplitState } from "./coordinator.ts";
import { initialState, withParity } from "./coordinator.ts";
import { expandFrontier } from "./frontier.ts";
import { unitOrder } from "./unit-ranker.ts";
import { chooseHeuristic, unitEstimates } from "./unit-searcher.ts";

export interface PlanOptions {
  readonly threads: number;
  /**
   * Units per thread (default 8): enough for the slowest unit not to leave threads idle, few enough
   * that each unit's per-iteration set-up stays small next to its search.
   */
  readonly unitsPerThread?: number;
  readonly resplit?: ResplitPolicy;
  /** As SolveOptions.heuristic (default auto: the strongest loaded pattern database). */
  readonly heuristic?: SolveOptions["heuristic"];
  /**
   * A lower bound an earlier search of the same board proved (no solution is shorter: every IDA*
   * iteration below it exhausted): no unit searches below it. Default none.
   */
  readonly provenBound?: number;
}

/** Parity of every solution's length: the blank's grid distance from start to goal, mod 2. */
export function solutionParity(spec: Pick<SlidingSpec, "cols" | "start" | "goal">): number {
  const a = spec.start.indexOf(0);
  const b = spec.goal.indexOf(0);
  const distance =
    Math.abs(Math.floor(a / spec.cols) - Math.floor(b / spec.cols)) +
    Math.abs((a % spec.cols) - (b % spec.cols));
  return distance & 1;
}

/**
 * The split search's initial state (plain JSON). A goal met while expanding the frontier is the
 * answer at once: the state then has `best` set and no unit (isDone holds).
 */
export function planUnits(spec: SlidingSpec, options: PlanOptions): SplitState {
  const heuristic = chooseHeuristic(spec, options.heuristic);
  const target = Math.max(1, options.threads) * (options.unitsPerThread ?? 8);
  const frontier = expandFrontier(spec, target, unitOrder(spec, heuristic));
  const parity = solutionParity(spec);
  if (frontier.kind === "solved") {
    return { ...initialState([], parity, 0), heuristic, best: frontier.moves, depth: frontier.moves.length };
  }
  const moves = frontier.nodes.map((node) => node.moves);
  // Both are proven lower bounds of the solutions through a unit (admissible heuristic; g is the
  // length of the unit's path): no iteration below them can find anything.
  const [rootH, ...h] = unitEstimates(spec, heuristic, [spec.start, ...frontier.nodes.map((n) => n.board)]);
  const floor = Math.max(rootH, options.provenBound ?? 0);
  const bounds = h.map((unitH) => Math.max(frontier.depth + unitH, floor));
  const state = initialState(moves, parity, bounds, spec, options.resplit);
  return { ...state, heuristic, depth: frontier.depth, rootBound: withParity(floor, parity) };
}
