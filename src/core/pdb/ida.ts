// IDA* on a canonical board (goal: blank on cell 0, tile i on cell i) with additive PDB heuristics:
// h = max over sets (a partition's groups, the same looked up on the mirrored state, further
// partitions) of the set's sum. Per generated node one tile moves, so each set changes in one group
// only: one precomputed index add (or, for a ranked table's off-axis step, an update from the few
// cells the tile passes) and one table read, set by set, stopping at the first set that prunes. No
// allocation in the loop, no move back to the parent, and (on boards up to 4x4) no second search of a
// state already searched in the iteration at no greater depth (a small transposition table; on 5x5,
// where it costs more than it saves, a move machine prunes the blank-move sequences that a shorter or
// lexicographically smaller one replaces: move-machine.ts). Bounds
// rise in steps of 2 (every solution has the parity of the blank's distance to its home). Tables with
// designated-region entries (designated.ts) add a flood fill on the few entries that carry the flag.

import { type PollCadence, SearchControl } from "../search-control.ts";
import type { SolveOptions, StopReason } from "../types.ts";
import { type CompiledHeuristic, groupIndex, groupValue } from "./compiled.ts";
import { type MoveMachine, machineStateAfter, moveMachine } from "./move-machine.ts";

/**
 * Polls every 2^14 expansions; an expansion adds up to 4 generated nodes (what the budget counts).
 * A caller that makes the SearchControl itself (to share it with a table build) passes this.
 */
export const PDB_POLL_CADENCE: PollCadence = {
  pollEvery: 1 << 14,
  nodesPerStep: 4,
};

type IdaStatus = "solved" | StopReason;

export interface IdaOutcome {
  readonly status: IdaStatus;
  /** Blank moves as indices 0..3 = U, D, L, R (canonical frame). */
  readonly moves: number[];
  /** Nodes generated (children evaluated), as in Korf's tables. */
  readonly nodes: number;
  readonly expanded: number;
  /** Largest bound fully searched + 2 when unsolved (a proven lower bound); the length when solved. */
  readonly lowerBound: number;
  /** Heuristic value of the start. */
  readonly initialH: number;
}

/** One iteration of a work unit (see idaIteration). */
export interface IdaIterationOutcome {
  /** "done": the iteration ran to its end (or to a solution). */
  readonly status: "done" | Exclude<IdaStatus, "solved">;
  /** The moves after the unit's own path, when a solution within the bound was found. */
  readonly moves: number[] | null;
  readonly nodes: number;
  /** Smallest f above the bound seen (a proven lower bound for the unit when unsolved). */
  readonly nextBound: number;
}

/** What the kernel takes from SolveOptions, plus its own switches. */
export interface IdaOptions extends SolveOptions {
  /**
   * Duplicate pruning by a move machine (move-machine.ts) of the forbidden blank-move sequences up
   * to this many moves; 0: off (parent pruning only). 6 prunes exactly the second of two 6-move
   * paths around a 2x2 block ("cycle pruning"). Default MACHINE_LENGTH whenever the transposition
   * table is off, which it replaces there (the two together would be unsound: the table's earlier
   * visit may have pruned other moves). See docs/pdb.md "Move machine".
   */
  readonly machineLength?: number;
}

/**
 * The move machine's sequence length when the transposition table is off (see IdaOptions): 12 takes
 * 27-36% of the nodes off Korf's 24-puzzles against 6; 14 takes 9% more off #38 + #40 but is no
 * faster (its table is 1.3 MiB against 184 KiB) and takes 7 s to find (12: stored, move-sequences.ts).
 */
const MACHINE_LENGTH = 12;

/** No pruning beyond the move back: one state, nothing completes. */
const NO_MACHINE: MoveMachine = {
  states: 1,
  step: new Int32Array(4),
  prune: new Int32Array(1),
  sequences: 0,
};

/**
 * Builds the move machine searches of a rows x cols board use by default, before the first one (it
 * is a table: a process builds it once for its solver threads, see preparePdb).
 */
export function prepareMoveMachine(rows: number, cols: number): void {
  moveMachine(rows, cols, MACHINE_LENGTH);
}

/** The machine a solve uses (null: the transposition table is on). */
function machineFor(h: CompiledHeuristic, options: SolveOptions & IdaOptions): MoveMachine | null {
  const useTable = options.transpositions ?? false;
  const length = options.machineLength ?? (useTable ? 0 : MACHINE_LENGTH);
  if (length > 0 && useTable)
    throw new RangeError("the move machine with the transposition table is unsound");
  if (useTable) return null;
  return length > 0 ? moveMachine(h.rows, h.cols, length) : NO_MACHINE;
}

