// The lookup groups of a partition flattened into typed arrays for the search loop, plus a plain
// (slow, allocation-free but unoptimised) evaluation used by tests and at the root.

import type { PartitionLayout } from "./layout.ts";
import { digitWeights, popcountTable16 } from "./rank.ts";

export interface CompiledHeuristic {
  readonly rows: number;
  readonly cols: number;
  readonly n: number;
  /** Regular groups are 0..groups-1, reflected ones groups..2*groups-1 (when `reflect`). */
  readonly groups: number;
  readonly reflect: boolean;
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
  /** canonical tile label -> its regular group, its slot in it, its reflected group and slot */
  readonly tileGroup: Int32Array;
  readonly tileSlot: Int32Array;
  readonly tileGroupR: Int32Array;
  readonly tileSlotR: Int32Array;
}

/**
 * `tableOf(key)` gives the compact table; `directOf(key)`, when given, may return a direct-address
 * copy (see expandToDirect) to use instead.
 */
export function compileHeuristic(
  layout: PartitionLayout,
  tableOf: (key: string) => Uint8Array,
  reflect = true,
  directOf?: (key: string) => Uint8Array | null,
): CompiledHeuristic {
  const n = layout.rows * layout.cols;
  const lookups = reflect && layout.reflected ? [...layout.regular, ...layout.reflected] : [...layout.regular];
  const groups = layout.regular.length;
  const stride = Math.max(...lookups.map((g) => g.tiles.length));
  const count = lookups.length;
  const size = new Int32Array(count);
  const tiles = new Int32Array(count * stride);
  const weights = new Int32Array(count * stride);
  const map = new Int32Array(count * n);
  const tileGroup = new Int32Array(n).fill(-1);
  const tileSlot = new Int32Array(n);
  const tileGroupR = new Int32Array(n).fill(-1);
  const tileSlotR = new Int32Array(n);
  const tables: Uint8Array[] = [];
  const direct = new Uint8Array(count);
  lookups.forEach((lookup, g) => {
    const k = lookup.tiles.length;
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
      if (g < groups) {
        tileGroup[tile] = g;
        tileSlot[tile] = j;
      } else {
        tileGroupR[tile] = g;
        tileSlotR[tile] = j;
      }
    });
    tables.push(directTable ?? tableOf(lookup.tableKey));
  });
  return {
    rows: layout.rows,
    cols: layout.cols,
    n,
    groups,
    reflect: count > groups,
    stride,
    size,
    tiles,
    weights,
    map,
    tables,
    direct,
    tileGroup,
    tileSlot,
    tileGroupR,
    tileSlotR,
  };
}

/** Rank of group g's tile placement, given pos[tile] = cell. */
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

/** Heuristic value of a canonical board (tile labels = home cells, blank 0): max(regular, reflected). */
export function evaluate(h: CompiledHeuristic, board: ArrayLike<number>): { regular: number; reflected: number; value: number } {
  const pos = new Int32Array(h.n);
  for (let cell = 0; cell < h.n; cell++) pos[board[cell]] = cell;
  let regular = 0;
  let reflected = 0;
  for (let g = 0; g < h.size.length; g++) {
    const v = h.tables[g][groupIndex(h, g, pos)];
    if (g < h.groups) regular += v;
    else reflected += v;
  }
  return { regular, reflected, value: Math.max(regular, reflected) };
}
