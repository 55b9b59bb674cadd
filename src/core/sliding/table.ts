// Exact distance tables for sliding boards of at most 9 cells (3x3, 2x4, 4x2, 2x3, 3x2, 2x2).
//
// One table per (shape, goal blank cell): a breadth-first search from the "canonical" goal with the
// blank at that cell and the other cells numbered 1..n-1 in reading order, stored as one byte per
// state (255 = unreachable). Any goal with its blank at that cell is the canonical goal with the
// tiles renamed, so a query renames the start's tiles the same way and reads the table: nine 3x3
// tables answer every possible goal with no search per query. Tables live in SharedArrayBuffers
// registered in ../tables.ts, so solver threads share one copy.
//
// States are packed and indexed as packed-state.ts describes; the BFS updates them in O(cols) per move.

import { getTable } from "../tables.ts";
import { neighbourTable } from "./geometry.ts";
import { perBoardSize } from "./per-board-size.ts";
import {
  BLANK_SHIFT,
  FACTORIALS,
  indexOf,
  moveBlank,
  packBoard,
  packedDigits,
  scratch,
} from "./packed-state.ts";

const UNREACHABLE = 255;
export const MAX_TABLE_CELLS = 9;

/** Moves tried in this order when reading a solution back, so it is the lexicographically smallest shortest one. */
const READ_BACK_ORDER = [1, 2, 3, 0]; // D, L, R, U
const LETTERS = "UDLR";

const BACK_SHIFT = 28;
const STATE_MASK = (1 << BACK_SHIFT) - 1;

/**
 * forwardMoves[(blank * 5 + back + 1) * 5 ...]: to << 2 | dir for every legal move of the blank
 * except `back` (-1 = none), ended by -1.
 */
function forwardMoves(rows: number, cols: number): Int16Array {
  const n = rows * cols;
  const neighbours = neighboursOf(rows, cols);
  const moves = new Int16Array(n * 25).fill(-1);
  for (let blank = 0; blank < n; blank++) {
    for (let back = -1; back < 4; back++) {
      let k = (blank * 5 + back + 1) * 5;
      for (let dir = 0; dir < 4; dir++) {
        const to = neighbours[blank * 4 + dir];
        if (dir !== back && to >= 0) moves[k++] = (to << 2) | dir;
      }
    }
  }
  return moves;
}

const neighboursOf = perBoardSize(neighbourTable);

export function slidingTableName(rows: number, cols: number, goalBlank: number): string {
  return `sliding-${rows}x${cols}-blank${goalBlank}`;
}

/** Breadth-first search over all states from the canonical goal; one byte per state. */
export function buildSlidingTable(rows: number, cols: number, goalBlank: number): SharedArrayBuffer {
  const n = rows * cols;
  if (n > MAX_TABLE_CELLS) throw new RangeError(`no distance table for ${rows}x${cols} boards`);
  const m = n - 1;
  const size = FACTORIALS[n];
  const buffer = new SharedArrayBuffer(size);
  const dist = new Uint8Array(buffer).fill(UNREACHABLE);
  const half = size / 2; // exactly half the states are reachable
  // queueState: the packed tiles and blank (bits 0..27) and the move that leads back (bits 28..30,
  // dir + 1, 0 = none: that move only returns to a state already seen).
  const queueState = new Int32Array(half);
  const queueDigits = new Int32Array(half);
  const queueIndex = new Int32Array(half);
  // A visited bit set (45 KB for 3x3) stays in cache where the byte table would not.
  const seen = new Int32Array((size >> 5) + 1);
  const moves = forwardMoves(rows, cols);
  const blankStride = FACTORIALS[m];
  const root = packBoard(canonicalGoal(n, goalBlank));
  queueState[0] = root;
  queueDigits[0] = packedDigits(root, m);
  queueIndex[0] = indexOf(root, m);
  dist[queueIndex[0]] = 0;
  seen[queueIndex[0] >> 5] |= 1 << (queueIndex[0] & 31);
  let tail = 1;
  let layerEnd = 1; // the queue holds one BFS layer after another
  let next = 1;
  for (let head = 0; head < tail; head++) {
    if (head === layerEnd) {
      layerEnd = tail;
      next++;
    }
    const word = queueState[head];
    const state = word & STATE_MASK;
    const index = queueIndex[head];
    const blank = state >>> BLANK_SHIFT;
    for (let k = (blank * 5 + (word >>> BACK_SHIFT)) * 5; moves[k] >= 0; k++) {
      const dir = moves[k] & 3;
      const to = moves[k] >> 2;
      let child: number;
      let childState: number;
      let childDigits: number;
      if (dir >= 2) {
        // Horizontal: same tile order, only the blank's part of the index changes (inlined: hot).
        child = index + (to - blank) * blankStride;
        if ((seen[child >> 5] & (1 << (child & 31))) !== 0) continue;
        childState = state + ((to - blank) << BLANK_SHIFT);
        childDigits = queueDigits[head];
      } else {
        moveBlank(state, queueDigits[head], index, m, cols, blank, to);
        child = scratch[2];
        if ((seen[child >> 5] & (1 << (child & 31))) !== 0) continue;
        childState = scratch[0];
        childDigits = scratch[1];
      }
      seen[child >> 5] |= 1 << (child & 31);
      dist[child] = next;
      queueState[tail] = childState | (((dir ^ 1) + 1) << BACK_SHIFT);
      queueDigits[tail] = childDigits;
      queueIndex[tail++] = child;
    }
  }
  return buffer;
}

