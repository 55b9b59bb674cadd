// Human-readable output of `puzzle solve`: boards drawn as text, step by step.

import type { PuzzleSpec, SolveResult } from "../core/types.ts";

/** Rows of tiles right-aligned in columns, the blank drawn as "_". */
function drawSlidingBoard(board: readonly number[], rows: number, cols: number): string {
  const width = String(rows * cols - 1).length;
  const lines: string[] = [];
  for (let r = 0; r < rows; r++) {
    const cells = board
      .slice(r * cols, (r + 1) * cols)
      .map((tile) => (tile === 0 ? "_" : String(tile)).padStart(width));
    lines.push(cells.join(" "));
  }
  return lines.join("\n");
}

/** Cells of the Rotation Game's # board per printed row, and the column (0..6) each one sits in. */
const ROTATION_ROWS: readonly (readonly number[])[] = [
  [0, 1],
  [2, 3],
  [4, 5, 6, 7, 8, 9, 10],
  [11, 12],
  [13, 14, 15, 16, 17, 18, 19],
  [20, 21],
  [22, 23],
];

function drawRotationBoard(board: readonly number[]): string {
  return ROTATION_ROWS.map((cells) => {
    if (cells.length === 7) return cells.map((cell) => board[cell]).join(" ");
    // The two arms are columns 2 and 4 of the 7-wide rows.
    return `    ${board[cells[0]]}   ${board[cells[1]]}`;
  }).join("\n");
}

function drawBoard(spec: PuzzleSpec, board: readonly number[]): string {
  return spec.kind === "rotation" ? drawRotationBoard(board) : drawSlidingBoard(board, spec.rows, spec.cols);
}

/** "1 move", "2 moves": a count with its noun, in the singular for one. */
export function counted(count: number, noun: string): string {
  return `${count} ${count === 1 ? noun : `${noun}s`}`;
}

/** The JSON object `--json` and `--batch` print for one solved (or not) puzzle. */
export function resultJson(result: SolveResult): Record<string, unknown> {
  return {
    length: result.length,
    moves: result.moves,
    optimal: result.optimal,
    nodes: result.nodes,
    ms: Math.round(result.elapsedMs * 1000) / 1000,
    status: result.status,
    algorithm: result.algorithm,
    ...(result.heuristic === undefined ? {} : { heuristic: result.heuristic }),
    lowerBound: result.lowerBound,
    ...(result.centre === undefined ? {} : { centre: result.centre }),
  };
}

/** The report for people: outcome, moves, search figures, then every board from start to goal. */
export function describeSolution(
  spec: PuzzleSpec,
  result: SolveResult,
  boards: readonly (readonly number[])[],
): string {
  const lines: string[] = [];
  const using = result.heuristic ? `${result.algorithm} with ${result.heuristic}` : result.algorithm;
  const figures = `${using}, ${result.nodes} nodes, ${result.elapsedMs.toFixed(1)} ms`;
  if (result.status === "unsolvable") {
    lines.push("No solution: the goal cannot be reached from this start (permutation parity).", figures);
    return `${lines.join("\n")}\n`;
  }
  if (result.status !== "solved") {
    lines.push(
      `Stopped (${result.status.replace("_", " ")}): no solution shorter than ${result.lowerBound} moves.`,
      figures,
    );
    return `${lines.join("\n")}\n`;
  }
  const moves = result.moves === "" ? "none needed" : result.moves;
  lines.push(`${counted(result.length, "move")}${result.optimal ? " (optimal)" : ""}: ${moves}`);
  if (result.centre !== undefined) lines.push(`centre symbol: ${result.centre}`);
  lines.push(figures, "", "start", drawBoard(spec, boards[0]));
  for (let i = 1; i < boards.length; i++)
    lines.push("", `${i}. ${result.moves[i - 1]}`, drawBoard(spec, boards[i]));
  return `${lines.join("\n")}\n`;
}
