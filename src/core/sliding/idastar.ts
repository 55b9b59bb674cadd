// IDA* for sliding puzzles of any shape and goal (Korf 1985). Depth-first iterations with a growing
// bound on f = g + h; each iteration that fails raises the bound to the smallest f that exceeded it,
// so the first solution found is optimal and the bound is always a proven lower bound.
//
// Two kernels share the driver below:
// - the built-in kernel keeps Manhattan distance and linear conflict inline (tables in module
//   variables, line codes updated per move): no call, no allocation per node;
// - the generic kernel calls any SlidingHeuristic (see heuristic.ts; pattern databases have their
//   own IDA* in ../pdb/, which the facade calls).
// Both skip the move back to the parent and poll budgets and cancellation through a SearchControl.

import { SearchControl, type SearchOutcome } from "../search-control.ts";
import { DIRECTION_LETTERS, manhattanTable, neighbourTable } from "./geometry.ts";
import type { SlidingHeuristic } from "./heuristic.ts";
import { encodeLines, lineTables } from "./linear-conflict.ts";
import type { SolveOptions, StopReason } from "../types.ts";

const MAX_DEPTH = 1000;
/** Nodes before the first poll (see idaStar). */
const FIRST_POLL = 256;

// ---- state of the current search (searches are synchronous: one at a time per thread) ----
let n = 0;
let cols = 0;
let rows = 0;
let board: Uint8Array = new Uint8Array(25);
let neighbours: Int8Array = new Int8Array(100);
const path: Uint8Array = new Uint8Array(MAX_DEPTH);
let moveList: Int16Array = new Int16Array(0);
let n4 = 0;
let bound = 0;
let nextBound = 0;
let nodes = 0;
/** Children evaluated (Korf's "nodes generated"), for comparison with the literature. */
let generated = 0;
let countdown = 0;
let control: SearchControl | undefined;
let stopped = false;
let busy = false;
// built-in kernel: per (tile, blank cell, direction) move tables, see prepareBuiltIn
let moveHDelta: Int8Array = new Int8Array(0);
let moveLine: Int8Array = new Int8Array(0);
let moveLineDelta: Int32Array = new Int32Array(0);
let moveCross: Int8Array = new Int8Array(0);
let moveCrossDelta: Int32Array = new Int32Array(0);
let lineCode: Int32Array = new Int32Array(10);
let conflicts: Uint8Array = new Uint8Array(0);
// generic kernel
let heuristic: SlidingHeuristic | undefined;

/** Returns true when the search must stop (budget, time, cancellation). */
function pollControl(): boolean {
  if (control === undefined || control.poll(nodes, bound)) stopped = true;
  else countdown = control.countdown(nodes);
  return stopped;
}

/** Built-in kernel. Returns true when the goal is reached (its path is in `path[0..g)`). */
function searchBuiltIn(blank: number, g: number, h: number, back: number): boolean {
  // (Kept free of operations that need type feedback on the rare paths: the goal and the stop
  // would otherwise deoptimise the whole recursion once they are reached.)
  if (h === 0) {
    bound = g;
    return true;
  }
  nodes++;
  if (--countdown === 0 && pollControl()) return false;
  const g1 = g + 1;
  // moveList holds, per blank cell and arrival direction, the legal moves except the way back,
  // each as to << 7 | (blank * 4 + dir).
  const first = (blank * 5 + back + 1) * 5;
  for (let k = first; ; k++) {
    const entry = moveList[k];
    if (entry < 0) {
      generated += k - first;
      break;
    }
    const dir = entry & 3;
    const to = entry >> 7;
    const tile = board[to];
    // The tile slides from `to` into `blank`; everything that changes is in the move tables.
    const key = tile * n4 + (entry & 127);
    let childH = h + moveHDelta[key];
    const line = moveLine[key];
    let oldCode = 0;
    if (line >= 0) {
      oldCode = lineCode[line];
      const code = oldCode + moveLineDelta[key];
      childH += conflicts[code] - conflicts[oldCode];
      lineCode[line] = code;
    }
    const cross = moveCross[key];
    if (cross >= 0) lineCode[cross] += moveCrossDelta[key];
    const f = g1 + childH;
    if (f <= bound) {
      board[blank] = tile;
      board[to] = 0;
      path[g] = dir;
      if (searchBuiltIn(to, g1, childH, dir ^ 1)) return true;
      board[to] = tile;
      board[blank] = 0;
      if (stopped) return false;
    } else if (f < nextBound) {
      nextBound = f;
    }
    if (line >= 0) lineCode[line] = oldCode;
    if (cross >= 0) lineCode[cross] -= moveCrossDelta[key];
  }
  return false;
}

