// The coordinator of a split search (AIDA*-style, Reinefeld & Marsland): each unit keeps its own
// proven bound (no solution through it is shorter) and deepens on its own, with no global barrier
// per iteration. It hands out the unit with the smallest bound, folds results back, re-splits a
// unit whose last iteration was far above the median, and answers only when every unit's proven
// bound reaches the best solution's length (docs/distributed.md, "Why the answer is optimal").
// Pure and serialisable: the state is plain JSON, so it can live outside the process (Redis).

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
}

/** A unit handed to a searcher: search `moves`' state under `bound`. */
export interface UnitTask {
  readonly id: number;
  readonly moves: string;
  readonly bound: number;
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

export class SplitSearch {
  readonly state: SplitState;
  private readonly children: ((moves: string) => string[]) | undefined;
  private readonly policy: ResplitPolicy;

  /**
   * `children(moves)`: the moves of a unit's children (legal, not undoing the last move), used to
   * split a unit again; without it units are never re-split.
   */
  constructor(
    state: SplitState,
    children?: (moves: string) => string[],
    policy: ResplitPolicy = DEFAULT_RESPLIT,
  ) {
    this.state = state;
    this.children = children;
    this.policy = policy;
  }

  /** A fresh search over frontier units, each starting at `bound` (a proven lower bound of the root). */
  static fromFrontier(
    frontier: readonly string[],
    parity: number,
    bound: number,
    children?: (moves: string) => string[],
    policy?: ResplitPolicy,
  ): SplitSearch {
    const units = frontier.map((moves, id) => ({
      id,
      moves,
      bound: withParity(bound, parity),
      lastNodes: 0,
      busy: false,
    }));
    return new SplitSearch(
      { parity, units, best: null, nodes: 0, nextId: units.length, resplits: 0 },
      children,
      policy,
    );
  }

  /** Lengths below this can still improve the answer. */
  private limit(): number {
    return this.state.best === null ? EXHAUSTED : this.state.best.length;
  }

  /** The next unit to search (smallest bound first, then oldest), or null when none is free. */
  next(): UnitTask | null {
    const limit = this.limit();
    let pick: SplitUnit | null = null;
    for (const unit of this.state.units) {
      if (unit.busy || unit.bound >= limit) continue;
      if (pick === null || unit.bound < pick.bound) pick = unit;
    }
    if (pick === null) return null;
    pick.busy = true;
    return { id: pick.id, moves: pick.moves, bound: pick.bound };
  }

  /** Folds a unit's result back. */
  fold(task: UnitTask, result: UnitResult): void {
    const s = this.state;
    s.nodes += result.nodes;
    const at = s.units.findIndex((u) => u.id === task.id);
    if (at < 0) throw new Error(`split search: no unit ${task.id}`);
    const unit = s.units[at];
    unit.busy = false;
    if (result.stopped) return;
    unit.lastNodes = result.nodes;
    if (result.solution !== null) {
      const moves = task.moves + result.solution;
      if (s.best === null || moves.length < s.best.length) s.best = moves;
      // Its bound was proven and the solution lies within it: the unit is settled at that length.
      unit.bound = Math.max(unit.bound, moves.length);
      return;
    }
    unit.bound = Number.isFinite(result.nextBound)
      ? Math.max(unit.bound, withParity(result.nextBound, s.parity))
      : EXHAUSTED;
    if (unit.bound < this.limit() && this.tooBig(unit)) this.resplit(at);
  }

  /** Far above the median of the other units' last iterations. */
  private tooBig(unit: SplitUnit): boolean {
    if (this.children === undefined || unit.lastNodes < this.policy.minNodes) return false;
    const sizes = this.state.units
      .filter((u) => u !== unit && u.lastNodes > 0)
      .map((u) => u.lastNodes)
      .sort((a, b) => a - b);
    if (sizes.length === 0) return false;
    return unit.lastNodes > this.policy.factor * sizes[sizes.length >> 1];
  }

  /** Replaces a unit by its children; they inherit its proven bound. */
  private resplit(at: number): void {
    const s = this.state;
    const unit = s.units[at];
    const kids = this.children!(unit.moves).map((moves) => ({
      id: s.nextId++,
      moves,
      bound: unit.bound,
      // A child's share of the parent's iteration, so it is not split again at once.
      lastNodes: 0,
      busy: false,
    }));
    s.units.splice(at, 1, ...kids);
    s.resplits++;
  }

  /** The best proven lower bound of the whole search. */
  lowerBound(): number {
    let low = this.limit();
    for (const unit of this.state.units) if (unit.bound < low) low = unit.bound;
    return low;
  }

  /** True when the answer is proven: a solution, and every unit's bound at least its length. */
  get done(): boolean {
    const limit = this.limit();
    return this.state.best !== null && this.state.units.every((u) => !u.busy && u.bound >= limit);
  }

  /** Busy units whose bound can no longer improve the answer (their search may be cancelled). */
  obsolete(task: UnitTask): boolean {
    return task.bound >= this.limit();
  }

  toJSON(): SplitState {
    return this.state;
  }
}

/** The smallest bound >= b with the solutions' parity. */
export function withParity(b: number, parity: number): number {
  return ((b - parity) & 1) === 0 ? b : b + 1;
}
