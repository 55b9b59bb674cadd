// `puzzle judge <format>`: the four online-judge formats, whole stdin text in, whole stdout text out,
// byte for byte what the judges expect. Input is read as whitespace-separated tokens (copies of the
// statements carry stray spaces). Malformed input throws PuzzleInputError with a one-line message.
//
// This module is the whole import graph of a judge process, so it imports only the 3x3 table code
// (and the rotation judge, lazily): a judge run is Node's start-up, one table build and the lookups.

import { PuzzleInputError } from "../core/errors.ts";
import { tableDistance } from "../core/sliding/table.ts";

export const JUDGE_FORMATS = ["hihocoder", "acwing", "lanqiao", "rotation"] as const;
export type JudgeFormat = (typeof JUDGE_FORMATS)[number];

const CELLS = 9;
const DEFAULT_GOAL = [1, 2, 3, 4, 5, 6, 7, 8, 0];

function fail(message: string): never {
  throw new PuzzleInputError(message, "BAD_PUZZLE", "input");
}

function tokensOf(input: string): string[] {
  return input.split(/\s+/).filter((token) => token !== "");
}

/** Reads one 3x3 board from `cells` tokens; `blank` is the blank's symbol. Names the board in errors. */
function readBoard(cells: readonly string[], blank: string, what: string): number[] {
  const board: number[] = [];
  const seen = new Set<number>();
  for (const token of cells) {
    const tile = token === blank ? 0 : /^[1-8]$/.test(token) ? Number(token) : -1;
    if (tile < 0) fail(`${what}: "${token}" is not a tile (1-8, or ${blank} for the blank)`);
    if (seen.has(tile)) fail(`${what}: ${tile === 0 ? `blank ${blank}` : `tile ${tile}`} appears twice`);
    seen.add(tile);
    board.push(tile);
  }
  return board;
}

/** The fewest moves, or -1 when the goal cannot be reached. */
function distance(start: readonly number[], goal: readonly number[]): number {
  return tableDistance(3, 3, start, goal);
}

/** HihoCoder 1312: t (1..8), then t boards of 9 numbers (0 = blank); goal 1..8 then the blank. */
function judgeHihocoder(input: string): string {
  const tokens = tokensOf(input);
  if (tokens.length === 0) fail("empty input: expected t, then t boards");
  if (!/^\d+$/.test(tokens[0])) fail(`t is "${tokens[0]}", not a number`);
  const t = Number(tokens[0]);
  if (t < 1 || t > 8) fail(`t is ${t}, must be 1..8`);
  const expected = 1 + t * CELLS;
  if (tokens.length !== expected) {
    fail(
      `expected ${t} board(s) of ${CELLS} numbers (${expected - 1} numbers after t), got ${tokens.length - 1}`,
    );
  }
  let output = "";
  for (let b = 0; b < t; b++) {
    const board = readBoard(tokens.slice(1 + b * CELLS, 1 + (b + 1) * CELLS), "0", `board ${b + 1}`);
    const d = distance(board, DEFAULT_GOAL);
    output += d < 0 ? "No Solution!\n" : `${d}\n`;
  }
  return output;
}

/** AcWing 845: one board of 9 tokens, x = blank; goal 12345678x. */
function judgeAcwing(input: string): string {
  const tokens = tokensOf(input);
  if (tokens.length !== CELLS) fail(`expected ${CELLS} tokens (digits 1-8 and x), got ${tokens.length}`);
  return `${distance(readBoard(tokens, "x", "board"), DEFAULT_GOAL)}\n`;
}

/** Lanqiao 九宫重排: start and goal, 9 characters each, "." = blank. */
function judgeLanqiao(input: string): string {
  const tokens = tokensOf(input);
  if (tokens.length !== 2)
    fail(`expected 2 lines (start and goal) of ${CELLS} characters, got ${tokens.length} token(s)`);
  const [start, goal] = tokens.map((token, i) => {
    const what = i === 0 ? "start" : "goal";
    if (token.length !== CELLS) fail(`${what} "${token}" has ${token.length} characters, expected ${CELLS}`);
    return readBoard([...token], ".", what);
  });
  return `${distance(start, goal)}\n`;
}

export async function judge(format: JudgeFormat, input: string): Promise<string> {
  switch (format) {
    case "hihocoder":
      return judgeHihocoder(input);
    case "acwing":
      return judgeAcwing(input);
    case "lanqiao":
      return judgeLanqiao(input);
    case "rotation": {
      const { judgeRotation } = await import("../core/rotation/judge.ts");
      return judgeRotation(input);
    }
  }
}