/** Generic kernel: the same search with the heuristic behind the SlidingHeuristic interface. */
function searchGeneric(blank: number, g: number, h: number, back: number): boolean {
  // (Kept free of operations that need type feedback on the rare paths: the goal and the stop
  // would otherwise deoptimise the whole recursion once they are reached.)
  if (h === 0) {
    bound = g;
    return true;
  }
  nodes++;
  if (--countdown === 0 && pollControl()) return false;
  const g1 = g + 1;
  const heur = heuristic!;
  for (let k = (blank * 5 + back + 1) * 5; moveList[k] >= 0; k++) {
    const dir = moveList[k] & 3;
    const to = moveList[k] >> 7;
    const tile = board[to];
    const childH = heur.move(tile, to, blank, h);
    if (g1 + childH > bound) {
      heur.undo(tile, to, blank);
      if (g1 + childH < nextBound) nextBound = g1 + childH;
      continue;
    }
    board[blank] = tile;
    board[to] = 0;
    path[g] = dir;
    if (searchGeneric(to, g1, childH, dir ^ 1)) return true;
    board[to] = tile;
    board[blank] = 0;
    heur.undo(tile, to, blank);
    if (stopped) return false;
  }
  return false;
}

function prepareBoard(r: number, c: number, start: readonly number[]): void {
  rows = r;
  cols = c;
  n = r * c;
  board = Uint8Array.from(start);
  neighbours = neighbourTable(r, c);
  // moveList[(blank * 5 + back + 1) * 5 ...]: legal moves except `back` (-1 = none), ended by -1.
  moveList = new Int16Array(n * 5 * 5).fill(-1);
  n4 = n * 4;
  for (let blank = 0; blank < n; blank++) {
    for (let back = -1; back < 4; back++) {
      let k = (blank * 5 + back + 1) * 5;
      for (let dir = 0; dir < 4; dir++) {
        const to = neighbours[blank * 4 + dir];
        if (dir !== back && to >= 0) moveList[k++] = (to << 7) | (blank * 4 + dir);
      }
    }
  }
}

/**
 * Fills the move tables of the built-in kernel and returns h of the start. For the tile moving
 * into `blank` in direction `dir` (key = (tile * n + blank) * 4 + dir):
 * - moveHDelta: the change of its Manhattan distance;
 * - moveLine / moveLineDelta: the one line whose conflicts can change (the tile's goal row when a
 *   vertical move takes it out of or into that row; its goal column for horizontal moves) and the
 *   change of that line's code, or -1;
 * - moveCross / moveCrossDelta: the line the tile moves along, when it is the tile's goal line:
 *   its code changes (the digit moves) but its conflicts cannot (the order of tiles is kept).
 * Line codes carry each line's offset into `conflicts`, so a code indexes it directly.
 */
