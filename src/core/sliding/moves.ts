// Applying move strings to sliding boards. A move names the direction the BLANK goes:
// U (row - 1), D (row + 1), L (col - 1), R (col + 1).

import { IllegalMoveError } from "../errors.ts";

const SLIDING_MOVES = "UDLR";

/** Offsets of the blank per move code 0..3 (U, D, L, R) for a grid `cols` wide. */
function moveDeltas(cols: number): Int32Array {
  return Int32Array.of(-cols, cols, -1, 1);
}

/** Whether the blank at `blank` may move in direction `dir` (0..3 = U, D, L, R). */
function canMove(rows: number, cols: number, blank: number, dir: number): boolean {
  switch (dir) {
    case 0:
      return blank >= cols;
    case 1:
      return blank < (rows - 1) * cols;
    case 2:
      return blank % cols !== 0;
    default:
      return blank % cols !== cols - 1;
  }
}

/**
 * Returns a new board after `moves` (already normalised: only U, D, L, R). Throws IllegalMoveError
 * naming the first step (1-based) that is not a letter of UDLR or would push the blank off the grid.
 */
export function applySlidingMoves(
  rows: number,
  cols: number,
  board: readonly number[],
  moves: string,
): number[] {
  const out = [...board];
  let blank = out.indexOf(0);
  const deltas = moveDeltas(cols);
  for (let i = 0; i < moves.length; i++) {
    const move = moves[i];
    const dir = SLIDING_MOVES.indexOf(move);
    if (dir < 0) {
      throw new IllegalMoveError(`move ${i + 1} "${move}" is not one of U, D, L, R`, i + 1, move);
    }
    if (!canMove(rows, cols, blank, dir)) {
      const row = Math.floor(blank / cols) + 1;
      const col = (blank % cols) + 1;
      throw new IllegalMoveError(
        `move ${i + 1} "${move}" pushes the blank off the board (blank at row ${row}, column ${col})`,
        i + 1,
        move,
      );
    }
    const next = blank + deltas[dir];
    out[blank] = out[next];
    out[next] = 0;
    blank = next;
  }
  return out;
}
