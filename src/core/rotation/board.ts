// Boards as arrays of 24 symbols: validation, moves, goal test. Cells are numbered 0..23 as in
// geometry.ts, and error messages use that numbering.

import { IllegalMoveError, PuzzleInputError } from "../errors.ts";
import type { RotationSpec } from "../types.ts";
import {
  CELL_COUNT,
  CENTRE_CELLS,
  COPIES_PER_SYMBOL,
  MOVE_LETTERS,
  MOVE_LINES,
  SYMBOLS,
} from "./geometry.ts";

/** Why `cells` is not a Rotation Game board (24 cells, eight each of 1, 2, 3), or undefined. */
export function rotationBoardProblem(cells: readonly number[]): string | undefined {
  if (cells.length !== CELL_COUNT) return `expected ${CELL_COUNT} cells, got ${cells.length}`;
  const counts = [0, 0, 0, 0];
  for (let cell = 0; cell < CELL_COUNT; cell++) {
    const symbol = cells[cell];
    if (!Number.isInteger(symbol) || symbol < 1 || symbol > 3) {
      return `symbol ${symbol} at cell ${cell + 1} of ${CELL_COUNT} is out of range 1..3`;
    }
    counts[symbol]++;
  }
  for (const symbol of SYMBOLS) {
    if (counts[symbol] !== COPIES_PER_SYMBOL) {
      return `symbol ${symbol} appears ${counts[symbol]} times, expected ${COPIES_PER_SYMBOL}`;
    }
  }
  return undefined;
}

export function createRotationSpec(start: readonly number[]): RotationSpec {
  const problem = rotationBoardProblem(start);
  if (problem !== undefined) throw new PuzzleInputError(problem, "BAD_PUZZLE", "start");
  return { kind: "rotation", start: Object.freeze([...start]) };
}

/** Applies move m (0..7 = A..H) to `board` in place. */
export function applyMoveInPlace(board: number[] | Uint8Array, move: number): void {
  const line = MOVE_LINES[move];
  const head = board[line[0]];
  for (let i = 0; i < 6; i++) board[line[i]] = board[line[i + 1]];
  board[line[6]] = head;
}

/** Move letters as indices 0..7. Case-insensitive, whitespace ignored; `index` of errors is 1-based. */
function parseRotationMoves(moves: string): number[] {
  const parsed: number[] = [];
  for (const char of moves) {
    if (/\s/.test(char)) continue;
    const move = MOVE_LETTERS.indexOf(char.toUpperCase());
    const step = parsed.length + 1;
    if (move < 0) {
      throw new IllegalMoveError(`unknown move "${char}" at step ${step}: moves are A-H`, step, char);
    }
    parsed.push(move);
  }
  return parsed;
}

export function applyRotationMoves(board: readonly number[], moves: string): number[] {
  if (board.length !== CELL_COUNT) {
    throw new PuzzleInputError(`expected ${CELL_COUNT} cells, got ${board.length}`, "BAD_PUZZLE", "start");
  }
  const result = [...board];
  for (const move of parseRotationMoves(moves)) applyMoveInPlace(result, move);
  return result;
}

export function isRotationGoal(board: readonly number[] | Uint8Array): boolean {
  const symbol = board[CENTRE_CELLS[0]];
  for (const cell of CENTRE_CELLS) if (board[cell] !== symbol) return false;
  return true;
}

/**
 * The symbol filling the centre of a goal board; on other boards, the most frequent centre
 * symbol (the smallest one on a tie).
 */
export function rotationCentreSymbol(board: readonly number[] | Uint8Array): number {
  const counts = [0, 0, 0, 0];
  for (const cell of CENTRE_CELLS) counts[board[cell]]++;
  let best = SYMBOLS[0] as number;
  for (const symbol of SYMBOLS) if (counts[symbol] > counts[best]) best = symbol;
  return best;
}
