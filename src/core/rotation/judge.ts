// UVa 1343 judge format. Input: whitespace-separated tokens, boards of 24 symbols, ended by a
// token 0. Output per board: the moves (or "No moves needed"), then the centre symbol.
// Malformed input throws PuzzleInputError with a one-line message naming the board and problem.
//
// The input may hold a million boards: tokens are read in place one at a time (no array of every
// token) and the boards kept 24 bytes each, so memory stays a few times the input's size.

import { quoteToken } from "../notation.ts";
import { PuzzleInputError } from "../errors.ts";
import { rotationBoardProblem } from "./board.ts";
import { CELL_COUNT } from "./geometry.ts";
import { rotationTable } from "./table.ts";
import { answerFromTable } from "./table-solver.ts";

function fail(message: string): never {
  throw new PuzzleInputError(message, "BAD_PUZZLE", "start");
}

/** What /\s/ matches (the judge's whitespace: spaces, tabs, CR/LF, also U+00A0, U+FEFF...). */
function isSpace(code: number): boolean {
  return code === 32 || (code >= 9 && code <= 13) || (code >= 0x80 && /\s/.test(String.fromCharCode(code)));
}

/** The boards of a judge input, validated, 24 cells each, one after another. */
function readBoards(input: string): Uint8Array {
  // Tokens are read in place, [from, to) in the input, a substring made only for the rare long token.
  let at = 0;
  let from = 0;
  const next = (): boolean => {
    while (at < input.length && isSpace(input.charCodeAt(at))) at++;
    from = at;
    while (at < input.length && !isSpace(input.charCodeAt(at))) at++;
    return at > from;
  };
  const isZero = (start: number, end: number) => end - start === 1 && input.charCodeAt(start) === 48;
  let boards = new Uint8Array(CELL_COUNT * 64);
  let count = 0;
  const starts = new Int32Array(CELL_COUNT);
  const ends = new Int32Array(CELL_COUNT);
  const board: number[] = [];
  let more = next();
  for (;;) {
    const number = count + 1;
    if (!more) fail(count === 0 ? "empty input: expected boards ended by 0" : "missing terminating 0");
    if (isZero(from, at)) break;
    let got = 0;
    for (; more && got < CELL_COUNT; more = next()) {
      starts[got] = from;
      ends[got++] = at;
    }
    if (!more) {
      // The board would swallow the terminating 0 (or there is none): the board is short.
      const endsWithZero = isZero(starts[got - 1], ends[got - 1]);
      if (endsWithZero) got--;
      if (endsWithZero || got < CELL_COUNT) {
        fail(
          `board ${number}: expected ${CELL_COUNT} cells, got ${got}${endsWithZero ? "" : " and no terminating 0"}`,
        );
      }
    }
    board.length = 0;
    for (let cell = 0; cell < CELL_COUNT; cell++) {
      const digit = input.charCodeAt(starts[cell]) - 48;
      if (ends[cell] - starts[cell] === 1 && digit >= 0 && digit <= 9) {
        board.push(digit);
        continue;
      }
      const token = input.slice(starts[cell], ends[cell]);
      if (!/^[0-9]+$/.test(token) || !Number.isSafeInteger(Number(token)))
        fail(`board ${number}: cell ${cell + 1} of ${CELL_COUNT} is ${quoteToken(token)}, not a symbol 1..3`);
      board.push(Number(token));
    }
    const problem = rotationBoardProblem(board);
    if (problem !== undefined) fail(`board ${number}: ${problem}`);
    if ((count + 1) * CELL_COUNT > boards.length) {
      const grown = new Uint8Array(boards.length * 2);
      grown.set(boards);
      boards = grown;
    }
    boards.set(board, count * CELL_COUNT);
    count++;
  }
  let extra = 0;
  while (next()) extra++;
  if (extra > 0) fail(`${extra} unexpected token(s) after the terminating 0`);
  return boards.subarray(0, count * CELL_COUNT);
}

/** The boards of a judge input, validated. */
export function parseRotationJudgeInput(input: string): number[][] {
  const boards = readBoards(input);
  const parsed: number[][] = [];
  for (let at = 0; at < boards.length; at += CELL_COUNT)
    parsed.push([...boards.subarray(at, at + CELL_COUNT)]);
  return parsed;
}

export function judgeRotation(input: string): string {
  const boards = readBoards(input);
  const distance = boards.length > 0 ? rotationTable() : new Uint8Array(0);
  const board: number[] = new Array<number>(CELL_COUNT).fill(0);
  let output = "";
  for (let at = 0; at < boards.length; at += CELL_COUNT) {
    for (let cell = 0; cell < CELL_COUNT; cell++) board[cell] = boards[at + cell];
    const answer = answerFromTable(board, distance);
    output += `${answer.moves === "" ? "No moves needed" : answer.moves}\n${answer.centre}\n`;
  }
  return output;
}