interface Search {
  readonly run: (
    start: ArrayLike<number>,
    machine: MoveMachine | null,
    control: SearchControl,
    fromBound: number,
  ) => IdaOutcome;
  readonly iterate: (
    unit: IdaUnit,
    machine: MoveMachine | null,
    control: SearchControl,
    machineStart: number,
  ) => IdaIterationOutcome;
  busy: boolean;
}

// One search per compiled heuristic, made once and reused by every solve with it, from its own copy
// of createSearch's code. V8 compiles a closure against its own context (the typed arrays, their
// lengths and the constants folded into the machine code) only while the closure's function literal
// has made no other closure in the thread; a second one (the next solve, or another heuristic) sends
// every search of that literal back to generic code. Measured: Korf's 100 with 663 7.3 s generic,
// 4.7 s specialised; 7-8 2.1 s vs 1.4 s; 6-6-6-6 #40 18.6 s vs 13.4 s.
const searches = new WeakMap<CompiledHeuristic, Search>();

/**
 * Budgets, cancellation, progress and `transpositions` come from `options`; `control` is made from
 * them unless the caller has one already (its clock then counts from the caller's start).
 */
export function idaStar(
  h: CompiledHeuristic,
  start: ArrayLike<number>,
  options: IdaOptions = {},
  control: SearchControl = new SearchControl(options, PDB_POLL_CADENCE),
): IdaOutcome {
  const machine = machineFor(h, options);
  return withSearch(h, (search) => search.run(start, machine, control, options.fromBound ?? 0));
}

/** A split search's work unit for idaIteration: one iteration from `state` under `bound`. */
export interface IdaUnit {
  /** Canonical board of the unit's state. */
  readonly state: ArrayLike<number>;
  /** Moves from the root to `state`. */
  readonly g: number;
  /** The blank's cell before the last move (-1: none), so that move is not undone. */
  readonly prevBlank: number;
  readonly bound: number;
  /**
   * Units of the same root (any number >= 0 naming it) searched one after the other in a thread
   * share the transposition table's entries made under the same bound: a state a previous unit
   * searched at no greater depth is not searched again (see docs/distributed.md). -1: no sharing.
   */
  readonly root: number;
  /**
   * The moves from the root to `state` (canonical codes 0..3): the move machine starts from the
   * state they lead it to, as in the unsplit search. Sound when the units include the prefix of the
   * shortlex-smallest optimal solution, which the frontier's rule (each state's lexicographically
   * smallest path in these codes) ensures: docs/distributed.md, "Why the answer is optimal", item 6.
   * Omitted: the machine starts afresh (sound, prunes less).
   */
  readonly path?: ArrayLike<number>;
}

/** One IDA* iteration of a split search's unit (../split/), stopped and reported through `control`. */
export function idaIteration(
  h: CompiledHeuristic,
  unit: IdaUnit,
  options: IdaOptions = {},
  control: SearchControl = new SearchControl(options, PDB_POLL_CADENCE),
): IdaIterationOutcome {
  const machine = machineFor(h, options);
  let machineStart = 0;
  if (machine !== null && unit.path !== undefined) {
    const offsets = [-h.cols, h.cols, -1, 1];
    let rootBlank = 0;
    while (unit.state[rootBlank] !== 0) rootBlank++;
    for (let i = 0; i < unit.path.length; i++) rootBlank -= offsets[unit.path[i]];
    machineStart = machineStateAfter(machine, h.cols, rootBlank, unit.path);
    // The path itself is pruned: it is not the shortlex-smallest solution's prefix, so the unit
    // holds nothing the unsplit search would need (docs/distributed.md): exhausted at every bound.
    if (machineStart < 0) return { status: "done", moves: null, nodes: 0, nextBound: Infinity };
  }
  return withSearch(h, (search) => search.iterate(unit, machine, control, machineStart));
}

/**
 * The kernel's order of siblings (smaller first): the largest set sum, ties broken by the sum of
 * every set's (see dfs in createSearch). For the split search's frontier.
 */
