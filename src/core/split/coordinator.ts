// The coordinator of a split search (AIDA*-style, Reinefeld & Marsland): each unit keeps its own
// proven bound (no solution through it is shorter) and deepens on its own, with no global barrier
// per iteration. It hands out the unit with the smallest bound, folds results back, re-splits a
// unit whose last iteration was far above the median, and answers only when every unit's proven
// bound reaches the best solution's length (docs/distributed.md, "Why the answer is optimal").
// Pure and serialisable: the state is plain JSON, so it can live outside the process (Redis), and
// the functions next/fold/release work on it directly (SplitSearch wraps them for in-process use).
// A fold is idempotent: each task carries its unit's round, and a result for a round already folded
// (a job run twice, a result delivered twice) or for a unit since re-split changes nothing. A task
// whose result was lost is handed out again after `release` (or is simply run again).

import type { SlidingSpec } from "../types.ts";
import { rankedChildren } from "./frontier.ts";
import { applySlidingMoves } from "../sliding/moves.ts";
import { unitOrder } from "./unit-ranker.ts";

/** A proven bound for a unit with nothing left below any length (its subtree holds no goal). */
export const EXHAUSTED = Number.MAX_SAFE_INTEGER;

export interface SplitUnit {
  readonly id: number;
  /** Moves (U/D/L/R) from the root to the unit's state; g = its length. */
  readonly moves: string;
  /** Proven: no solution through this unit is shorter. The next iteration searches at this bound. */
  bound: number;
  /** Nodes of its last iteration (0 before the first). */
  lastNodes: number;
  /** Handed out and not folded back yet. */
  busy: boolean;
  /** Results folded so far: a task of an earlier round is stale. */
  round: number;
}

export interface SplitState {
  /** Parity of every solution's length (the blank's grid distance from start to goal, mod 2). */
  readonly parity: number;
  units: SplitUnit[];
  /** Best solution found so far (full moves from the root), or null. */
  best: string | null;
  nodes: number;
  nextId: number;
  /** How many units were split again. */
  resplits: number;
  /**
   * The board, for re-splitting a unit (its children); without it units are never re-split. With
   * the goal (states saved before it was kept lack it), children are in the kernel's order.
   */
  readonly shape?: Pick<SlidingSpec, "rows" | "cols" | "start"> & { readonly goal?: readonly number[] };
  readonly policy?: ResplitPolicy;
  /** The heuristic every unit is searched with (set by planUnits: "pdb:663", "linear-conflict"...). */
  readonly heuristic?: string;
  /** The frontier's depth. */
  readonly depth?: number;
  /**
   * h(root) rounded to the parity, the unsplit IDA*'s first bound, or the bound an earlier search
   * proved if higher (PlanOptions.provenBound): no unit starts below it.
   */
  readonly rootBound?: number;
}

/** A unit handed to a searcher: search `moves`' state under `bound`. */
export interface UnitTask {
  readonly id: number;
  /** The unit's round when handed out (see fold). */
  readonly round: number;
  readonly moves: string;
  readonly bound: number;
  /** The state's heuristic (units of one search use one). */
  readonly heuristic?: string;
}

/** What searching a unit under a bound returns. */
export interface UnitResult {
  /** Moves after the unit's own, when a solution within the bound was found; else null. */
  readonly solution: string | null;
  readonly nodes: number;
  /** Smallest f above the bound seen (Infinity when nothing was). */
  readonly nextBound: number;
  /** True when the search stopped before the end (cancelled, budget): the unit is unchanged. */
  readonly stopped?: boolean;
}

export interface ResplitPolicy {
  /** A unit is split again when its last iteration exceeds `factor` x the median of the others. */
  readonly factor: number;
  /** ... and this many nodes (small units are not worth it). */
  readonly minNodes: number;
}

export const DEFAULT_RESPLIT: ResplitPolicy = { factor: 16, minNodes: 2_000_000 };

/**
 * A fresh state over frontier units, each starting at `bound` (a proven lower bound of the root), or
 * at `bound[i]` for unit i (a proven lower bound of the solutions through it).
 */
export function initialState(
  frontier: readonly string[],
  parity: number,
  bound: number | readonly number[],
  shape?: SplitState["shape"],
  policy?: ResplitPolicy,
): SplitState {
  const units = frontier.map((moves, id) => ({
    id,
    moves,
    bound: withParity(typeof bound === "number" ? bound : bound[id], parity),
    lastNodes: 0,
    busy: false,
    round: 0,
  }));
  return {
    parity,
    units,
    best: null,
    nodes: 0,
    nextId: units.length,
    resplits: 0,
    ...(shape === undefined
      ? {}
      : {
          shape: {
            rows: shape.rows,
            cols: shape.cols,
            start: [...shape.start],
            ...(shape.goal === undefined ? {} : { goal: [...shape.goal] }),
          },
        }),
    ...(policy === undefined ? {} : { policy }),
  };
}

/** Lengths below this can still improve the answer. */
function limit(s: SplitState): number {
  return s.best === null ? EXHAUSTED : s.best.length;
}

/**
 * The next unit to search (smallest bound first, then the frontier's order, which is the kernel's
 * order of children: see plan.ts), or null when none is free. Marks it busy.
 */
