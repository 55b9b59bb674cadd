// The packed states of the distance tables (boards of at most 9 cells).
//
// A state's index is blank * (n-1)! + the Lehmer rank of the tiles in reading order (skipping the
// blank): rank = sum of digit[p] * (m-1-p)!, digit[p] counting the smaller tiles to the right of
// sequence position p. A horizontal move keeps the reading order, so only the blank part changes;
// a vertical move lifts one tile over the cols-1 tiles between its cells, which changes only those
// cols Lehmer digits. So a search never ranks or unranks: it carries the tiles (3 bits each, the
// blank's cell above bit 24) and the Lehmer digits (3 bits each) beside the index, and moveBlank
// updates all three in O(cols).

export const FACTORIALS: readonly number[] = [1, 1, 2, 6, 24, 120, 720, 5040, 40320, 362880];
export const BLANK_SHIFT = 24;
const FIELD_MASK = 0xffffff;

/** The first n cells as tile values 0..m-1 (tile - 1) in reading order, 3 bits each, and the blank above bit 24. */
export function packBoard(cells: ArrayLike<number>, n: number = cells.length): number {
  let packed = 0;
  let seq = 0;
  let blank = 0;
  for (let pos = 0; pos < n; pos++) {
    if (cells[pos] === 0) blank = pos;
    else packed |= (cells[pos] - 1) << (3 * seq++);
  }
  return packed | (blank << BLANK_SHIFT);
}

/** Index of a packed state: blank * m! + Lehmer rank of the m tiles. */
export function indexOf(state: number, m: number): number {
  let rank = 0;
  let seen = 0; // values met so far, left to right
  for (let p = 0; p < m; p++) {
    const v = (state >> (3 * p)) & 7;
    // Smaller values to the right = smaller values not yet seen.
    let smaller = v;
    for (let bits = seen & ((1 << v) - 1); bits !== 0; bits &= bits - 1) smaller--;
    seen |= 1 << v;
    rank += smaller * FACTORIALS[m - 1 - p];
  }
  return (state >>> BLANK_SHIFT) * FACTORIALS[m] + rank;
}

/** Where moveBlank writes the state it moved to: [tiles and blank, Lehmer digits, index]. */
export const scratch = new Int32Array(3);

/** Lehmer digits of a packed state's tiles, 3 bits each (digit p <= m-1-p <= 7). */
export function packedDigits(state: number, m: number): number {
  let digits = 0;
  for (let p = 0; p < m; p++) {
    const v = (state >> (3 * p)) & 7;
    let smaller = 0;
    for (let q = p + 1; q < m; q++) if (((state >> (3 * q)) & 7) < v) smaller++;
    digits |= smaller << (3 * p);
  }
  return digits;
}

/**
 * Moves the blank from `blank` to `to` and writes the new [state, digits, index] to `scratch`. A
 * vertical move lifts tile t over the k = cols-1 tiles between its cells (sequence indices i..i+k):
 * those k tiles shift one place and have t on their other side now, and t's own digit changes by the
 * number of them below it; no other digit changes.
 */
export function moveBlank(
  state: number,
  digits: number,
  index: number,
  m: number,
  cols: number,
  blank: number,
  to: number,
): void {
  const moved = scratch;
  const diff = to - blank;
  if (diff === 1 || diff === -1) {
    moved[0] = state + (diff << BLANK_SHIFT);
    moved[1] = digits;
    moved[2] = index + diff * FACTORIALS[m];
    return;
  }
  const k = cols - 1;
  const width = 3 * (k + 1);
  const mask = (1 << width) - 1;
  const up = diff < 0;
  const i = up ? to : blank;
  const shift = 3 * i;
  const block = (state >> shift) & mask;
  const dBlock = (digits >> shift) & mask;
  let newBlock: number;
  let newDBlock: number;
  let passedBelow = 0;
  if (up) {
    // [t, e1..ek] -> [e1..ek, t]
    const t = block & 7;
    let bumps = 0;
    for (let j = 1; j <= k; j++) {
      const e = (block >> (3 * j)) & 7;
      if (e < t) passedBelow++;
      else bumps |= 1 << (3 * (j - 1));
    }
    newBlock = (block >> 3) | (t << (3 * k));
    newDBlock = ((dBlock >> 3) + bumps) | (((dBlock & 7) - passedBelow) << (3 * k));
  } else {
    // [e1..ek, t] -> [t, e1..ek]
    const t = block >> (3 * k);
    let drops = 0;
    for (let j = 0; j < k; j++) {
      const e = (block >> (3 * j)) & 7;
      if (e < t) passedBelow++;
      else drops |= 1 << (3 * (j + 1));
    }
    newBlock = ((block << 3) & mask) | t;
    newDBlock = (((dBlock << 3) & mask) - drops) | ((dBlock >> (3 * k)) + passedBelow);
  }
  let rankDelta = 0;
  for (let j = 0; j <= k; j++) {
    rankDelta += (((newDBlock >> (3 * j)) & 7) - ((dBlock >> (3 * j)) & 7)) * FACTORIALS[m - 1 - i - j];
  }
  moved[0] = (state & FIELD_MASK & ~(mask << shift)) | (newBlock << shift) | (to << BLANK_SHIFT);
  moved[1] = (digits & ~(mask << shift)) | (newDBlock << shift);
  moved[2] = index + diff * FACTORIALS[m] + rankDelta;
}
