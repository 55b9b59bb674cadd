// The heuristic interface of the sliding-puzzle searches and the two built-in heuristics.
// (Pattern databases, src/core/pdb/, bring their own IDA*; the facade in ../solve.ts calls it.)
//
// A heuristic is incremental and stack-shaped, which is what IDA* needs: `reset` evaluates a whole
// board; `move` updates the estimate for one tile sliding into the blank and returns the new value;
// `undo` reverts the latest `move`. A* uses the same three calls (reset to the node it expands,
// then move/undo per child). A heuristic must be admissible, and 0 exactly on the goal.

import { PuzzleInputError } from "../errors.ts";
import { manhattanTable } from "./geometry.ts";
import { encodeLines, lineTables, type LineTables } from "./linear-conflict.ts";

export interface SlidingHeuristic {
  /** Reported in SolveResult.heuristic, e.g. "linear-conflict" or "pdb:663+reflect". */
  readonly name: string;
  /** Evaluates `board` (row-major, 0 = blank; not kept) and makes it the current board. */
  reset(board: ArrayLike<number>): number;
  /**
   * `tile` slides from cell `from` into the blank at cell `to` (the blank goes to `from`); `h` is
   * the current value. Returns the new value. Calls nest: every `move` is followed by one `undo`.
   */
  move(tile: number, from: number, to: number, h: number): number;
  /** Reverts the latest `move` (same arguments). */
  undo(tile: number, from: number, to: number): void;
}

/** Manhattan distance: every tile's grid distance to its goal cell. */
export class ManhattanHeuristic implements SlidingHeuristic {
  readonly name: string = "manhattan";
  protected readonly n: number;
  protected readonly distance: Uint8Array;

  constructor(rows: number, cols: number, goal: readonly number[]) {
    this.n = rows * cols;
    this.distance = manhattanTable(rows, cols, goal);
  }

  reset(board: ArrayLike<number>): number {
    let h = 0;
    for (let pos = 0; pos < this.n; pos++) h += this.distance[board[pos] * this.n + pos];
    return h;
  }

  move(tile: number, from: number, to: number, h: number): number {
    return h + this.distance[tile * this.n + to] - this.distance[tile * this.n + from];
  }

  undo(_tile: number, _from: number, _to: number): void {}
}

/** The rows or the columns of a board, as the linear-conflict heuristic tracks them. */
interface LineAxis {
  /** code[line]: the line's code (see linear-conflict.ts). */
  readonly code: Int32Array;
  /** digit[tile * count + line]: the tile's digit on that line (0 unless it is the tile's goal line). */
  readonly digit: Uint8Array;
  /** place[position along the line]: the weight of that position's digit. */
  readonly place: Int32Array;
  readonly conflicts: Uint8Array;
  /** Number of lines on this axis. */
  readonly count: number;
}

/** Manhattan distance plus linear conflicts in every row and column, updated per move. */
export class LinearConflictHeuristic extends ManhattanHeuristic {
  override readonly name: string = "linear-conflict";
  private readonly lines: LineTables;
  private readonly rowAxis: LineAxis;
  private readonly colAxis: LineAxis;

  constructor(
    private readonly rows: number,
    private readonly cols: number,
    goal: readonly number[],
  ) {
    super(rows, cols, goal);
    const lines = lineTables(rows, cols, goal);
    this.lines = lines;
    this.rowAxis = {
      code: new Int32Array(rows),
      digit: lines.rowDigit,
      place: lines.rowPlace,
      conflicts: lines.rowConflicts,
      count: rows,
    };
    this.colAxis = {
      code: new Int32Array(cols),
      digit: lines.colDigit,
      place: lines.colPlace,
      conflicts: lines.colConflicts,
      count: cols,
    };
  }

  override reset(board: ArrayLike<number>): number {
    const lc = encodeLines(this.lines, this.rows, this.cols, board, this.rowAxis.code, this.colAxis.code);
    return super.reset(board) + lc;
  }

  override move(tile: number, from: number, to: number, h: number): number {
    return super.move(tile, from, to, h) + this.slide(tile, from, to);
  }

  override undo(tile: number, from: number, to: number): void {
    this.slide(tile, to, from);
  }

  /** Updates the line codes for `tile` going from `from` to `to`; returns the change of conflicts. */
  private slide(tile: number, from: number, to: number): number {
    const cols = this.cols;
    const fromRow = Math.floor(from / cols);
    const toRow = Math.floor(to / cols);
    return fromRow !== toRow
      ? crossLines(this.rowAxis, this.colAxis, tile, fromRow, toRow, from % cols)
      : crossLines(this.colAxis, this.rowAxis, tile, from % cols, to % cols, fromRow);
  }
}

/**
 * `tile` goes from line a to line b of `across` (at position `at` along them), moving along line
 * `at` of `along`. The two lines of `across` gain or lose its digit, which changes their conflicts;
 * on `along` its digit only changes place, which keeps the order and the conflicts.
 */
function crossLines(
  across: LineAxis,
  along: LineAxis,
  tile: number,
  a: number,
  b: number,
  at: number,
): number {
  const oldA = across.code[a];
  const oldB = across.code[b];
  const newA = oldA - across.digit[tile * across.count + a] * across.place[at];
  const newB = oldB + across.digit[tile * across.count + b] * across.place[at];
  across.code[a] = newA;
  across.code[b] = newB;
  along.code[at] += along.digit[tile * along.count + at] * (along.place[b] - along.place[a]);
  const c = across.conflicts;
  return c[newA] + c[newB] - c[oldA] - c[oldB];
}

/** The heuristics a `heuristic` option may name besides the pattern databases (`pdb:<name>`). */
export const BUILT_IN_HEURISTICS: readonly string[] = ["auto", "manhattan", "linear-conflict"];

/** The built-in heuristic a `heuristic` option names ("auto" = linear conflict); throws BAD_OPTION otherwise. */
export function createSlidingHeuristic(
  name: string,
  rows: number,
  cols: number,
  goal: readonly number[],
): SlidingHeuristic {
  if (name === "manhattan") return new ManhattanHeuristic(rows, cols, goal);
  if (name === "linear-conflict" || name === "auto") return new LinearConflictHeuristic(rows, cols, goal);
  throw new PuzzleInputError(
    `heuristic "${name}" is not available here (use manhattan, linear-conflict or a pdb:<partition> with idastar)`,
    "BAD_OPTION",
    "heuristic",
  );
}
