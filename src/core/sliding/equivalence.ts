// Which sliding puzzles are one problem in disguise: the same up to renaming the tiles, a symmetry of
// the board (applied to start and goal alike) and swapping start and goal. Such puzzles have the same
// optimal length, and an optimal solution of one maps onto the other's (moves mirrored or rotated;
// reversed and each inverted for the swap), so a guard that must keep a puzzle secret keys by this.
//
// Label-free form: p[c] = the goal cell of the tile that stands on cell c at the start (the blank
// too), and the blank's start cell. Renaming tiles leaves it unchanged and it fixes the puzzle up to
// a renaming. A board symmetry T gives p'[T(c)] = T(p[c]) and the blank at T(blank); the swap gives
// p^-1 with the blank at p[blank]. The key is the smallest of the 16 variants (8 symmetries x swap).

import type { SlidingSpec } from "../types.ts";

const MAX_CELLS = 25;

/** A symmetry of a rows x cols board: where each cell goes, on a board of the given size. */
interface Symmetry {
  readonly rows: number;
  readonly cols: number;
  readonly cell: Int8Array;
}

const symmetriesBySize = new Map<number, readonly Symmetry[]>();

/** The 8 symmetries of the square's group on a rows x cols board (4 of them transpose it). */
function symmetries(rows: number, cols: number): readonly Symmetry[] {
  const id = rows * 8 + cols;
  const known = symmetriesBySize.get(id);
  if (known !== undefined) return known;
  const maps: [number, number, (r: number, c: number) => number][] = [
    [rows, cols, (r, c) => r * cols + c],
    [rows, cols, (r, c) => r * cols + (cols - 1 - c)],
    [rows, cols, (r, c) => (rows - 1 - r) * cols + c],
    [rows, cols, (r, c) => (rows - 1 - r) * cols + (cols - 1 - c)],
    [cols, rows, (r, c) => c * rows + r],
    [cols, rows, (r, c) => c * rows + (rows - 1 - r)],
    [cols, rows, (r, c) => (cols - 1 - c) * rows + r],
    [cols, rows, (r, c) => (cols - 1 - c) * rows + (rows - 1 - r)],
  ];
  const made = maps.map(([toRows, toCols, at]) => {
    const cell = new Int8Array(rows * cols);
    for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) cell[r * cols + c] = at(r, c);
    return { rows: toRows, cols: toCols, cell };
  });
  symmetriesBySize.set(id, made);
  return made;
}

// Scratch: the key is computed a few thousand times per daily, so no arrays per call.
const goalCell = new Int8Array(MAX_CELLS);
const forward = new Int8Array(MAX_CELLS);
const backward = new Int8Array(MAX_CELLS);
const variant = new Int8Array(MAX_CELLS);
const best = new Int8Array(MAX_CELLS + 3);
const LETTERS = "abcdefghijklmnopqrstuvwxy";

/**
 * A key equal for two sliding puzzles exactly when one is the other with its tiles renamed (in start
 * and goal alike, the blank kept), the board turned, mirrored or transposed (a rows x cols puzzle
 * meets its cols x rows transpose), start and goal swapped, or any mix of these. Equal keys imply
 * equal optimal lengths. `spec` must be valid (createPuzzle's).
 */
export function equivalenceKey(spec: SlidingSpec): string {
  const { rows, cols, start, goal } = spec;
  const n = rows * cols;
  for (let c = 0; c < n; c++) goalCell[goal[c]] = c;
  let blank = -1;
  for (let c = 0; c < n; c++) {
    forward[c] = goalCell[start[c]];
    backward[forward[c]] = c;
    if (start[c] === 0) blank = c;
  }
  let found = false;
  for (const symmetry of symmetries(rows, cols)) {
    for (let swapped = 0; swapped < 2; swapped++) {
      const p = swapped === 0 ? forward : backward;
      const { cell } = symmetry;
      for (let c = 0; c < n; c++) variant[cell[c]] = cell[p[c]];
      const variantBlank = cell[swapped === 0 ? blank : forward[blank]];
      if (!found || smaller(symmetry.rows, symmetry.cols, variantBlank, n)) {
        found = true;
        best[0] = symmetry.rows;
        best[1] = symmetry.cols;
        best[2] = variantBlank;
        best.set(variant.subarray(0, n), 3);
      }
    }
  }
  let key = `E${best[0]}x${best[1]}:${LETTERS[best[2]]}:`;
  for (let c = 0; c < n; c++) key += LETTERS[best[3 + c]];
  return key;
}

/** Whether (rows, cols, blank, variant) comes before `best` in lexicographic order. */
function smaller(rows: number, cols: number, blank: number, n: number): boolean {
  if (rows !== best[0]) return rows < best[0];
  if (cols !== best[1]) return cols < best[1];
  if (blank !== best[2]) return blank < best[2];
  for (let c = 0; c < n; c++) if (variant[c] !== best[3 + c]) return variant[c] < best[3 + c];
  return false;
}
