// `puzzle judge <format>`: the four online-judge formats, whole stdin text in, whole stdout text out,
// byte for byte what the judges expect. Input is read as whitespace-separated tokens (copies of the
// statements carry stray spaces). Malformed input throws PuzzleInputError with a one-line message.
//
// This module is the whole import graph of a judge process, so it imports only the 3x3 table code
// (and the rotation judge, lazily): a judge run is Node's start-up, one table build and the lookups.

import { PuzzleInputError } from "../core/errors.ts";
import { quoteToken } from "../core/notation.ts";
import { tableDistance } from "../core/sliding/table.ts";

export const JUDGE_FORMATS = ["hihocoder", "acwing", "lanqiao", "rotation"] as const;
export type JudgeFormat = (typeof JUDGE_FORMATS)[number];

const CELLS = 9;
const DEFAULT_GOAL = [1, 2, 3, 4, 5, 6, 7, 8, 0];
/**
 * The most a 3x3 format's input may hold: a valid one is a few hundred characters (at most 8
 * boards), so 1 MiB leaves room for any padding and refuses junk before it is split into tokens.
 * A judge run stops reading stdin past it (judgeInputLimit); the rotation format may use the whole
 * 64 MiB stdin is read up to (io.ts).
 */
export const MAX_3X3_INPUT_CHARS = 1 << 20;

function inputError(message: string): PuzzleInputError {
  return new PuzzleInputError(message, "BAD_PUZZLE", "input");
}

function fail(message: string): never {
  throw inputError(message);
}

function tooLong3x3(format: string): PuzzleInputError {
  return inputError(`the input holds more than 1 MiB (an input of ${format} is a few hundred characters)`);
}

/**
 * How much of stdin a judge run of `format` reads, and what it says past that; undefined for the
 * rotation format (stdin's own 64 MiB cap). Before, a 3x3 format read 64 MiB of an endless input
 * (`yes | puzzle judge acwing`) and then gave the 64 MiB message instead of its own 1 MiB one.
 */
export function judgeInputLimit(
  format: JudgeFormat,
): { maxBytes: number; tooLong: () => PuzzleInputError } | undefined {
  if (format === "rotation") return undefined;
  // Counted in bytes as read, where tokensOf counts characters: the same for a valid input (ASCII,
  // apart from a BOM); a text of more than 1 MiB of other characters is refused here a little earlier.
  return { maxBytes: MAX_3X3_INPUT_CHARS, tooLong: () => tooLong3x3(format) };
}

function tokensOf(input: string, format: string): string[] {
  if (input.length > MAX_3X3_INPUT_CHARS) throw tooLong3x3(format);
  return input.split(/\s+/).filter((token) => token !== "");
}

/** A number 0..8 written with leading zeros (`01`, `00`), as scanf("%d") reads it; else -1. */
function integerTile(token: string): number {
  return /^0+[0-8]$/.test(token) ? Number(token) : -1;
}

/**
 * Reads one 3x3 board from `cells` tokens; `blank` is the blank's symbol. Names the board in errors.
 * With `integers` (HihoCoder's numbers, blank 0) a tile may carry leading zeros, as t may: `01`.
 */
function readBoard(cells: readonly string[], blank: string, what: string, integers = false): number[] {
  const board: number[] = [];
  const seen = new Set<number>();
  for (const token of cells) {
    const tile =
      token === blank ? 0 : /^[1-8]$/.test(token) ? Number(token) : integers ? integerTile(token) : -1;
    if (tile < 0) fail(`${what}: ${quoteToken(token)} is not a tile (1-8, or ${blank} for the blank)`);
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
  const tokens = tokensOf(input, "hihocoder");
  if (tokens.length === 0) fail("empty input: expected t, then t boards");
  if (!/^\d+$/.test(tokens[0])) fail(`t is ${quoteToken(tokens[0])}, not a number`);
  const t = Number(tokens[0]);
  if (t < 1 || t > 8) fail(`t is ${Number.isSafeInteger(t) ? t : quoteToken(tokens[0])}, must be 1..8`);
  const expected = 1 + t * CELLS;
  if (tokens.length !== expected) {
    fail(
      `expected ${t} board(s) of ${CELLS} numbers (${expected - 1} numbers after t), got ${tokens.length - 1}`,
    );
  }
  let output = "";
  for (let b = 0; b < t; b++) {
    const board = readBoard(tokens.slice(1 + b * CELLS, 1 + (b + 1) * CELLS), "0", `board ${b + 1}`, true);
    const d = distance(board, DEFAULT_GOAL);
    output += d < 0 ? "No Solution!\n" : `${d}\n`;
  }
  return output;
}

/** AcWing 845: one board of 9 tokens, x = blank; goal 12345678x. */
function judgeAcwing(input: string): string {
  const tokens = tokensOf(input, "acwing");
  if (tokens.length === 0) fail(`empty input: expected ${CELLS} tokens (digits 1-8 and x)`);
  if (tokens.length !== CELLS) fail(`expected ${CELLS} tokens (digits 1-8 and x), got ${tokens.length}`);
  return `${distance(readBoard(tokens, "x", "board"), DEFAULT_GOAL)}\n`;
}

/** Lanqiao 九宫重排: start and goal, 9 characters each, "." = blank. */
function judgeLanqiao(input: string): string {
  const tokens = tokensOf(input, "lanqiao");
  if (tokens.length === 0) fail(`empty input: expected 2 lines (start and goal) of ${CELLS} characters`);
  if (tokens.length !== 2)
    fail(`expected 2 lines (start and goal) of ${CELLS} characters, got ${tokens.length} token(s)`);
  const [start, goal] = tokens.map((token, i) => {
    const what = i === 0 ? "start" : "goal";
    const length = [...token].length;
    if (length !== CELLS) fail(`${what} ${quoteToken(token)} has ${length} characters, expected ${CELLS}`);
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
