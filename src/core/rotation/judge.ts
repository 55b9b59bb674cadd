// UVa 1343 judge format. Input: whitespace-separated tokens, boards of 24 symbols, ended by a
// token 0. Output per board: the moves (or "No moves needed"), then the centre symbol.
// Malformed input throws PuzzleInputError with a one-line message naming the board and problem.

import { PuzzleInputError } from "../errors.ts";
import { rotationBoardProblem } from "./board.ts";
import { CELL_COUNT } from "./geometry.ts";
import { rotationTable } from "./table.ts";
import { answerFromTable } from "./table-solver.ts";

function fail(message: string): never {
  throw new PuzzleInputError(message, "BAD_PUZZLE", "start");
}

/** The boards of a judge input, validated. */
export function parseRotationJudgeInput(input: string): number[][] {
  const tokens = input.split(/\s+/).filter((token) => token !== "");
  const boards: number[][] = [];
  let at = 0;
  for (;;) {
    const number = boards.length + 1;
    if (at >= tokens.length) {
      fail(boards.length === 0 ? "empty input: expected boards ended by 0" : "missing terminating 0");
    }
    if (tokens[at] === "0") break;
    const remaining = tokens.length - at;
    const endsWithZero = tokens[tokens.length - 1] === "0";
    if (remaining <= CELL_COUNT) {
      // The board would swallow the terminating 0 (or there is none): the board is short.
      const got = endsWithZero ? remaining - 1 : remaining;
      if (endsWithZero || got < CELL_COUNT) {
        fail(
          `board ${number}: expected ${CELL_COUNT} cells, got ${got}${endsWithZero ? "" : " and no terminating 0"}`,
        );
      }
    }
    const board = tokens.slice(at, at + CELL_COUNT).map((token, cell) => {
      if (!/^[0-9]+$/.test(token)) fail(`board ${number}: cell ${cell} is "${token}", not a symbol 1..3`);
      return Number(token);
    });
    at += CELL_COUNT;
    const problem = rotationBoardProblem(board);
    if (problem !== undefined) fail(`board ${number}: ${problem}`);
    boards.push(board);
  }
  if (at + 1 < tokens.length) {
    fail(`${tokens.length - at - 1} unexpected token(s) after the terminating 0`);
  }
  return boards;
}

export function judgeRotation(input: string): string {
  const boards = parseRotationJudgeInput(input);
  const distance = boards.length > 0 ? rotationTable() : new Uint8Array(0);
  let output = "";
  for (const board of boards) {
    const answer = answerFromTable(board, distance);
    output += `${answer.moves === "" ? "No moves needed" : answer.moves}\n${answer.centre}\n`;
  }
  return output;
}
