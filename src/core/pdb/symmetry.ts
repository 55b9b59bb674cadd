// Symmetries of a rows x cols board, as cell permutations with the matching relabelling of the
// blank's move letters (U, D, L, R = indices 0..3, as in SLIDING_MOVES). Pattern databases are
// built for goals with the blank in the top-left corner; a goal with the blank in another corner is
// brought there by a flip, and tables whose cell sets are images of each other under a symmetry
// are stored once.

import { perBoardSize } from "../sliding/per-board-size.ts";

export interface BoardSymmetry {
  readonly name: string;
  /** cell -> image cell */
  readonly map: Int32Array;
  /** move index (UDLR) -> move index of the image move */
  readonly moveMap: readonly number[];
}

const U = 0;
const D = 1;
const L = 2;
const R = 3;

function makeSymmetry(
  name: string,
  rows: number,
  cols: number,
  image: (r: number, c: number) => [number, number],
  imageCols: number,
  moveMap: number[],
): BoardSymmetry {
  const map = new Int32Array(rows * cols);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const [r2, c2] = image(r, c);
      map[r * cols + c] = r2 * imageCols + c2;
    }
  }
  return { name, map, moveMap };
}

function makeBoardSymmetries(rows: number, cols: number): readonly BoardSymmetry[] {
  const R1 = rows - 1;
  const C1 = cols - 1;
  const list = [
    makeSymmetry("identity", rows, cols, (r, c) => [r, c], cols, [U, D, L, R]),
    makeSymmetry("flip-h", rows, cols, (r, c) => [r, C1 - c], cols, [U, D, R, L]),
    makeSymmetry("flip-v", rows, cols, (r, c) => [R1 - r, c], cols, [D, U, L, R]),
    makeSymmetry("rotate-180", rows, cols, (r, c) => [R1 - r, C1 - c], cols, [D, U, R, L]),
  ];
  if (rows === cols) {
    list.push(
      makeSymmetry("transpose", rows, cols, (r, c) => [c, r], rows, [L, R, U, D]),
      makeSymmetry("anti-transpose", rows, cols, (r, c) => [C1 - c, R1 - r], rows, [R, L, D, U]),
      makeSymmetry("rotate-cw", rows, cols, (r, c) => [c, R1 - r], rows, [R, L, U, D]),
      makeSymmetry("rotate-ccw", rows, cols, (r, c) => [C1 - c, r], rows, [L, R, D, U]),
    );
  }
  return Object.freeze(list);
}

/**
 * All symmetries mapping the board onto itself (8 for a square, 4 for a rectangle), made once per
 * board size and shared: every solve asks for its frame (a batch of 100 made them 100 times, ~10 ms
 * of cold code). Callers only read them.
 */
export const boardSymmetries = perBoardSize(makeBoardSymmetries);

/** The reflection about the main diagonal (square boards only). */
export function transpose(side: number): BoardSymmetry {
  return boardSymmetries(side, side)[4];
}

/**
 * A dimension-preserving flip taking `cell` to cell 0 (top-left), or null when `cell` is not a
 * corner. The PDB searches run in that frame.
 */
export function flipToTopLeft(rows: number, cols: number, cell: number): BoardSymmetry | null {
  // The first four keep the board's dimensions (identity, the two flips, the half turn).
  return boardSymmetries(rows, cols).find((sym, i) => i < 4 && sym.map[cell] === 0) ?? null;
}
