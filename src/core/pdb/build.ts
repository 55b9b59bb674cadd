// Builds one pattern database: for every placement of the group's tiles, the fewest moves OF THOSE
// TILES that bring them home, minimised over the blank's position. Breadth-first search over the
// abstract states (group tiles + blank); blank moves through non-group cells cost nothing, so a
// state is kept as a tile placement plus the set of free cells the blank has reached (the blank's
// whole connected region at once, by flood fill). Layer d holds the region bits first reached with
// d tile moves; a placement's entry is the first layer that reaches it.
//
// By default the search starts with the blank on every free cell at cost 0, which makes the table
// independent of where the goal puts the blank (so symmetric groups can share it) and is still
// admissible. Given the goal's blank cell (`blank`), it starts from that cell's free region only: the
// same table when the group's home cells leave the free cells connected, a stronger one when they wall
// the blank's home off (the 7-tile group of 7-8: goal placements with the blank below are not goals).
// Memory: the 1-byte table plus three bit-set arrays (visited, this layer, next layer) whose width
// is that of the free-cell count (8 free cells -> 1 byte, relative to the free cells in order).

import { boardRegions } from "./board-regions.ts";
import { groupEntries, rankPositions, unrankPositions } from "./rank.ts";

const UNREACHED = 255;

/** Thrown when `isCancelled` stops a build. */
export class BuildCancelledError extends Error {
  override readonly name = "BuildCancelledError";
  constructor() {
    super("pattern table build cancelled");
  }
}

export interface BuildOptions {
  /** Called now and then with the fraction of entries reached so far (0..1). */
  readonly onProgress?: (fraction: number) => void;
  /** Returning true aborts the build (it throws). */
  readonly isCancelled?: () => boolean;
  /** The goal's blank cell: the search starts from its free region only (see above). */
  readonly blank?: number;
  /**
   * Called with each placement's blank cells (a bit set of board cells) as they are first reached,
   * and the number of tile moves: what a zero-aware table keeps (bench/zero-aware.ts).
   */
  readonly onReached?: (index: number, blankCells: number, depth: number) => void;
}

type BitArray = Uint8Array | Uint16Array | Uint32Array;

function bitArray(width: number, length: number): BitArray {
  if (width <= 8) return new Uint8Array(length);
  if (width <= 16) return new Uint16Array(length);
  return new Uint32Array(length);
}

/** Builds the table for tiles whose home cells are `cells` (ascending order = table tile order). */
export function buildPatternTable(
  rows: number,
  cols: number,
  cells: readonly number[],
  options: BuildOptions = {},
): Uint8Array {
  const n = rows * cols;
  const k = cells.length;
  if (n > 30 || k < 1 || k >= n - 1) throw new RangeError("pattern table: bad board or group size");
  const entries = groupEntries(n, k);
  const table = new Uint8Array(new SharedArrayBuffer(entries));
  table.fill(UNREACHED);

  const full = (1 << n) - 1;
  const { neighbours, flood } = boardRegions(rows, cols);

  // Region bits are stored per free cell in increasing order when the array is narrower than the board.
  const freeCount = n - k;
  let visited = bitArray(freeCount, entries);
  let current = bitArray(freeCount, entries);
  let next = bitArray(freeCount, entries);
  const relative = visited.BYTES_PER_ELEMENT * 8 < n;
  const toStored = (region: number, free: number): number => {
    if (!relative) return region;
    let out = 0;
    let bit = 0;
    for (let cell = 0; cell < n; cell++) {
      if ((free >>> cell) & 1) {
        if ((region >>> cell) & 1) out |= 1 << bit;
        bit++;
      }
    }
    return out;
  };
  const fromStored = (stored: number, free: number): number => {
    if (!relative) return stored;
    let out = 0;
    let bit = 0;
    for (let cell = 0; cell < n; cell++) {
      if ((free >>> cell) & 1) {
        if ((stored >>> bit) & 1) out |= 1 << cell;
        bit++;
      }
    }
    return out;
  };

  const positions = new Uint8Array(k);
  for (let j = 0; j < k; j++) positions[j] = cells[j];
  const goalIndex = rankPositions(positions, k, n);
  let occupied = 0;
  for (const cell of cells) occupied |= 1 << cell;
  const goalFree = full & ~occupied;
  const goalRegion = options.blank === undefined ? goalFree : flood(1 << options.blank, goalFree);
  if (goalRegion === 0) throw new RangeError("pattern table: the goal's blank is on a group cell");
  table[goalIndex] = 0;
  visited[goalIndex] = current[goalIndex] = toStored(goalRegion, goalFree);
  const { onReached } = options;
  onReached?.(goalIndex, goalRegion, 0);

  let reached = 1;
  let work = 0;
  for (let depth = 0; depth < UNREACHED - 1; depth++) {
    let added = 0;
    for (let index = 0; index < entries; index++) {
      const stored = current[index];
      if (stored === 0) continue;
      const occ = unrankPositions(index, k, n, positions);
      const blankCells = fromStored(stored, full & ~occ);
      for (let j = 0; j < k; j++) {
        const from = positions[j];
        for (const to of neighbours[from]) {
          if (((blankCells >>> to) & 1) === 0) continue;
          // Tile j slides from `from` into the blank on `to`; the blank's new region grows from `from`.
          const newFree = full & ~(occ ^ (1 << from) ^ (1 << to));
          const region = flood(1 << from, newFree);
          positions[j] = to;
          const child = rankPositions(positions, k, n);
          positions[j] = from;
          const fresh = toStored(region, newFree) & ~visited[child];
          if (fresh === 0) continue;
          visited[child] |= fresh;
          next[child] |= fresh;
          added++;
          if (onReached !== undefined) onReached(child, fromStored(fresh, newFree), depth + 1);
          if (table[child] === UNREACHED) {
            table[child] = depth + 1;
            reached++;
          }
        }
      }
      if (++work % 262144 === 0) {
        if (options.isCancelled?.()) throw new BuildCancelledError();
        options.onProgress?.(reached / entries);
      }
    }
    if (added === 0) break;
    const done = current;
    current = next;
    next = done;
    next.fill(0);
  }
  options.onProgress?.(1);
  // Free the bit sets before returning (the caller may build the next table at once).
  visited = current = next = new Uint8Array(0);
  return table;
}