/** The blank at `goalBlank`, the other cells numbered 1..n-1 in reading order. */
function canonicalGoal(n: number, goalBlank: number): Int32Array {
  const cells = new Int32Array(n);
  for (let pos = 0, label = 1; pos < n; pos++) if (pos !== goalBlank) cells[pos] = label++;
  return cells;
}

/** Views of the registry's tables, per (shape, goal blank cell), so a query does no lookup or allocation. */
const views = new Map<number, Uint8Array>();

/** The table for this shape and goal blank cell, built on first use. */
export function slidingTable(rows: number, cols: number, goalBlank: number): Uint8Array {
  const key = (rows * 8 + cols) * 32 + goalBlank;
  let view = views.get(key);
  if (view === undefined) {
    view = new Uint8Array(
      getTable(slidingTableName(rows, cols, goalBlank), () => buildSlidingTable(rows, cols, goalBlank)),
    );
    views.set(key, view);
  }
  return view;
}

const rename = new Int32Array(MAX_TABLE_CELLS);
const renamed = new Int32Array(MAX_TABLE_CELLS);

/** The start with its tiles renamed so that the goal becomes the canonical goal, packed. */
function renamedStart(start: readonly number[], goal: readonly number[]): number {
  const n = goal.length;
  const goalBlank = goal.indexOf(0);
  rename[0] = 0;
  for (let pos = 0, label = 1; pos < n; pos++) if (pos !== goalBlank) rename[goal[pos]] = label++;
  for (let i = 0; i < n; i++) renamed[i] = rename[start[i]];
  return packBoard(renamed, n);
}

/** The optimal number of moves from `start` to `goal`, or -1 when unreachable. No search. */
export function tableDistance(
  rows: number,
  cols: number,
  start: readonly number[],
  goal: readonly number[],
): number {
  const d = slidingTable(rows, cols, goal.indexOf(0))[indexOf(renamedStart(start, goal), rows * cols - 1)];
  return d === UNREACHABLE ? -1 : d;
}

/**
 * The lexicographically smallest shortest move string from `start` to `goal`, or undefined when
 * unreachable: from each board, the first move (in D, L, R, U order) that leads one step closer.
 */
export function tableSolution(
  rows: number,
  cols: number,
  start: readonly number[],
  goal: readonly number[],
): string | undefined {
  const m = rows * cols - 1;
  const table = slidingTable(rows, cols, goal.indexOf(0));
  let state = renamedStart(start, goal);
  let digits = packedDigits(state, m);
  let index = indexOf(state, m);
  let d = table[index];
  if (d === UNREACHABLE) return undefined;
  const neighbours = neighboursOf(rows, cols);
  let moves = "";
  while (d > 0) {
    const blank = state >>> BLANK_SHIFT;
    for (const dir of READ_BACK_ORDER) {
      const to = neighbours[blank * 4 + dir];
      if (to < 0) continue;
      moveBlank(state, digits, index, m, cols, blank, to);
      if (table[scratch[2]] === d - 1) {
        state = scratch[0];
        digits = scratch[1];
        index = scratch[2];
        moves += LETTERS[dir];
        d--;
        break;
      }
    }
  }
  return moves;
}
