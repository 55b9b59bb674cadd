// Designated-region tables (docs/pdb.md, "Designated regions"): beside the regular entry (the fewest
// moves of the group's tiles home, minimised over every cell the blank could be on), the entry with
// the blank in the group's *major* free region: the one holding more than half of the free cells,
// when there is one. Where that is larger, the byte carries REGION_FLAG and both values: the regular
// one (REGULAR_BITS) and the excess, 2 or 4 (EXCESS_4; a larger excess, rare, is kept as 4), and the
// search adds the excess only when a flood fill from the blank finds it in the major region. Every
// other entry is the regular one, valid wherever the blank is, so the common path costs one compare
// and no second table.

import { type BuildOptions, buildPatternTable } from "./build.ts";
import { groupEntries } from "./rank.ts";

/** Set on an entry whose value is larger with the blank in the group's major free region. */
export const REGION_FLAG = 0x80;
/** On a flagged entry: the excess is 4 (else 2). */
const EXCESS_4 = 0x40;
/** On a flagged entry: the regular value. */
export const REGULAR_BITS = 0x3f;

/** Any entry's regular value (the minimum over every cell the blank could be on). */
export function regularValue(entry: number): number {
  return entry & REGION_FLAG ? entry & REGULAR_BITS : entry;
}

/** A flagged entry's value: its regular value, plus its excess when the blank is in the major region. */
export function flaggedValue(entry: number, inMajorRegion: boolean): number {
  return (entry & REGULAR_BITS) + (inMajorRegion ? 2 + ((entry & EXCESS_4) >>> 5) : 0);
}

/** Number of set bits of a 32-bit integer. */
export function bitCount(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/**
 * Builds the regular table and its designated-region form together (one breadth-first search).
 * Both are indexed by rank, as buildPatternTable's.
 */
export function buildDesignatedTables(
  rows: number,
  cols: number,
  cells: readonly number[],
  options: Omit<BuildOptions, "onReached"> = {},
): { regular: Uint8Array; designated: Uint8Array } {
  const n = rows * cols;
  const free = n - cells.length;
  const designated = new Uint8Array(groupEntries(n, cells.length)).fill(0xff);
  const regular = buildPatternTable(rows, cols, cells, {
    ...options,
    // A region is reached whole (or with the goal, the union of regions the goal's blank may be in);
    // layers come in increasing depth, so the first with more than half the free cells is the
    // major region's entry (a union of minor regions never holds more than half).
    onReached(index, blankCells, depth) {
      if (designated[index] === 0xff && bitCount(blankCells) * 2 > free) designated[index] = depth;
    },
  });
  // In a SharedArrayBuffer, as the regular table's: a worker hands its tables to its solver threads
  // by sharing them, and a table in a plain buffer would not reach them.
  const table = new Uint8Array(new SharedArrayBuffer(designated.length));
  for (let i = 0; i < designated.length; i++) {
    const major = designated[i];
    const plain = regular[i];
    // No major region, its entry is the regular one, or the value does not fit: the regular entry.
    // The excess is even (each tile move flips its tile's checkerboard colour, so every way to a
    // placement has the same parity); below 4 it is 2, and 4 stands for anything larger (a bound).
    if (major === 0xff || major <= plain || plain > REGULAR_BITS) table[i] = plain;
    else table[i] = REGION_FLAG | (major - plain >= 4 ? EXCESS_4 : 0) | plain;
  }
  return { regular, designated: table };
}