function prepareBuiltIn(goal: readonly number[], withConflicts: boolean): number {
  const manhattan = manhattanTable(rows, cols, goal);
  const size = n * n * 4;
  moveHDelta = new Int8Array(size);
  moveLine = new Int8Array(size).fill(-1);
  moveLineDelta = new Int32Array(size);
  moveCross = new Int8Array(size).fill(-1);
  moveCrossDelta = new Int32Array(size);
  const lines = lineTables(rows, cols, goal);
  const rowTable = lines.rowConflicts;
  conflicts = new Uint8Array(rowTable.length + lines.colConflicts.length);
  conflicts.set(rowTable);
  conflicts.set(lines.colConflicts, rowTable.length);
  for (let tile = 1; tile < n; tile++) {
    for (let blank = 0; blank < n; blank++) {
      for (let dir = 0; dir < 4; dir++) {
        const from = neighbours[blank * 4 + dir];
        if (from < 0) continue;
        const key = (tile * n + blank) * 4 + dir;
        moveHDelta[key] = manhattan[tile * n + blank] - manhattan[tile * n + from];
        if (!withConflicts) continue;
        const fr = Math.floor(from / cols);
        const fc = from % cols;
        const tr = Math.floor(blank / cols);
        const tc = blank % cols;
        if (dir < 2) {
          const leaving = lines.rowDigit[tile * rows + fr];
          const entering = lines.rowDigit[tile * rows + tr];
          if (leaving !== 0) {
            moveLine[key] = fr;
            moveLineDelta[key] = -leaving * lines.rowPlace[fc];
          } else if (entering !== 0) {
            moveLine[key] = tr;
            moveLineDelta[key] = entering * lines.rowPlace[tc];
          }
          const digit = lines.colDigit[tile * cols + tc];
          if (digit !== 0) {
            moveCross[key] = rows + tc;
            moveCrossDelta[key] = digit * (lines.colPlace[tr] - lines.colPlace[fr]);
          }
        } else {
          const leaving = lines.colDigit[tile * cols + fc];
          const entering = lines.colDigit[tile * cols + tc];
          if (leaving !== 0) {
            moveLine[key] = rows + fc;
            moveLineDelta[key] = -leaving * lines.colPlace[fr];
          } else if (entering !== 0) {
            moveLine[key] = rows + tc;
            moveLineDelta[key] = entering * lines.colPlace[tr];
          }
          const digit = lines.rowDigit[tile * rows + tr];
          if (digit !== 0) {
            moveCross[key] = tr;
            moveCrossDelta[key] = digit * (lines.rowPlace[tc] - lines.rowPlace[fc]);
          }
        }
      }
    }
  }
  let h = 0;
  for (let pos = 0; pos < n; pos++) h += manhattan[board[pos] * n + pos];
  const rowCode = new Int32Array(rows);
  const colCode = new Int32Array(cols);
  const lc = encodeLines(lines, rows, cols, board, rowCode, colCode);
  lineCode = new Int32Array(rows + cols);
  lineCode.set(rowCode);
  for (let c = 0; c < cols; c++) lineCode[rows + c] = colCode[c] + rowTable.length;
  return withConflicts ? h + lc : h;
}

/**
 * Runs IDA* from `start` to `goal` (which must be reachable: check solvability first, or the
 * search only ends on a budget). `heuristicChoice` is "manhattan", "linear-conflict" (built-in
 * kernel) or any SlidingHeuristic (generic kernel).
 */
export function idaStar(
  shapeRows: number,
  shapeCols: number,
  start: readonly number[],
  goal: readonly number[],
  heuristicChoice: "manhattan" | "linear-conflict" | SlidingHeuristic,
  options: SolveOptions = {},
): SearchOutcome {
  return withSearch(shapeRows, shapeCols, start, goal, heuristicChoice, options, (search, rootH, control) => {
    // Every f shares rootH's parity: a bound of the other parity would search nothing more.
    const from = options.fromBound ?? 0;
    bound = from > rootH ? from + ((from - rootH) & 1) : rootH;
    for (;;) {
      if (control.newBound(nodes, bound)) {
        return { status: control.stoppedBy(), moves: "", nodes, generated, lowerBound: bound };
      }
      nextBound = Infinity;
      if (search(board.indexOf(0), 0, rootH, -1)) {
        let moves = "";
        for (let i = 0; i < bound; i++) moves += DIRECTION_LETTERS[path[i]];
        return { status: "solved", moves, nodes, generated, lowerBound: bound };
      }
      if (stopped) return { status: control.stoppedBy(), moves: "", nodes, generated, lowerBound: bound };
      if (nextBound === Infinity || nextBound >= MAX_DEPTH) {
        // Only an unreachable goal gets here (the whole space was searched): callers check first.
        throw new RangeError("idaStar: the goal is not reachable from the start");
      }
      bound = nextBound;
    }
  });
}

