// The Rotation Game board (UVa 1343): 24 cells numbered row by row, top to bottom, left to right.
//
//         00    01
//         02    03
//   04 05 06 07 08 09 10
//         11    12
//   13 14 15 16 17 18 19
//         20    21
//         22    23
//
// Each move shifts one 7-cell line one step toward its head (the first cell listed); the head's
// symbol wraps around to the tail. E..H are the same lines walked the other way, so each move's
// inverse is another move (A<->F, B<->E, C<->H, D<->G).

export const CELL_COUNT = 24;
export const SYMBOLS = [1, 2, 3] as const;
export const COPIES_PER_SYMBOL = 8;
export const MOVE_LETTERS = "ABCDEFGH";

const A = [0, 2, 6, 11, 15, 20, 22];
const B = [1, 3, 8, 12, 17, 21, 23];
const C = [10, 9, 8, 7, 6, 5, 4];
const D = [19, 18, 17, 16, 15, 14, 13];

/** MOVE_LINES[m] lists the 7 cells of move m, head first. */
export const MOVE_LINES: readonly (readonly number[])[] = [
  A,
  B,
  C,
  D,
  [...B].reverse(),
  [...A].reverse(),
  [...D].reverse(),
  [...C].reverse(),
];

/** INVERSE_MOVE[m] undoes move m. */
export const INVERSE_MOVE: readonly number[] = [5, 4, 7, 6, 1, 0, 3, 2];

export const CENTRE_CELLS: readonly number[] = [6, 7, 8, 11, 12, 15, 16, 17];

/** Where move m sends the symbol standing on `cell`. */
export function moveDestination(move: number, cell: number): number {
  const line = MOVE_LINES[move];
  const at = line.indexOf(cell);
  if (at < 0) return cell;
  return line[(at + line.length - 1) % line.length];
}
