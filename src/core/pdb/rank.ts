// Perfect hashing of a pattern group's tile positions: the positions of k distinct tiles on n cells,
// read as a k-permutation of n, ranked in the mixed radix n, n-1, ..., n-k+1. Digit j is tile j's
// cell minus the number of cells of tiles 0..j-1 below it, so ranks fill 0 .. n!/(n-k)! - 1 exactly.

/**
 * Bit counts of 0..65535. Built from the byte table's nine shifted copies (popcount(hi·256 + lo) =
 * popcount(lo) + popcount(hi)), 256 block copies: every `puzzle` process builds it at start-up, and
 * an element-by-element loop over 65,536 entries ran ~2.4 ms there, in the interpreter.
 */
const POP16 = new Uint8Array(1 << 16);
{
  const byte = new Uint8Array(256);
  for (let i = 1; i < 256; i++) byte[i] = (i & 1) + byte[i >>> 1];
  const shifted = Array.from({ length: 9 }, (_, add) => byte.map((count) => count + add));
  for (let hi = 0; hi < 256; hi++) POP16.set(shifted[byte[hi]], hi << 8);
}

/** Number of set bits of a non-negative 32-bit integer. */
function popcount(x: number): number {
  return POP16[x & 0xffff] + POP16[x >>> 16];
}

/** The 16-bit popcount table, exported so hot loops can index it directly. */
export const popcountTable16: Uint8Array = POP16;

/** n! / (n-k)!: the number of entries of a group of k tiles on n cells. */
export function groupEntries(n: number, k: number): number {
  let size = 1;
  for (let i = 0; i < k; i++) size *= n - i;
  return size;
}

/**
 * Weight of digit j: the product (n-j-1)(n-j-2)...(n-k+1). Moving tile j one cell along the linear
 * order without crossing another group tile changes the rank by exactly +/- weight[j].
 */
export function digitWeights(n: number, k: number): Int32Array {
  const weights = new Int32Array(k);
  let w = 1;
  for (let j = k - 1; j >= 0; j--) {
    weights[j] = w;
    w *= n - j;
  }
  return weights;
}

/** Rank of positions[0..k-1] (distinct cells < n, n <= 31). */
export function rankPositions(positions: ArrayLike<number>, k: number, n: number): number {
  let used = 0;
  let index = 0;
  for (let j = 0; j < k; j++) {
    const p = positions[j];
    index = index * (n - j) + p - popcount(used & ((1 << p) - 1));
    used |= 1 << p;
  }
  return index;
}

/** Inverse of rankPositions: writes the k cells into `out` and returns the occupied-cell mask. */
export function unrankPositions(index: number, k: number, n: number, out: Uint8Array | number[]): number {
  // Digits come out least significant first (tile k-1's digit first).
  const digits = unrankDigits;
  for (let j = k - 1; j >= 0; j--) {
    const radix = n - j;
    const q = Math.floor(index / radix);
    digits[j] = index - q * radix;
    index = q;
  }
  let used = 0;
  for (let j = 0; j < k; j++) {
    // The digit-th free cell in increasing order.
    let d = digits[j];
    let p = 0;
    for (; ; p++) {
      if ((used >>> p) & 1) continue;
      if (d === 0) break;
      d--;
    }
    out[j] = p;
    used |= 1 << p;
  }
  return used;
}
const unrankDigits = new Int32Array(32);

/**
 * Re-lays a compact table (ranked k-permutations) out as a direct-address one indexed by
 * sum(cell_j * n^(k-1-j)): bigger, but a one-tile move changes the index by a single add, whatever
 * the direction. Enumerates placements in rank order, so no unranking is needed: for each placement
 * of the first k-1 tiles, the last tile's free cells in increasing order take consecutive ranks.
 * Entries of impossible placements (two tiles on one cell) are left as they are (never read).
 */
export function expandToDirect(compact: Uint8Array, n: number, k: number, out: Uint8Array): void {
  if (k === 0) return;
  let rank = 0;
  const place = (j: number, used: number, row: number): void => {
    if (j === k - 1) {
      for (let cell = 0; cell < n; cell++) if (((used >>> cell) & 1) === 0) out[row + cell] = compact[rank++];
      return;
    }
    for (let cell = 0; cell < n; cell++)
      if (((used >>> cell) & 1) === 0) place(j + 1, used | (1 << cell), (row + cell) * n);
  };
  place(0, 0, 0);
}
