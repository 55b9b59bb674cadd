// Lehmer-code ranks of permutations of 0..n-1 (n <= 9 here: the boards with a full distance table).
// rank = sum of digit[i] * (n-1-i)!, where digit[i] counts the smaller values to the right of
// position i. Swapping two cells changes only the digits between them, so a move's new rank is
// computed from the parent's digits in O(distance between the cells) without re-ranking.

export const FACTORIALS: readonly number[] = [1, 1, 2, 6, 24, 120, 720, 5040, 40320, 362880, 3628800];

/** Rank of `cells` (a permutation of 0..n-1); fills `digits` with its Lehmer code when given. */
export function rankPermutation(cells: ArrayLike<number>, digits?: Int32Array): number {
  const n = cells.length;
  let rank = 0;
  for (let i = 0; i < n; i++) {
    let smaller = 0;
    const value = cells[i];
    for (let j = i + 1; j < n; j++) if (cells[j] < value) smaller++;
    if (digits !== undefined) digits[i] = smaller;
    rank += smaller * FACTORIALS[n - 1 - i];
  }
  return rank;
}

/**
 * Writes the permutation of rank `rank` into `cells` and its Lehmer code into `digits`;
 * returns the position of 0 (the blank).
 */
export function unrankPermutation(rank: number, n: number, cells: Int32Array, digits: Int32Array): number {
  let unused = (1 << n) - 1;
  let blank = 0;
  for (let i = 0; i < n; i++) {
    const f = FACTORIALS[n - 1 - i];
    const digit = Math.floor(rank / f);
    rank -= digit * f;
    digits[i] = digit;
    // The digit-th smallest value still unused.
    let bits = unused;
    for (let k = 0; k < digit; k++) bits &= bits - 1;
    const value = 31 - Math.clz32(bits & -bits);
    unused &= ~(1 << value);
    cells[i] = value;
    if (value === 0) blank = i;
  }
  return blank;
}

/**
 * Swaps cells `p` and `q`, updates the Lehmer digits in place to match and returns the change of
 * rank. Swapping twice restores both arrays, which is how a search visits a state's neighbours.
 */
export function swapCells(n: number, cells: Int32Array, digits: Int32Array, p: number, q: number): number {
  const lo = p < q ? p : q;
  const hi = p < q ? q : p;
  const x = cells[lo];
  const y = cells[hi];
  let newLo = digits[hi] + (x < y ? 1 : 0);
  let newHi = digits[lo] - (y < x ? 1 : 0);
  let delta = 0;
  for (let m = lo + 1; m < hi; m++) {
    const v = cells[m];
    if (v < y) newLo++;
    if (v < x) newHi--;
    const change = (x < v ? 1 : 0) - (y < v ? 1 : 0);
    digits[m] += change;
    delta += change * FACTORIALS[n - 1 - m];
  }
  delta += (newLo - digits[lo]) * FACTORIALS[n - 1 - lo] + (newHi - digits[hi]) * FACTORIALS[n - 1 - hi];
  digits[lo] = newLo;
  digits[hi] = newHi;
  cells[lo] = y;
  cells[hi] = x;
  return delta;
}
