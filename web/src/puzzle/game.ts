// A game in progress: the puzzle, the moves made so far and the board they lead to. Every rule
// (what a move does, whether it is legal, whether the board is solved) comes from the pure core.
import { IllegalMoveError, createPuzzle, replayMoves, type PuzzleSpec } from "../../../src/core/index.ts";
import type { Puzzle } from "../api/operations.ts";

/** The core's spec for a puzzle read from the API. */
export function specOf(puzzle: Puzzle): PuzzleSpec {
  return puzzle.kind === "ROTATION"
    ? createPuzzle({ kind: "rotation", start: puzzle.start })
    : createPuzzle({
        kind: "sliding",
        rows: puzzle.rows ?? 0,
        cols: puzzle.cols ?? 0,
        start: puzzle.start,
        goal: puzzle.goal ?? undefined,
      });
}

export class Game {
  private moveList = "";
  /** How many moves each action played (a tap that slides two tiles is one action of two moves). */
  private actions: number[] = [];
  private current: { board: number[]; solved: boolean };

  constructor(readonly spec: PuzzleSpec) {
    this.current = replayMoves(spec, "");
  }

  get moves(): string {
    return this.moveList;
  }

  get board(): readonly number[] {
    return this.current.board;
  }

  get solved(): boolean {
    return this.current.solved;
  }

  /**
   * Plays `moves` (one or more letters) as one action, which `undo` takes back whole; returns false
   * and changes nothing if any is illegal.
   */
  play(moves: string): boolean {
    if (moves.length === 0) return false;
    try {
      this.current = replayMoves(this.spec, this.moveList + moves);
    } catch (error) {
      if (error instanceof IllegalMoveError) return false;
      throw error;
    }
    this.moveList += moves;
    this.actions.push(moves.length);
    return true;
  }

  /** Takes back the last action: all the moves one tap or key played. */
  undo(): boolean {
    const last = this.actions.pop();
    if (last === undefined) return false;
    this.moveList = this.moveList.slice(0, -last);
    this.current = replayMoves(this.spec, this.moveList);
    return true;
  }

  reset(): void {
    this.moveList = "";
    this.actions = [];
    this.current = replayMoves(this.spec, "");
  }
}

/** The board after the first `step` moves of `moves` (for stepping through a solution). */
export function boardAt(spec: PuzzleSpec, moves: string, step: number): number[] {
  return replayMoves(spec, moves.slice(0, step)).board;
}