/**
 * The set-up every entry point shares: the board, the heuristic, a SearchControl from `options`,
 * the counters; then `body(kernel, rootH)`, with the module state released afterwards.
 */
function withSearch<T>(
  shapeRows: number,
  shapeCols: number,
  start: readonly number[],
  goal: readonly number[],
  heuristicChoice: "manhattan" | "linear-conflict" | SlidingHeuristic,
  options: SolveOptions,
  body: (search: typeof searchBuiltIn, rootH: number, control: SearchControl) => T,
): T {
  if (busy) throw new Error("idaStar is not re-entrant (called from a progress callback?)");
  busy = true;
  try {
    prepareBoard(shapeRows, shapeCols, start);
    const generic = typeof heuristicChoice !== "string";
    heuristic = generic ? heuristicChoice : undefined;
    const rootH = generic
      ? heuristicChoice.reset(board)
      : prepareBuiltIn(goal, heuristicChoice === "linear-conflict");
    control = new SearchControl(options);
    nodes = 0;
    generated = 0;
    // Poll early in the first iteration too (after V8 has allocated the kernel's feedback, before it
    // optimises it), so the optimised kernel has seen the poll call: a path it has not seen costs a
    // deoptimisation of the whole recursion later, and the re-optimisation does not always follow.
    countdown = Math.min(FIRST_POLL, control.countdown(nodes));
    stopped = false;
    return body(generic ? searchGeneric : searchBuiltIn, rootH, control);
  } finally {
    busy = false;
    control = undefined;
    heuristic = undefined;
  }
}

/** One iteration of a work unit (see idaStarIteration). */
export interface IterationOutcome {
  /** "done": the iteration ran to its end (or to a solution). */
  readonly status: "done" | StopReason;
  /** U/D/L/R after the unit's own path, when a solution within the bound was found; else null. */
  readonly moves: string | null;
  readonly nodes: number;
  /** Smallest f above the bound seen (a proven lower bound for the unit when unsolved). */
  readonly nextBound: number;
}

/**
 * One IDA* iteration from an arbitrary `state` reached with `g` moves, the last one in direction
 * `lastDir` (-1: none, so its reverse is not generated), under `searchBound`: a work unit of the
 * split search (../split/). Stops and reports through the same SearchControl as idaStar.
 */
export function idaStarIteration(
  shapeRows: number,
  shapeCols: number,
  state: readonly number[],
  goal: readonly number[],
  heuristicChoice: "manhattan" | "linear-conflict",
  g: number,
  lastDir: number,
  searchBound: number,
  options: SolveOptions = {},
): IterationOutcome {
  return withSearch(shapeRows, shapeCols, state, goal, heuristicChoice, options, (search, rootH, ctl) => {
    // Below the unit's own f nothing is searched: its f is the next bound.
    if (g + rootH > searchBound) return { status: "done", moves: null, nodes: 0, nextBound: g + rootH };
    bound = searchBound;
    nextBound = Infinity;
    if (search(board.indexOf(0), g, rootH, lastDir < 0 ? -1 : lastDir ^ 1)) {
      let moves = "";
      for (let i = g; i < bound; i++) moves += DIRECTION_LETTERS[path[i]];
      return { status: "done", moves, nodes, nextBound };
    }
    return { status: stopped ? ctl.stoppedBy() : "done", moves: null, nodes, nextBound };
  });
}