export function siblingOrderKey(h: CompiledHeuristic, board: ArrayLike<number>): number {
  const pos = new Int32Array(h.n);
  for (let cell = 0; cell < h.n; cell++) pos[board[cell]] = cell;
  const sums = new Array<number>(h.sets).fill(0);
  for (let g = 0; g < h.size.length; g++) sums[h.setOf[g]] += groupValue(h, g, pos);
  return Math.max(...sums) * (1 << 16) + sums.reduce((a, b) => a + b, 0);
}

/** Runs `body` on this heuristic's search (a fresh one when it is busy: a solve from a callback). */
function withSearch<T>(h: CompiledHeuristic, body: (search: Search) => T): T {
  let search = searches.get(h);
  if (search === undefined) {
    search = newSearch(h);
    searches.set(h, search);
  } else if (search.busy) {
    search = newSearch(h); // a solve started from inside a running one's callbacks
  }
  search.busy = true;
  try {
    return body(search);
  } finally {
    search.busy = false;
  }
}

let copiesFail = false;

/** False once a search had to be made from the shared code (tests watch this). */
export function searchesFromOwnCopies(): boolean {
  return !copiesFail;
}

/** createSearch from a fresh copy of its source (a function literal of its own), else the shared one. */
function newSearch(h: CompiledHeuristic): Search {
  if (!copiesFail) {
    try {
      // createSearch uses only its parameters and globals. esbuild's keepNames (tsx, vitest) wraps
      // inner functions in __name(fn, "name"): an identity suffices here.
      const copy = new Function("__name", `"use strict"; return (${createSearch.toString()});`)(
        (fn: unknown) => fn,
      ) as typeof createSearch;
      return copy(h, groupIndex, groupValue);
    } catch {
      copiesFail = true; // e.g. code generation from strings disallowed: correct, only slower
    }
  }
  return createSearch(h, groupIndex, groupValue);
}

