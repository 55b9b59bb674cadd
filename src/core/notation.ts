// Reading boards and move strings written by people. Tiles may be written as
// `1 2 3 x 4 6 7 5 8`, `123x46758`, `12345678.`, `1,2,3,0,...` or with `/` between rows (spaced,
// `1 2 3 / x 4 6 / 7 5 8`, or one character per tile, `123/x46/758`); the blank may be written 0,
// x, X, `.` or `_`. Rotation boards use the same notation (24 symbols).

import { PuzzleInputError } from "./errors.ts";

const BLANKS = new Set(["0", "x", "X", ".", "_"]);
const SEPARATORS = /[\s,/;]+/;
const ROW_SEPARATOR = /[/;]/;
const TILE_SEPARATORS = /[\s,]+/;

/** The longest text `parseTiles` reads: a 5x5 board written out takes under a hundred characters. */
const MAX_TILES_TEXT = 4096;

/** Characters shown of a token in an error message; a longer one is cut, ending in "…". */
const SHOWN_TOKEN_LENGTH = 20;

/**
 * A token as an error message shows it: in double quotes, at most `length` characters (default 20:
 * a megabyte-long "token" of junk stays a short line), control characters escaped (`"\u001b[31m"`:
 * stderr may be a terminal).
 */
export function quoteToken(token: string, length = SHOWN_TOKEN_LENGTH): string {
  const chars = [...token.slice(0, 2 * length + 2)];
  const shown = chars.length > length ? `${chars.slice(0, length).join("")}…` : token;
  return JSON.stringify(shown).replace(
    /[\u007f-\u009f]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

function readTile(token: string, field: string): number {
  if (!isTile(token))
    throw new PuzzleInputError(`${field}: ${quoteToken(token)} is not a tile`, "BAD_PUZZLE", field);
  return BLANKS.has(token) ? 0 : Number(token);
}

/** A board as written: its tiles, and how many stand in each row when it was written in rows. */
export interface WrittenBoard {
  readonly tiles: number[];
  /** Tiles per row, when rows were written (`/` or `;` between them); else undefined. */
  readonly rowLengths?: readonly number[];
}

/**
 * Parses tiles from one string or from several command-line words. A single word with no
 * separators is read one character per tile (`123x46758`), which only works for tiles 0..9; so are
 * rows of one word each between `/` or `;` (`123/x46/758`), which must then be equally long. Rows
 * of spaced tiles (`1 2 3 / x 4 6 / 7 5 8`) are returned with their lengths, for the caller to check
 * against the board's shape (a Rotation Game board's rows are not equal).
 */
export function parseBoard(input: string | readonly string[], field = "start"): WrittenBoard {
  const text = (typeof input === "string" ? input : input.join(" ")).trim();
  // A board has at most 25 tiles: a longer text is refused before it is split (a 60 MB line of a
  // batch file took 1.2 GB and 4 s to be told it was no board).
  if (text.length > MAX_TILES_TEXT)
    throw new PuzzleInputError(
      `${field}: ${text.length} characters, too many for a board (at most ${MAX_TILES_TEXT})`,
      "BAD_PUZZLE",
      field,
    );
  if (!ROW_SEPARATOR.test(text)) {
    const tokens = text.split(SEPARATORS).filter((t) => t.length > 0);
    if (tokens.length === 0) throw new PuzzleInputError(`${field}: no tiles given`, "BAD_PUZZLE", field);
    if (tokens.length === 1) return { tiles: [...tokens[0]].map((token) => readTile(token, field)) };
    checkOneWordBoard(tokens, field);
    return { tiles: tokens.map((token) => readTile(token, field)) };
  }
  const rows = text.split(ROW_SEPARATOR).map((row) => row.split(TILE_SEPARATORS).filter((t) => t.length > 0));
  const empty = rows.findIndex((row) => row.length === 0);
  if (empty >= 0)
    throw new PuzzleInputError(
      `${field}: row ${empty + 1} of ${rows.length} has no tiles (rows are separated by / or ;)`,
      "BAD_PUZZLE",
      field,
    );
  // One word per row: one character per tile. Rows of unequal length are said as such, rather than
  // read as tiles of several digits ("123/456/78") or as a word that is no tile ("x46").
  const compact = rows.every((row) => row.length === 1);
  const cells = compact ? rows.map((row) => [...row[0]]) : rows;
  if (compact && cells.some((row) => row.length !== cells[0].length))
    throw new PuzzleInputError(
      `${field}: rows of one character per tile must be equally long (${cells.map((row) => row.length).join(", ")} characters)`,
      "BAD_PUZZLE",
      field,
    );
  return {
    tiles: cells.flat().map((token) => readTile(token, field)),
    rowLengths: cells.map((row) => row.length),
  };
}

/** The tiles of a board written as `parseBoard` reads it. */
export function parseTiles(input: string | readonly string[], field = "start"): number[] {
  return parseBoard(input, field).tiles;
}

/**
 * Several words are one tile each. A word among them that is a whole board of one character per tile
 * (`123x46758`: at least 4 characters, each a tile, one blank, none twice) was meant alone: another
 * word is the mistake (`puzzle solve 123x46758 -`), so that is the word named, rather than the board
 * (before: `start: "123x46758" is not a tile`).
 */
function checkOneWordBoard(tokens: readonly string[], field: string): void {
  const board = tokens.find((token) => !isTile(token) && isOneWordBoard(token));
  if (board === undefined) return;
  const alone = `${quoteToken(board)} is a whole board, written as one word, and must be the only word`;
  const wrong = tokens.find((token) => token !== board && !isTile(token));
  throw new PuzzleInputError(
    wrong === undefined
      ? `${field}: ${alone} (${tokens.length} words given)`
      : `${field}: ${quoteToken(wrong)} is not a tile (${alone})`,
    "BAD_PUZZLE",
    field,
  );
}

function isOneWordBoard(word: string): boolean {
  const chars = [...word];
  return (
    chars.length >= 4 &&
    chars.every(isTile) &&
    chars.filter((char) => BLANKS.has(char)).length === 1 &&
    new Set(chars).size === chars.length
  );
}

/** A blank, or digits few enough that the board check names the number itself (not "Infinity"). */
function isTile(token: string): boolean {
  return BLANKS.has(token) || (/^\d+$/.test(token) && Number.isSafeInteger(Number(token)));
}

/** The side of a square board holding `count` tiles (2..5), or undefined. */
export function inferSquareSide(count: number): number | undefined {
  const side = Math.round(Math.sqrt(count));
  return side * side === count && side >= 2 && side <= 5 ? side : undefined;
}

/** Parses `RxC` (e.g. `3x4`, `4X4`). */
export function parseSize(text: string): { rows: number; cols: number } {
  const match = /^\s*(\d+)\s*[xX×*]\s*(\d+)\s*$/.exec(text);
  if (match === null)
    throw new PuzzleInputError(
      `size ${quoteToken(text, 40)} is not of the form RxC (e.g. 3x3)`,
      "BAD_OPTION",
      "size",
    );
  return { rows: Number(match[1]), cols: Number(match[2]) };
}

/** Removes whitespace and commas and upper-cases, so `r d r`, `rdr` and `R,D,R` all read `RDR`. */
export function normalizeMoves(moves: string): string {
  return moves.replace(/[\s,]+/g, "").toUpperCase();
}
