// planUnits: how to cut a search into units, decided from counts alone (the platform can reuse it
// with queue jobs): expand the root until there are `unitsPerThread` x `threads` states.

import { applySlidingMoves } from "../sliding/moves.ts";
import type { SlidingSpec } from "../types.ts";
import { SplitSearch, type ResplitPolicy } from "./coordinator.ts";
import { childNodes, expandFrontier } from "./frontier.ts";

export interface PlanOptions {
  readonly threads: number;
  /** Units per thread (default 24): enough for the slowest unit not to leave threads idle. */
  readonly unitsPerThread?: number;
  readonly resplit?: ResplitPolicy;
}

export type Plan =
  | { readonly kind: "solved"; readonly moves: string }
  | { readonly kind: "split"; readonly depth: number; readonly search: SplitSearch };

/** Parity of every solution's length: the blank's grid distance from start to goal, mod 2. */
export function solutionParity(spec: Pick<SlidingSpec, "cols" | "start" | "goal">): number {
  const a = spec.start.indexOf(0);
  const b = spec.goal.indexOf(0);
  const distance =
    Math.abs(Math.floor(a / spec.cols) - Math.floor(b / spec.cols)) +
    Math.abs((a % spec.cols) - (b % spec.cols));
  return distance & 1;
}

/** The moves of a unit's children, for re-splitting (legal moves, never undoing the last one). */
export function unitChildren(spec: SlidingSpec): (moves: string) => string[] {
  return (moves) =>
    childNodes(spec.rows, spec.cols, {
      moves,
      board: applySlidingMoves(spec.rows, spec.cols, spec.start, moves),
    }).map((child) => child.moves);
}

export function planUnits(spec: SlidingSpec, options: PlanOptions, rootBound = 0): Plan {
  const target = Math.max(1, options.threads) * (options.unitsPerThread ?? 24);
  const frontier = expandFrontier(spec, target);
  if (frontier.kind === "solved") return { kind: "solved", moves: frontier.moves };
  const search = SplitSearch.fromFrontier(
    frontier.nodes.map((node) => node.moves),
    solutionParity(spec),
    Math.max(rootBound, frontier.depth),
    unitChildren(spec),
    options.resplit,
  );
  return { kind: "split", depth: frontier.depth, search };
}
