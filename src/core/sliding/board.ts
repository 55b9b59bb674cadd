// Sliding-tile boards: validation of a puzzle's shape and tiles, and the default goal.
// A board is row-major, tiles 1..n-1, blank 0, with 2 <= rows, cols <= 5.

import { PuzzleInputError } from "../errors.ts";
import type { SlidingSpec } from "../types.ts";

const MIN_SIDE = 2;
const MAX_SIDE = 5;

/** 1..n-1 then the blank. */
export function defaultSlidingGoal(rows: number, cols: number): number[] {
  const n = rows * cols;
  const goal = new Array<number>(n);
  for (let i = 0; i < n - 1; i++) goal[i] = i + 1;
  goal[n - 1] = 0;
  return goal;
}

function checkSide(value: number, field: "rows" | "cols"): void {
  if (!Number.isInteger(value) || value < MIN_SIDE || value > MAX_SIDE) {
    throw new PuzzleInputError(
      `${field} must be an integer from ${MIN_SIDE} to ${MAX_SIDE}, got ${String(value)}`,
      "BAD_PUZZLE",
      field,
    );
  }
}

/**
 * Throws unless `board` holds exactly the tiles 0..n-1 once each; names the first problem found, and
 * `field` (the argument the board came as: start, goal, a hint's position...).
 */
export function checkSlidingTiles(board: readonly number[], n: number, field: string): void {
  if (!Array.isArray(board))
    throw new PuzzleInputError(`${field} must be a list of tiles`, "BAD_PUZZLE", field);
  if (board.length !== n) {
    throw new PuzzleInputError(`${field} has ${board.length} tiles, expected ${n}`, "BAD_PUZZLE", field);
  }
  const seen = new Uint8Array(n);
  for (const tile of board) {
    if (!Number.isInteger(tile) || tile < 0 || tile >= n) {
      throw new PuzzleInputError(
        `${field} has tile ${String(tile)} out of range (tiles are 0..${n - 1}, 0 = blank)`,
        "BAD_PUZZLE",
        field,
      );
    }
    if (seen[tile] === 1) {
      throw new PuzzleInputError(`${field} repeats tile ${tile}`, "BAD_PUZZLE", field);
    }
    seen[tile] = 1;
  }
  // With n tiles in range and none repeated, none can be missing; kept for clarity of intent.
  const missing = seen.indexOf(0);
  if (missing >= 0) throw new PuzzleInputError(`${field} is missing tile ${missing}`, "BAD_PUZZLE", field);
}

/** Validates and freezes a sliding puzzle. The goal defaults to 1..n-1 then the blank. */
export function createSlidingSpec(
  rows: number,
  cols: number,
  start: readonly number[],
  goal?: readonly number[],
): SlidingSpec {
  checkSide(rows, "rows");
  checkSide(cols, "cols");
  const n = rows * cols;
  checkSlidingTiles(start, n, "start");
  const goalBoard = goal ?? defaultSlidingGoal(rows, cols);
  checkSlidingTiles(goalBoard, n, "goal");
  return Object.freeze({
    kind: "sliding",
    rows,
    cols,
    start: Object.freeze([...start]),
    goal: Object.freeze([...goalBoard]),
  });
}

export function boardsEqual(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