export function next(s: SplitState): UnitTask | null {
  const below = limit(s);
  let pick: SplitUnit | null = null;
  for (const unit of s.units) {
    if (unit.busy || unit.bound >= below) continue;
    if (pick === null || unit.bound < pick.bound) pick = unit;
  }
  if (pick === null) return null;
  pick.busy = true;
  const task = { id: pick.id, round: pick.round, moves: pick.moves, bound: pick.bound };
  return s.heuristic === undefined ? task : { ...task, heuristic: s.heuristic };
}

/** The unit a task is current for, or undefined when the task is stale. */
function currentUnit(s: SplitState, task: UnitTask): SplitUnit | undefined {
  const unit = s.units.find((u) => u.id === task.id);
  return unit !== undefined && unit.round === task.round && unit.bound === task.bound ? unit : undefined;
}

/** Frees a task handed out whose result will not come (a stopped or lost job): `next` gives it again. */
export function release(s: SplitState, task: UnitTask): void {
  const unit = currentUnit(s, task);
  if (unit !== undefined) unit.busy = false;
}

/** Folds a unit's result back. False (and nothing changed) when the task is stale. */
export function fold(s: SplitState, task: UnitTask, result: UnitResult): boolean {
  if (result.stopped) {
    release(s, task);
    return false;
  }
  const unit = currentUnit(s, task);
  if (unit === undefined) return false;
  s.nodes += result.nodes;
  unit.busy = false;
  unit.round++;
  unit.lastNodes = result.nodes;
  if (result.solution !== null) {
    const moves = task.moves + result.solution;
    if (s.best === null || moves.length < s.best.length) s.best = moves;
    // Its bound was proven and the solution lies within it: the unit is settled at that length.
    unit.bound = Math.max(unit.bound, moves.length);
    return true;
  }
  unit.bound = Number.isFinite(result.nextBound)
    ? Math.max(unit.bound, withParity(result.nextBound, s.parity))
    : EXHAUSTED;
  if (unit.bound < limit(s) && tooBig(s, unit)) resplit(s, unit);
  return true;
}

/** Far above the median of the other units' last iterations. */
function tooBig(s: SplitState, unit: SplitUnit): boolean {
  const policy = s.policy ?? DEFAULT_RESPLIT;
  if (s.shape === undefined || unit.lastNodes < policy.minNodes) return false;
  const sizes = s.units
    .filter((u) => u !== unit && u.lastNodes > 0)
    .map((u) => u.lastNodes)
    .sort((a, b) => a - b);
  if (sizes.length === 0) return false;
  return unit.lastNodes > policy.factor * sizes[sizes.length >> 1];
}

/**
 * The moves of a unit's children (legal, never undoing its last move), in the order the frontier
 * lists siblings (the kernel's, when `heuristic`'s tables are loaded): a split unit's children take
 * its place, so the units stay in one depth-first order (see rankedChildren).
 */
export function childMoves(
  shape: NonNullable<SplitState["shape"]>,
  moves: string,
  heuristic?: string,
): string[] {
  const { rows, cols, start, goal } = shape;
  const board = applySlidingMoves(rows, cols, start, moves);
  const order =
    goal === undefined || heuristic === undefined
      ? {}
      : unitOrder({ kind: "sliding", rows, cols, start, goal }, heuristic);
  return rankedChildren(rows, cols, { moves, board }, order).map((child) => child.moves);
}

/** Replaces a unit by its children; they inherit its proven bound. */
function resplit(s: SplitState, unit: SplitUnit): void {
  const kids = childMoves(s.shape!, unit.moves, s.heuristic).map((moves) => ({
    id: s.nextId++,
    moves,
    bound: unit.bound,
    // A child's share of the parent's iteration, so it is not split again at once.
    lastNodes: 0,
    busy: false,
    round: 0,
  }));
  s.units.splice(s.units.indexOf(unit), 1, ...kids);
  s.resplits++;
}

/**
 * Splits free units into their children (which inherit their proven bound), the one whose last
 * iteration was largest first, until there are at least `minUnits`: for a fleet that grew after the
 * plan (more threads than units can keep busy). Settled units (bound at or above the answer's
 * length) are left alone. Returns how many units were split.
 */
export function widen(s: SplitState, minUnits: number): number {
  if (s.shape === undefined) return 0;
  const below = limit(s);
  let count = 0;
  // A unit with one child (its blank in a corner) does not add one: a bound on the rounds.
  for (let round = 0; s.units.length < minUnits && round < 4 * minUnits; round++) {
    let pick: SplitUnit | null = null;
    for (const unit of s.units) {
      if (unit.busy || unit.bound >= below) continue;
      if (pick === null || unit.lastNodes > pick.lastNodes) pick = unit;
    }
    if (pick === null) break;
    resplit(s, pick);
    count++;
  }
  return count;
}

/** The best proven lower bound of the whole search. */
export function lowerBound(s: SplitState): number {
  let low = limit(s);
  for (const unit of s.units) if (unit.bound < low) low = unit.bound;
  return low;
}

/** True when the answer is proven: a solution, and every unit's bound at least its length. */
export function isDone(s: SplitState): boolean {
  const below = limit(s);
  return s.best !== null && s.units.every((u) => !u.busy && u.bound >= below);
}

/** A busy unit whose bound can no longer improve the answer (its search may be cancelled). */
export function isObsolete(s: SplitState, task: UnitTask): boolean {
  return task.bound >= limit(s);
}

/** The smallest bound >= b with the solutions' parity. */
export function withParity(b: number, parity: number): number {
  return ((b - parity) & 1) === 0 ? b : b + 1;
}