/** Must stay self-contained (see newSearch): no module-level names, only parameters and globals. */
function createSearch(
  h: CompiledHeuristic,
  groupIndex: (h: CompiledHeuristic, g: number, pos: ArrayLike<number>) => number,
  groupValue: (h: CompiledHeuristic, g: number, pos: ArrayLike<number>) => number,
): Search {
  const NODES = 0;
  const EXPANDED = 1;
  const FOUND = 1;
  const ABORT = 2;
  // Transposition table slots: 2^16 (768 KiB on 4x4), small enough to stay in cache; larger tables
  // catch few more duplicates (Korf's 100 with 663: 2^14 -28% nodes, 2^16 -34%, 2^18 -37%).
  const TT_BITS = 16;
  // Above any sum of set estimates (sets x bound), so the order key is (f, sum) lexicographically.
  const ORDER_SCALE = 1 << 16;
  const { n, cols, stride, map, weights, tables, direct, groupOf, slotOf } = h;
  const regions = h.regions;
  const sets = h.sets;
  const size = h.size;
  // Per solve: budgets, cancellation and progress.
  let control: SearchControl | undefined;

  const board = new Int32Array(n);
  const pos = new Int32Array(n);
  // Neighbour lists with the blank's move code.
  const nbCount = new Int32Array(n);
  const nbCell = new Int32Array(n * 4);
  const nbDir = new Int32Array(n * 4);
  const offsets = [-cols, cols, -1, 1];
  for (let cell = 0; cell < n; cell++) {
    const r = Math.floor(cell / cols);
    const c = cell % cols;
    const add = (dir: number) => {
      nbCell[cell * 4 + nbCount[cell]] = cell + offsets[dir];
      nbDir[cell * 4 + nbCount[cell]] = dir;
      nbCount[cell]++;
    };
    if (r > 0) add(0);
    if (r < h.rows - 1) add(1);
    if (c > 0) add(2);
    if (c < cols - 1) add(3);
  }

  const lookups = size.length;
  const idx = new Int32Array(lookups);
  const val = new Int32Array(lookups);
  const sums = new Int32Array(sets);

  // Index change of a tile's group in each set when the blank moves in direction d (the tile the
  // opposite way): one add for direct tables and for one-cell steps along a ranked table's order;
  // RERANK (an off-axis step on a ranked table, below) otherwise. Board symmetries keep each
  // direction's step the same on every cell.
  const RERANK = 0x7fffffff;
  const delta = new Int32Array(sets * n * 4).fill(RERANK);
  for (let s = 0; s < sets; s++) {
    for (let t = 1; t < n; t++) {
      const g = groupOf[s * n + t];
      for (let d = 0; d < 4; d++) {
        const blank = d === 0 || d === 2 ? n - 1 : 0; // a cell that has a neighbour in direction d
        const step = map[g * n + blank] - map[g * n + blank + offsets[d]];
        if (direct[g] || step === 1 || step === -1)
          delta[(s * n + t) * 4 + d] = step * weights[g * stride + slotOf[s * n + t]];
      }
    }
  }

  // An off-axis step on a ranked table (the tile moves from cell p to q = p ± cols in the table's
  // frame), updated incrementally rather than re-ranked: the tile's own digit changes by
  // ±(cols − the group's earlier tiles on the cells between), and each later tile of the group on a
  // cell between moves one digit the same way. Per (group, from cell, direction): the step's sign and
  // span in the table's frame, and the board cells that lie strictly between its ends there.
  const stepSign = new Int32Array(lookups * n * 4);
  const stepSpan = new Int32Array(lookups * n * 4);
  const between = new Int32Array(lookups * n * 4 * 4).fill(-1);
  for (let g = 0; g < lookups; g++) {
    if (direct[g]) continue;
    const boardCell = new Int32Array(n);
    for (let cell = 0; cell < n; cell++) boardCell[map[g * n + cell]] = cell;
    for (let from = 0; from < n; from++) {
      for (let d = 0; d < 4; d++) {
        const blank = from - offsets[d]; // the blank moved in direction d onto `from`
        const sameRow = Math.floor(blank / cols) === Math.floor(from / cols);
        if (blank < 0 || blank >= n || ((d === 2 || d === 3) && !sameRow)) continue;
        const p = map[g * n + from];
        const q = map[g * n + blank];
        const at = (g * n + from) * 4 + d;
        stepSign[at] = q > p ? 1 : -1;
        stepSpan[at] = Math.abs(q - p);
        let k = 0;
        for (let cell = Math.min(p, q) + 1; cell < Math.max(p, q); cell++)
          between[at * 4 + k++] = boardCell[cell];
      }
    }
  }

  // Designated-region entries (designated.ts): a flagged entry's value is its regular one (low 6
  // bits) plus its excess (2, or 4 with bit 6) when the blank is in the group's major free region
  // (more than half the group's free cells), found by a flood fill of the child's free cells.
  const REGION_FLAG = 0x80;
  const allCells = 2 ** n - 1;
  let notFirstCol = 0;
  let notLastCol = 0;
  for (let cell = 0; cell < n; cell++) {
    if (cell % cols !== 0) notFirstCol |= 1 << cell;
    if (cell % cols !== cols - 1) notLastCol |= 1 << cell;
  }
  const freeCells = new Int32Array(lookups);
  for (let g = 0; g < lookups; g++) freeCells[g] = n - size[g];
  // A direct table's index of 3 or 6 tiles is one or two 3-digit numbers (base n): the cells each
  // occupies (table frame), so a flagged lookup finds its placement in one or two reads.
  const CHUNK = n * n * n;
  const chunkCells = new Int32Array(CHUNK);
  for (let x = 0; x < CHUNK; x++)
    chunkCells[x] = (1 << Math.floor(x / (n * n))) | (1 << (Math.floor(x / n) % n)) | (1 << (x % n));
  const decodes = new Uint8Array(lookups);
  for (let g = 0; g < lookups; g++) decodes[g] = direct[g] && (size[g] === 3 || size[g] === 6) ? 1 : 0;
  // The child of the board: tile t of set s's group gs slides from `from` onto `blank`, and the child's
  // index in gs's table is `index`. The flood fill runs in the table's frame (a board symmetry).
  const regionValue = (
    s: number,
    gs: number,
    index: number,
    value: number,
    from: number,
    blank: number,
  ): number => {
    let occupied = 0;
    let seed = 0;
    if (decodes[gs] !== 0) {
      const high = (index / CHUNK) | 0;
      occupied = chunkCells[index - high * CHUNK] | (size[gs] === 6 ? chunkCells[high] : 0);
      seed = 1 << map[gs * n + from];
    } else {
      occupied = (1 << from) | (1 << blank);
      for (let cell = 0; cell < n; cell++) {
        const other = board[cell];
        if (other !== 0 && groupOf[s * n + other] === gs) occupied ^= 1 << cell;
      }
      seed = 1 << from;
    }
    // board-regions.ts's flood fill, written out: createSearch stays self-contained (see newSearch).
    const free = allCells & ~occupied;
    let region = seed;
    let previous = 0;
    do {
      previous = region;
      region =
        (region |
          ((region << 1) & notFirstCol) |
          ((region >>> 1) & notLastCol) |
          (region << cols) |
          (region >>> cols)) &
        free;
    } while (region !== previous);
    let v = region - ((region >>> 1) & 0x55555555);
    v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
    const cellsReached = Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
    return (value & 0x3f) + (cellsReached * 2 > freeCells[gs] ? 2 + ((value & 0x40) >>> 5) : 0);
  };

  const path = new Int32Array(1024);
  // Move machine (move-machine.ts): its state (times 4) per depth; a child whose move completes a
  // forbidden sequence (a negative step) from a cell where the replacement is legal (bit `blank` of
  // its prune mask) is skipped. Without one, a machine of one state that prunes nothing.
  let machineStep: Int32Array = new Int32Array(4);
  let machinePrune: Int32Array = new Int32Array(1);
  const machineState = new Int32Array(path.length + 1);
  const cState = new Int32Array(path.length * 4);
  // Children of the node at depth g live in slots g*4 .. g*4+3 while it is searched: the move, the
  // f value, and per set the new index and value; then the parent's values to restore.
  const cFrom = new Int32Array(path.length * 4);
  const cDir = new Int32Array(path.length * 4);
  const cF = new Int32Array(path.length * 4);
  const cOrder = new Int32Array(path.length * 4);
  const newIdx = new Int32Array(path.length * 4 * sets);
  const newVal = new Int32Array(path.length * 4 * sets);
  const oldIdx = new Int32Array(path.length * sets);
  const oldVal = new Int32Array(path.length * sets);
  let bound = 0;
  // No f above the bound seen yet: a small integer, not Infinity. V8 compiles the comparisons with
  // nextBound for small integers, and a heap number (Infinity) arriving later throws the compiled
  // search away ("not a Smi"); so do the rare branches below that never ran before it was compiled.
  const NO_BOUND = 0x3fffffff;
  let nextBound = NO_BOUND;

  // Transposition table of recently expanded states (direct-mapped, the newest state wins its slot),
  // keyed by the whole board packed in 32-bit words, so a hit is exact: a state reached again in the
  // same iteration at the same or a greater depth is not searched again (its first visit had at least
  // the budget this one has). It catches the paths that differ by a short cycle (the blank around a
  // 2x2 block), which IDA* with parent pruning alone searches again and again.
  const cellBits = n <= 16 ? 4 : 5;
  const perWord = Math.floor(32 / cellBits);
  // The last cell's tile follows from the others, so it goes to a spare word outside the key (5x5:
  // 4 words instead of 5).
  const words = Math.ceil((n - 1) / perWord);
  const slotWidth = words + 1;
  const wordOf = new Int32Array(n);
  const shiftOf = new Int32Array(n);
  for (let cell = 0; cell < n; cell++) {
    wordOf[cell] = cell === n - 1 ? words : Math.floor(cell / perWord);
    shiftOf[cell] = cell === n - 1 ? 0 : (cell % perWord) * cellBits;
  }
  if (words > 4) throw new RangeError("boards up to 25 cells"); // the probe below reads 4 words
  const key = new Int32Array(5);
  const ttShift = 32 - TT_BITS;
  const tt = new Int32Array((1 << TT_BITS) * slotWidth);
  // Entries hold stampBase + depth, stampBase = epoch * 2^18 + bound * 2^10 (depths < 1024, bounds
  // < 256 when shared): a new epoch per iteration of `run`, so older entries never match; `iterate`
  // keeps the epoch while it searches units of the same root, so units under the same bound share
  // entries (and units under different bounds do not).
  const EPOCH = 1 << 18;
  let epoch = 0;
  let stampBase = 0;
  let sharedRoot = -1;
  const newEpoch = (): void => {
    epoch++;
    if (epoch >= 1 << 13) {
      tt.fill(0);
      epoch = 1;
    }
  };
  let useTable = true;
  // Node counters in a typed array: a closure variable past 2^30 (V8's small-integer range, reached
  // by long 24-puzzle searches) would become a heap number, allocated anew at every increment.
  const counts = new Float64Array(2);
  let solutionLength = 0;
  // The goal's move and the nodes generated beside it, written where the goal is found as plain
  // variables (an array element written only there would have no type feedback: see NO_BOUND).
  let goalMove = 0;
  let goalNodes = 0;
  let countdown = 0;
  // Whether this search has polled yet (see firstCountdown and NO_BOUND).
  let polled = false;
  const EARLY_POLL = 128;

  const shouldStop = (): boolean => {
    polled = true;
    if (control === undefined || control.poll(counts[NODES], bound)) return true;
    countdown = control.countdown(counts[NODES]);
    return false;
  };
  // The search's countdown to its next poll. A new search polls early, once V8 records what its
  // code does (after a few calls: feedback is allocated lazily) and before it compiles it; the
  // count carries over from solve to solve (a split search's first units are small) until it has.
  const firstCountdown = (ctl: SearchControl, nodes: number): number => {
    if (polled) return ctl.countdown(nodes);
    const early = countdown > 0 && countdown <= EARLY_POLL ? countdown : EARLY_POLL;
    return Math.min(early, ctl.countdown(nodes)); // a node budget below it is checked in time
  };
  // After dfs returned FOUND: the goal's move into the path, its siblings into the count.
  const foundGoal = (): void => {
    path[solutionLength - 1] = goalMove;
    counts[NODES] += goalNodes;
  };

  // True when the board in `key` was searched before in this iteration at depth <= g; otherwise it
  // takes its slot (depth g). Written out for up to 4 words: `words` is a constant of this search,
  // so the unused lines fold away.
  const searchedBefore = (g: number): boolean => {
    const k0 = key[0];
    const k1 = key[1];
    const k2 = key[2];
    const k3 = key[3];
    let hash = Math.imul(k0, 0x9e3779b1);
    if (words > 1) hash = Math.imul(hash ^ k1, 0x9e3779b1);
    if (words > 2) hash = Math.imul(hash ^ k2, 0x9e3779b1);
    if (words > 3) hash = Math.imul(hash ^ k3, 0x9e3779b1);
    const slot = (hash >>> ttShift) * slotWidth;
    const stamp = tt[slot + words];
    if (
      tt[slot] === k0 &&
      (words < 2 || tt[slot + 1] === k1) &&
      (words < 3 || tt[slot + 2] === k2) &&
      (words < 4 || tt[slot + 3] === k3) &&
      stamp >= stampBase &&
      stamp <= stampBase + g
    ) {
      return true;
    }
    tt[slot] = k0;
    if (words > 1) tt[slot + 1] = k1;
    if (words > 2) tt[slot + 2] = k2;
    if (words > 3) tt[slot + 3] = k3;
    tt[slot + words] = stampBase + g;
    return false;
  };

  // Set s's group of tile t takes the child's index and value (saved to restore after the child).
  const enter = (s: number, t: number, c: number, base: number): void => {
    const gs = groupOf[s * n + t];
    oldIdx[base + s] = idx[gs];
    oldVal[base + s] = val[gs];
    sums[s] += newVal[c * sets + s] - val[gs];
    idx[gs] = newIdx[c * sets + s];
    val[gs] = newVal[c * sets + s];
  };
  const leave = (s: number, t: number, base: number): void => {
    const gs = groupOf[s * n + t];
    sums[s] += oldVal[base + s] - val[gs];
    idx[gs] = oldIdx[base + s];
    val[gs] = oldVal[base + s];
  };

  // All children are evaluated first, then searched in increasing f (the last iteration meets the
  // goal sooner); a child whose f exceeds the bound by more than 2 bounds this node too (pathmax)
  // and cuts it before any sibling is searched.
  const dfs = (g: number, blank: number, prev: number): number => {
    const g1 = g + 1;
    const nb0 = blank * 4;
    const c0 = g * 4;
    const count = nbCount[blank];
    // Sets are tried from the one with the largest sum here: it is the likeliest to prune a child,
    // and a pruned child needs no further lookup.
    let first = 0;
    for (let s = 1; s < sets; s++) if (sums[s] > sums[first]) first = s;
    const m0 = machineState[g];
    let children = 0;
    let generated = 0; // added to counts[NODES] once per node, not per child
    let cut = false; // a child's f exceeds the bound by more than 2: pathmax cuts this node
    for (let i = 0; i < count; i++) {
      const from = nbCell[nb0 + i];
      if (from === prev) continue;
      const dir = nbDir[nb0 + i];
      let state = machineStep[m0 + dir];
      if (state < 0) {
        state = ~state;
        if ((machinePrune[state >> 2] >>> blank) & 1) continue;
      }
      generated++;
      const t = board[from];
      const c = c0 + children;
      // Set by set; the first whose sum prunes ends the evaluation.
      let f = 0;
      let worst = 0;
      let total = 0;
      let tried = 0;
      for (let s = first; tried < sets; tried++, s = s + 1 === sets ? 0 : s + 1) {
        const at = s * n + t;
        const gs = groupOf[at];
        const d = delta[at * 4 + dir];
        let index = idx[gs] + d;
        if (d === RERANK) {
          const slot = slotOf[at];
          const a = (gs * n + from) * 4 + dir;
          let earlier = 0;
          let later = 0;
          for (let b = a * 4, end = b + 4; b < end; b++) {
            const cell = between[b];
            if (cell < 0) break;
            const other = board[cell];
            if (other !== 0 && groupOf[s * n + other] === gs) {
              const otherSlot = slotOf[s * n + other];
              if (otherSlot < slot) earlier++;
              else later += weights[gs * stride + otherSlot];
            }
          }
          index = idx[gs] + stepSign[a] * ((stepSpan[a] - earlier) * weights[gs * stride + slot] + later);
        }
        let value = tables[gs][index];
        if (regions !== 0 && value >= REGION_FLAG) value = regionValue(s, gs, index, value, from, blank);
        f = g1 + sums[s] + value - val[gs];
        if (f > bound) break;
        if (f > worst) worst = f;
        total += f;
        newIdx[c * sets + s] = index;
        newVal[c * sets + s] = value;
      }
      if (tried < sets) {
        // Written with no operation that runs only on a cut (see NO_BOUND): the cut leaves the
        // loop, and the count below is the one every node passes.
        const lowered = f - 2;
        const over = lowered > bound ? lowered : f;
        if (over < nextBound) nextBound = over;
        if (over !== f) {
          cut = true;
          break;
        }
        continue;
      }
      if (sums[0] + newVal[c * sets] - val[groupOf[t]] === 0) {
        goalMove = dir; // every tile home: the goal (path and counts are updated by foundGoal)
        goalNodes = generated;
        solutionLength = g1;
        return FOUND;
      }
      cFrom[c] = from;
      cDir[c] = dir;
      cState[c] = state;
      // Order key: the child's f, ties broken by the sum of every set's estimate (the child most
      // sets agree is close comes first): 12.5% fewer nodes on Korf's 100 than f alone.
      const key = worst * ORDER_SCALE + total;
      cF[c] = key;
      let at = children;
      while (at > 0 && cF[c0 + cOrder[c0 + at - 1]] > key) {
        cOrder[c0 + at] = cOrder[c0 + at - 1];
        at--;
      }
      cOrder[c0 + at] = children;
      children++;
    }
    counts[NODES] += generated;
    if (cut) return 0;
    const base = g * sets;
    for (let k = 0; k < children; k++) {
      const c = c0 + cOrder[c0 + k];
      const from = cFrom[c];
      const t = board[from];
      path[g] = cDir[c];
      machineState[g1] = cState[c];
      board[blank] = t;
      board[from] = 0;
      // Written out for the first four sets (a constant of this search: the unused calls fold away).
      enter(0, t, c, base);
      if (sets > 1) enter(1, t, c, base);
      if (sets > 2) enter(2, t, c, base);
      if (sets > 3) enter(3, t, c, base);
      for (let s = 4; s < sets; s++) enter(s, t, c, base);
      let result = 0;
      const kf = wordOf[from];
      const kb = wordOf[blank];
      key[kf] ^= t << shiftOf[from];
      key[kb] ^= t << shiftOf[blank];
      const duplicate = useTable && searchedBefore(g1);
      if (!duplicate) {
        counts[EXPANDED]++;
        if (--countdown === 0 && shouldStop()) result = ABORT;
        else result = dfs(g1, from, blank);
      }
      key[kf] ^= t << shiftOf[from];
      key[kb] ^= t << shiftOf[blank];
      board[from] = t;
      board[blank] = 0;
      leave(0, t, base);
      if (sets > 1) leave(1, t, base);
      if (sets > 2) leave(2, t, base);
      if (sets > 3) leave(3, t, base);
      for (let s = 4; s < sets; s++) leave(s, t, base);
      if (result !== 0) return result;
    }
    return 0;
  };

  // The set-up `run` and `iterate` share: the board, its key, the sets' sums, the control. Returns h.
  const load = (start: ArrayLike<number>, machine: MoveMachine | null, ctl: SearchControl): number => {
    control = ctl;
    // The table is on by default up to 4x4: there it saves time (663: -24%). On 5x5 the probe of a
    // 4-word key costs more than the fewer nodes save; the move machine instead (6-6-6-6 #40 + #25:
    // table 215.6 M nodes, +19% CPU; cycle pruning 243.9 M, -11% CPU against neither).
    useTable = machine === null;
    machineStep = machine === null ? new Int32Array(4) : machine.step;
    machinePrune = machine === null ? new Int32Array(1) : machine.prune;
    solutionLength = 0;
    counts.fill(0);
    key.fill(0);
    for (let cell = 0; cell < n; cell++) {
      board[cell] = start[cell];
      pos[start[cell]] = cell;
      key[wordOf[cell]] |= start[cell] << shiftOf[cell];
    }
    sums.fill(0);
    for (let g = 0; g < lookups; g++) {
      idx[g] = groupIndex(h, g, pos);
      val[g] = groupValue(h, g, pos);
      sums[h.setOf[g]] += val[g];
    }
    return Math.max(...sums);
  };

  const run = (
    start: ArrayLike<number>,
    machine: MoveMachine | null,
    ctl: SearchControl,
    fromBound: number,
  ): IdaOutcome => {
    const initialH = load(start, machine, ctl);
    machineState[0] = 0;
    sharedRoot = -1;
    const blank0 = pos[0];
    const parity = (Math.floor(blank0 / cols) + (blank0 % cols)) & 1;
    const withParity = (b: number) => (((b - parity) & 1) === 0 ? b : b + 1);
    const finish = (status: IdaStatus, moves: number[], lowerBound: number): IdaOutcome => ({
      status,
      moves,
      nodes: counts[NODES],
      expanded: counts[EXPANDED],
      lowerBound,
      initialH,
    });
    if (sums[0] === 0) return finish("solved", [], 0);

    bound = withParity(Math.max(initialH, fromBound));
    for (;;) {
      nextBound = NO_BOUND;
      newEpoch();
      stampBase = epoch * EPOCH;
      if (ctl.newBound(counts[NODES], bound)) return finish(ctl.stoppedBy(), [], bound);
      countdown = firstCountdown(ctl, counts[NODES]);
      const result = dfs(0, blank0, -1);
      if (result === FOUND) {
        foundGoal();
        const moves = Array.from(path.subarray(0, solutionLength));
        return finish("solved", moves, moves.length);
      }
      if (result === ABORT) return finish(ctl.stoppedBy(), [], bound);
      if (nextBound === NO_BOUND)
        throw new Error("IDA*: search space exhausted (unsolvable input reached the search)");
      bound = withParity(nextBound);
    }
  };

  // One iteration from a unit's state (the split search): dfs from depth g under the unit's bound.
  const iterate = (
    unit: IdaUnit,
    machine: MoveMachine | null,
    ctl: SearchControl,
    machineStart: number,
  ): IdaIterationOutcome => {
    const f0 = unit.g + load(unit.state, machine, ctl);
    // Where the unit's path from the root left the machine (0: afresh), as the unsplit search has it.
    machineState[unit.g] = machineStart;
    if (sums[0] === 0) return { status: "done", moves: [], nodes: 0, nextBound: unit.g };
    // Below the unit's own f nothing is searched: its f is the next bound.
    if (f0 > unit.bound) return { status: "done", moves: null, nodes: 0, nextBound: f0 };
    if (unit.root < 0 || unit.root !== sharedRoot || unit.bound >= 256) newEpoch();
    sharedRoot = unit.bound >= 256 ? -1 : unit.root;
    stampBase = epoch * EPOCH + (unit.bound & 255) * 1024;
    bound = unit.bound;
    nextBound = NO_BOUND;
    countdown = firstCountdown(ctl, 0);
    const result = dfs(unit.g, pos[0], unit.prevBlank);
    if (result === FOUND) foundGoal();
    const nodes = counts[NODES];
    const next = nextBound === NO_BOUND ? Number.POSITIVE_INFINITY : nextBound;
    // An unfinished iteration's entries promise searches that did not end: the next unit starts afresh.
    if (result !== 0) sharedRoot = -1;
    if (result === FOUND)
      return {
        status: "done",
        moves: Array.from(path.subarray(unit.g, solutionLength)),
        nodes,
        nextBound: next,
      };
    return {
      status: result === ABORT ? ctl.stoppedBy() : "done",
      moves: null,
      nodes,
      nextBound: next,
    };
  };
  return { run, iterate, busy: false };
}
