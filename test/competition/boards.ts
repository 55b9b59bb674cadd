// Boards for the competition tests, independent of the platform's tables: a plain BFS over the 3x3
// states, random solvable states and random legal walks.
import { applySlidingMoves } from "../../src/core/sliding/moves.ts";
import { isSlidingSolvable } from "../../src/core/sliding/solvability.ts";

export const GOAL3 = [1, 2, 3, 4, 5, 6, 7, 8, 0];
export const GOAL4 = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0];

/** Every 3x3 state's distance to GOAL3, by breadth-first search (string keys, no shared code). */
export function bfsDistances3x3(): Map<string, number> {
  return bfsDistances(3, 3, GOAL3);
}

/** Every state's distance to `goal` on a rows x cols board, by breadth-first search. */
export function bfsDistances(rows: number, cols: number, goal: readonly number[]): Map<string, number> {
  const distances = new Map<string, number>([[goal.join(","), 0]]);
  let frontier = [[...goal]];
  for (let d = 1; frontier.length > 0; d++) {
    const next: number[][] = [];
    for (const board of frontier) {
      const blank = board.indexOf(0);
      const [r, c] = [Math.floor(blank / cols), blank % cols];
      for (const [dr, dc] of [
        [-1, 0],
        [1, 0],
        [0, -1],
        [0, 1],
      ]) {
        if (r + dr < 0 || r + dr >= rows || c + dc < 0 || c + dc >= cols) continue;
        const to = (r + dr) * cols + c + dc;
        const moved = [...board];
        [moved[blank], moved[to]] = [moved[to], 0];
        const key = moved.join(",");
        if (!distances.has(key)) {
          distances.set(key, d);
          next.push(moved);
        }
      }
    }
    frontier = next;
  }
  return distances;
}

export function randomSolvable(side: number, goal: readonly number[]): number[] {
  for (;;) {
    const board = [...goal].sort(() => Math.random() - 0.5);
    for (let i = board.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      [board[i], board[j]] = [board[j], board[i]];
    }
    if (isSlidingSolvable({ cols: side, start: board, goal })) return board;
  }
}

export function applyMoves(rows: number, cols: number, board: readonly number[], moves: string): number[] {
  return applySlidingMoves(rows, cols, board, moves);
}

/** `length` random legal moves from `board`, never undoing the previous one. */
export function randomWalk(rows: number, cols: number, board: readonly number[], length: number): string {
  let moves = "";
  let current = [...board];
  const inverse: Record<string, string> = { U: "D", D: "U", L: "R", R: "L" };
  while (moves.length < length) {
    const move = "UDLR"[Math.floor(Math.random() * 4)];
    if (moves.length > 0 && inverse[move] === moves[moves.length - 1]) continue;
    try {
      current = applySlidingMoves(rows, cols, current, move);
      moves += move;
    } catch {
      // off the board: draw again
    }
  }
  return moves;
}
