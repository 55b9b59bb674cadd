// The lookups of a partition layout flattened into typed arrays for the search loop, plus a plain
// evaluation used by tests and at the root. Lookup groups are numbered across all sets; every set
// covers every tile once, so (set, tile) -> group is total.

import type { PartitionLayout } from "./layout.ts";
import { perBoardSize } from "../sliding/per-board-size.ts";
import { boardRegions } from "./board-regions.ts";
import { bitCount, flaggedValue, REGION_FLAG } from "./designated.ts";
import { digitWeights, popcountTable16 } from "./rank.ts";

export interface CompiledHeuristic {
  readonly rows: number;
  readonly cols: number;
  readonly n: number;
  /** Number of additive sets; h = max over sets of the set's sum. */
  readonly sets: number;
  /** Set of each lookup group. */
  readonly setOf: Int32Array;
  /** Stride of the per-group tile arrays (largest group size). */
  readonly stride: number;
  readonly size: Int32Array;
  readonly tiles: Int32Array;
  readonly weights: Int32Array;
  /** 1 when group g's table is direct-address (index = sum cell_j * n^(k-1-j)), 0 when ranked. */
  readonly direct: Uint8Array;
  /** group * n + cell -> cell in the table's frame */
  readonly map: Int32Array;
  readonly tables: readonly Uint8Array[];
  /** 1 when any group's table is a designated-region one (its entries may carry REGION_FLAG). */
  readonly regions: number;
  /** set * n + tile -> the group holding the tile in that set (-1 for the blank) */
  readonly groupOf: Int32Array;
  /** set * n + tile -> the tile's slot in that group */
  readonly slotOf: Int32Array;
}

/**
 * `tableOf(key)` gives the compact table; `directOf(key)`, when given, may return a direct-address
 * copy (see expandToDirect) to use instead.
 */
export function compileHeuristic(
  layout: PartitionLayout,
  tableOf: (key: string) => Uint8Array,
  directOf?: (key: string) => Uint8Array | null,
): CompiledHeuristic {
  const n = layout.rows * layout.cols;
  const lookups = layout.sets.flat();
  const sets = layout.sets.length;
  const stride = Math.max(...lookups.map((g) => g.tiles.length));
  const count = lookups.length;
  const setOf = new Int32Array(count);
  const size = new Int32Array(count);
  const tiles = new Int32Array(count * stride);
  const weights = new Int32Array(count * stride);
  const map = new Int32Array(count * n);
  const groupOf = new Int32Array(sets * n).fill(-1);
  const slotOf = new Int32Array(sets * n);
  const tables: Uint8Array[] = [];
  const regions = layout.tables.some((t) => t.regions === true) ? 1 : 0;
  const direct = new Uint8Array(count);
  let g = 0;
  layout.sets.forEach((set, s) => {
    for (const lookup of set) {
      const k = lookup.tiles.length;
      setOf[g] = s;
      size[g] = k;
      const directTable = directOf?.(lookup.tableKey) ?? null;
      if (directTable !== null) {
        direct[g] = 1;
        for (let j = 0; j < k; j++) weights[g * stride + j] = n ** (k - 1 - j);
      } else {
        weights.set(digitWeights(n, k), g * stride);
      }
      map.set(lookup.map, g * n);
      lookup.tiles.forEach((tile, j) => {
        tiles[g * stride + j] = tile;
        groupOf[s * n + tile] = g;
        slotOf[s * n + tile] = j;
      });
      tables.push(directTable ?? tableOf(lookup.tableKey));
      g++;
    }
  });
  return {
    rows: layout.rows,
    cols: layout.cols,
    n,
    sets,
    setOf,
    stride,
    size,
    tiles,
    weights,
    direct,
    map,
    tables,
    regions,
    groupOf,
    slotOf,
  };
}

/** Index of group g's tile placement in its table, given pos[tile] = cell. */
export function groupIndex(h: CompiledHeuristic, g: number, pos: ArrayLike<number>): number {
  const { n, stride, size, tiles, map } = h;
  const pop = popcountTable16;
  const k = size[g];
  const tb = g * stride;
  const mb = g * n;
  if (h.direct[g]) {
    let direct = 0;
    for (let j = 0; j < k; j++) direct = direct * n + map[mb + pos[tiles[tb + j]]];
    return direct;
  }
  let used = 0;
  let index = 0;
  for (let j = 0; j < k; j++) {
    const p = map[mb + pos[tiles[tb + j]]];
    const below = used & ((1 << p) - 1);
    index = index * (n - j) + p - pop[below & 0xffff] - pop[below >>> 16];
    used |= 1 << p;
  }
  return index;
}

/** boardRegions of a board size, made once (its masks and neighbour lists), not per lookup. */
const regionsOf = perBoardSize(boardRegions);

/**
 * Group g's estimate with its tiles at pos[tile] and the blank at pos[0]: its table's entry, or a
 * designated-region entry's value where the blank is (designated.ts).
 */
export function groupValue(h: CompiledHeuristic, g: number, pos: ArrayLike<number>): number {
  const index = groupIndex(h, g, pos);
  const value = h.tables[g][index];
  if (value < REGION_FLAG) return value;
  const { tiles, stride, size, n } = h;
  let occupied = 0;
  for (let j = 0; j < size[g]; j++) occupied |= 1 << pos[tiles[g * stride + j]];
  const free = (2 ** n - 1) & ~occupied; // boards up to 30 cells (board-regions.ts)
  const region = regionsOf(h.rows, h.cols).flood(1 << pos[0], free);
  return flaggedValue(value, bitCount(region) * 2 > n - size[g]);
}

/** Heuristic value of a canonical board (tile labels = home cells, blank 0): each set's sum and their max. */
export function evaluate(h: CompiledHeuristic, board: ArrayLike<number>): { sums: number[]; value: number } {
  const pos = new Int32Array(h.n);
  for (let cell = 0; cell < h.n; cell++) pos[board[cell]] = cell;
  const sums = new Array<number>(h.sets).fill(0);
  for (let g = 0; g < h.size.length; g++) sums[h.setOf[g]] += groupValue(h, g, pos);
  return { sums, value: Math.max(...sums) };
}
