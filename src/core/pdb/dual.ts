// An admissible dual lookup for the sliding-tile puzzle (an experiment: the search does not use it;
// docs/pdb.md "Dual lookups with the blank anywhere" has the argument and the measurements).
//
// The plain dual (the same tables read on the inverse permutation) bounds the distance only when the
// blank is home. With the blank on cell c: an optimal solution π of s, applied to X_c (the goal with
// tile c moved to cell 0 and the blank on c), is legal and ends in a state Y whose blank is home and
// in which label p stands on cell board'[p], board' being s's board with cells 0 and c swapped. So
// d(s) = |π| >= d(Y, X_c), and per group the triangle inequality in the group's abstract space gives
// d_P(Y, X_c) >= D_P(Y) - U_P(c), where D_P is the table and U_P(c) the exact abstract distance from
// X_c to the table's goal. A set's dual estimate is the sum of max(0, D_P - U_P(c)) over its groups.

import { type BoardRegions, boardRegions } from "./board-regions.ts";
import { type CompiledHeuristic, groupIndex } from "./compiled.ts";
import { regularValue } from "./designated.ts";
import type { PartitionLayout } from "./layout.ts";

/** Per group and blank cell: U_P(c), the abstract distance from X_c to the group's table goal. */
export type DualCorrections = Int32Array;

/**
 * The distance in a group's abstract space (its tiles' cells and the blank's region; only the group's
 * tile moves count) from `cells` with the blank on `blank`, to every tile home (`homes`) with the
 * blank's region holding cell 0 when `goalBlank` (a `-b0` table's goal). A* with the tiles'
 * Manhattan distances (consistent: one move changes it by 1), so exact; a breadth-first search of a
 * 6-tile 5x5 group would visit far too many states.
 */
function abstractDistance(
  homes: readonly number[],
  cells: readonly number[],
  blank: number,
  goalBlank: boolean,
  cols: number,
  board: BoardRegions,
): number {
  const full = (1 << board.neighbours.length) - 1;
  // The blank's region: the free cells (those `placement` leaves) connected to `cell`.
  const regionOf = (cell: number, placement: readonly number[]) =>
    board.flood(1 << cell, full & ~placement.reduce((m, at) => m | (1 << at), 0));
  const walk = (a: number, b: number) =>
    Math.abs(Math.floor(a / cols) - Math.floor(b / cols)) + Math.abs((a % cols) - (b % cols));
  type State = { cells: number[]; free: number; g: number; manhattan: number };
  const keyOf = (state: State) => `${state.cells}|${state.free}`;
  // Buckets by f (small integers); a state may sit in a bucket after a shorter way to it was found.
  const buckets: State[][] = [];
  const best = new Map<string, number>();
  const push = (state: State) => {
    const key = keyOf(state);
    if ((best.get(key) ?? Number.POSITIVE_INFINITY) <= state.g) return;
    best.set(key, state.g);
    const f = state.g + state.manhattan;
    if (buckets[f] === undefined) buckets[f] = [];
    buckets[f].push(state);
  };
  const manhattan = cells.reduce((sum, cell, j) => sum + walk(cell, homes[j]), 0);
  push({ cells: [...cells], free: regionOf(blank, cells), g: 0, manhattan });
  for (let f = 0; f < buckets.length; f++) {
    const bucket = buckets[f] ?? [];
    while (bucket.length > 0) {
      const state = bucket.pop() as State;
      if (best.get(keyOf(state)) !== state.g) continue; // superseded
      if (state.manhattan === 0 && (!goalBlank || (state.free & 1) !== 0)) return state.g;
      for (let j = 0; j < state.cells.length; j++) {
        const from = state.cells[j];
        for (const to of board.neighbours[from]) {
          if ((state.free & (1 << to)) === 0) continue;
          const moved = [...state.cells];
          moved[j] = to;
          push({
            cells: moved,
            free: regionOf(from, moved),
            g: state.g + 1,
            manhattan: state.manhattan - walk(from, homes[j]) + walk(to, homes[j]),
          });
        }
      }
    }
  }
  throw new RangeError("dual corrections: a group's goal is unreachable");
}

/** U_P(c) for every lookup group of `h` (compiled from `layout`) and every blank cell c. */
export function dualCorrections(h: CompiledHeuristic, layout: PartitionLayout): DualCorrections {
  const { n, rows, cols } = h;
  const board = boardRegions(rows, cols);
  const goalBlank = layout.sets
    .flat()
    .map((lookup) => layout.tables.find((t) => t.key === lookup.tableKey)?.blank !== undefined);
  const u = new Int32Array(h.size.length * n);
  for (let g = 0; g < h.size.length; g++) {
    const set = h.setOf[g];
    // The group's tiles by their original labels: tile t belongs on cell t.
    const homes: number[] = [];
    for (let t = 1; t < n; t++) if (h.groupOf[set * n + t] === g) homes.push(t);
    for (let c = 0; c < n; c++) {
      const cells = homes.map((t) => (t === c ? 0 : t));
      u[g * n + c] = abstractDistance(homes, cells, c, goalBlank[g], cols, board);
    }
  }
  return u;
}

/** The admissible dual estimate of `board` (canonical: blank home on cell 0, tile i on cell i). */
export function dualEstimate(
  h: CompiledHeuristic,
  corrections: DualCorrections,
  board: ArrayLike<number>,
): number {
  const { n } = h;
  let c = 0;
  while (board[c] !== 0) c++;
  // Label p of Y stands on cell board'[p] (board' = board with cells 0 and c swapped).
  const labelCell = new Int32Array(n);
  for (let p = 0; p < n; p++) labelCell[p] = board[p];
  labelCell[c] = board[0];
  labelCell[0] = 0;
  const sums = new Array<number>(h.sets).fill(0);
  for (let g = 0; g < h.size.length; g++) {
    // The regular entry, as the argument above has it (a designated-region entry's is its part).
    const value = regularValue(h.tables[g][groupIndex(h, g, labelCell)]) - corrections[g * n + c];
    if (value > 0) sums[h.setOf[g]] += value;
  }
  return Math.max(...sums);
}
