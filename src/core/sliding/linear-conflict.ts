// Linear conflict (Hansson, Mayer & Yung 1992) by table lookup. A line (row or column) of length L
// is encoded in base L+1, one digit per cell: 0 when the cell holds the blank or a tile whose goal
// is on another line, else 1 + the tile's goal index along the line. The table gives
// 2 * (tiles of the line - longest increasing run of goal indices): the fewest tiles that must
// leave the line to let the others pass, two extra moves each, which is admissible on top of the
// Manhattan distance and exact per line.

const tablesByLength = new Map<number, Uint8Array>();

function longestIncreasing(digits: readonly number[]): number {
  // L <= 5: quadratic dynamic programming is plenty.
  const best: number[] = [];
  let longest = 0;
  for (let i = 0; i < digits.length; i++) {
    best[i] = 1;
    for (let j = 0; j < i; j++) if (digits[j] < digits[i] && best[j] + 1 > best[i]) best[i] = best[j] + 1;
    if (best[i] > longest) longest = best[i];
  }
  return longest;
}

/** conflicts[code] for lines of length L (2..5); (L+1)^L entries, at most 7,776. */
function lineConflictTable(length: number): Uint8Array {
  let table = tablesByLength.get(length);
  if (table !== undefined) return table;
  const base = length + 1;
  table = new Uint8Array(base ** length);
  for (let code = 0; code < table.length; code++) {
    const digits: number[] = [];
    for (let rest = code, i = 0; i < length; i++, rest = Math.floor(rest / base)) {
      const d = rest % base;
      if (d !== 0) digits.push(d);
    }
    // Codes with a repeated digit never occur on a board; their value is irrelevant.
    table[code] = 2 * (digits.length - longestIncreasing(digits));
  }
  tablesByLength.set(length, table);
  return table;
}

/** The tables one sliding shape and goal need to keep line codes up to date move by move. */
export interface LineTables {
  /** rowDigit[tile * rows + r]: the tile's digit when it sits in row r (0 unless r is its goal row). */
  readonly rowDigit: Uint8Array;
  /** colDigit[tile * cols + c]: the tile's digit when it sits in column c. */
  readonly colDigit: Uint8Array;
  /** rowPlace[c] = (cols+1)^c: the weight of column c's digit in a row code. */
  readonly rowPlace: Int32Array;
  /** colPlace[r] = (rows+1)^r: the weight of row r's digit in a column code. */
  readonly colPlace: Int32Array;
  readonly rowConflicts: Uint8Array;
  readonly colConflicts: Uint8Array;
}

export function lineTables(rows: number, cols: number, goal: readonly number[]): LineTables {
  const n = rows * cols;
  const rowDigit = new Uint8Array(n * rows);
  const colDigit = new Uint8Array(n * cols);
  for (let pos = 0; pos < n; pos++) {
    const tile = goal[pos];
    if (tile === 0) continue;
    const r = Math.floor(pos / cols);
    const c = pos % cols;
    rowDigit[tile * rows + r] = c + 1;
    colDigit[tile * cols + c] = r + 1;
  }
  const rowPlace = new Int32Array(cols);
  for (let c = 0; c < cols; c++) rowPlace[c] = (cols + 1) ** c;
  const colPlace = new Int32Array(rows);
  for (let r = 0; r < rows; r++) colPlace[r] = (rows + 1) ** r;
  return {
    rowDigit,
    colDigit,
    rowPlace,
    colPlace,
    rowConflicts: lineConflictTable(cols),
    colConflicts: lineConflictTable(rows),
  };
}

/** Fills rowCode / colCode for `board` and returns the total linear conflict. */
export function encodeLines(
  tables: LineTables,
  rows: number,
  cols: number,
  board: ArrayLike<number>,
  rowCode: Int32Array,
  colCode: Int32Array,
): number {
  rowCode.fill(0);
  colCode.fill(0);
  for (let pos = 0; pos < rows * cols; pos++) {
    const tile = board[pos];
    const r = Math.floor(pos / cols);
    const c = pos % cols;
    rowCode[r] += tables.rowDigit[tile * rows + r] * tables.rowPlace[c];
    colCode[c] += tables.colDigit[tile * cols + c] * tables.colPlace[r];
  }
  let total = 0;
  for (let r = 0; r < rows; r++) total += tables.rowConflicts[rowCode[r]];
  for (let c = 0; c < cols; c++) total += tables.colConflicts[colCode[c]];
  return total;
}
