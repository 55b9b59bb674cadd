// The generic puzzle API: one entry point for both kinds of puzzle, dispatching to the sliding
// module or the rotation module. The API, the CLI and the workers use these functions.

import { PuzzleInputError } from "./errors.ts";
import { normalizeMoves } from "./notation.ts";
import { applyMoveInPlace, rotationBoardProblem } from "./rotation/board.ts";
import { applyRotationMoves, createRotationSpec, isRotationGoal } from "./rotation/index.ts";
import { boardsEqual, checkSlidingTiles, createSlidingSpec } from "./sliding/board.ts";
import { applySlidingMoves } from "./sliding/moves.ts";
import { isSlidingSolvable } from "./sliding/solvability.ts";
import type { PuzzleSpec } from "./types.ts";

export interface PuzzleInput {
  readonly kind: "sliding" | "rotation";
  readonly rows?: number;
  readonly cols?: number;
  readonly start: readonly number[];
  readonly goal?: readonly number[];
}

/** Validates `input` and returns a frozen spec; throws PuzzleInputError naming the field at fault. */
export function createPuzzle(input: PuzzleInput): PuzzleSpec {
  if (input.kind === "rotation") {
    if (input.goal !== undefined) {
      throw new PuzzleInputError("the Rotation Game has no goal board to give", "BAD_PUZZLE", "goal");
    }
    return createRotationSpec(input.start);
  }
  if (input.kind !== "sliding") {
    throw new PuzzleInputError(`unknown puzzle kind "${String(input.kind)}"`, "BAD_PUZZLE", "kind");
  }
  if (input.rows === undefined) throw new PuzzleInputError("rows is required", "BAD_PUZZLE", "rows");
  if (input.cols === undefined) throw new PuzzleInputError("cols is required", "BAD_PUZZLE", "cols");
  return createSlidingSpec(input.rows, input.cols, input.start, input.goal);
}

/**
 * Throws PuzzleInputError (BAD_PUZZLE, naming `field`) unless `board` is a board of `spec`'s kind and
 * size: the same tiles (or symbols), each as often. Whether it can reach the goal is isSolvable's.
 */
export function checkBoard(spec: PuzzleSpec, board: readonly number[], field: string): void {
  if (spec.kind === "sliding") {
    checkSlidingTiles(board, spec.rows * spec.cols, field);
    return;
  }
  const problem = Array.isArray(board) ? rotationBoardProblem(board) : "not a list of cells";
  if (problem !== undefined) throw new PuzzleInputError(`${field}: ${problem}`, "BAD_PUZZLE", field);
}

/** Decided without search. Every Rotation Game board is solvable. */
export function isSolvable(spec: PuzzleSpec): boolean {
  return spec.kind === "rotation" ? true : isSlidingSolvable(spec);
}

/** Applies `moves` (whitespace ignored, lower case accepted) from the start; throws IllegalMoveError. */
export function replayMoves(spec: PuzzleSpec, moves: string): { board: number[]; solved: boolean } {
  const normalized = normalizeMoves(moves);
  if (spec.kind === "rotation") {
    const board = applyRotationMoves(spec.start, normalized);
    return { board, solved: isRotationGoal(board) };
  }
  const board = applySlidingMoves(spec.rows, spec.cols, spec.start, normalized);
  return { board, solved: boardsEqual(board, spec.goal) };
}

/** The boards from the start, before each of `moves` (already normalized) and after the last. */
export function positionsAlong(spec: PuzzleSpec, moves: string): number[][] {
  const boards: number[][] = [[...spec.start]];
  for (const move of moves) {
    const last = boards[boards.length - 1];
    boards.push(
      spec.kind === "rotation"
        ? applyRotationMoves(last, move)
        : applySlidingMoves(spec.rows, spec.cols, last, move),
    );
  }
  return boards;
}

/** The boards one move from `board` (a board of `spec`'s kind and size), in move order. */
export function boardsOneMoveFrom(spec: PuzzleSpec, board: readonly number[]): number[][] {
  if (spec.kind === "rotation") {
    return Array.from({ length: 8 }, (_, move) => {
      const next = [...board];
      applyMoveInPlace(next, move);
      return next;
    });
  }
  const { rows, cols } = spec;
  const blank = board.indexOf(0);
  const row = Math.floor(blank / cols);
  const col = blank % cols;
  const to = [
    row > 0 ? blank - cols : -1,
    row < rows - 1 ? blank + cols : -1,
    col > 0 ? blank - 1 : -1,
    col < cols - 1 ? blank + 1 : -1,
  ];
  return to
    .filter((cell) => cell >= 0)
    .map((cell) => {
      const next = [...board];
      next[blank] = next[cell];
      next[cell] = 0;
      return next;
    });
}

/** A short stable key identifying the puzzle (for deduplication): `S3x3:<start>:<goal>` or `R:<start>`. */
export function canonicalKey(spec: PuzzleSpec): string {
  if (spec.kind === "rotation") return `R:${spec.start.join("")}`;
  return `S${spec.rows}x${spec.cols}:${spec.start.join(",")}:${spec.goal.join(",")}`;
}

/** The puzzle a canonical key stands for: `canonicalKey`'s inverse. */
export function specOfKey(key: string): PuzzleSpec {
  const numbers = (text: string) => text.split(",").map(Number);
  if (key.startsWith("R:")) return createPuzzle({ kind: "rotation", start: [...key.slice(2)].map(Number) });
  const sliding = /^S(\d+)x(\d+):([\d,]+):([\d,]+)$/.exec(key);
  if (sliding === null) throw new Error(`not a canonical key: ${key}`);
  const [, rows, cols, start, goal] = sliding;
  return createPuzzle({
    kind: "sliding",
    rows: Number(rows),
    cols: Number(cols),
    start: numbers(start),
    goal: numbers(goal),
  });
}
