// Reading boards and move strings written by people. Tiles may be written as
// `1 2 3 x 4 6 7 5 8`, `123x46758`, `12345678.`, `1,2,3,0,...` or with `/` between rows (spaced,
// `1 2 3 / x 4 6 / 7 5 8`, or one character per tile, `123/x46/758`); the blank may be written 0,
// x, X, `.` or `_`. Rotation boards use the same notation (24 symbols).

import { PuzzleInputError } from "./errors.ts";

const BLANKS = new Set(["0", "x", "X", ".", "_"]);
const SEPARATORS = /[\s,/;]+/;
/**
 * 2 to 5 rows of up to 5 characters between `/` or `;`: rows of one character per tile (`123/x46/758`)
 * when they are all alike and at least 2 long.
 */
const ROWS = /^[^\s,/;]{1,5}(?:\s*[/;]\s*[^\s,/;]{1,5}){1,4}$/;

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
  if (BLANKS.has(token)) return 0;
  // Digits only, and few enough that the board check names the number itself (not "Infinity").
  if (!/^\d+$/.test(token) || !Number.isSafeInteger(Number(token)))
    throw new PuzzleInputError(`${field}: ${quoteToken(token)} is not a tile`, "BAD_PUZZLE", field);
  return Number(token);
}

/**
 * Parses tiles from one string or from several command-line words. A single word with no
 * separators is read one character per tile (`123x46758`), which only works for tiles 0..9; so are
 * rows of the same length between `/` (`123/x46/758`; one tile per row would leave the board without
 * its tile 1, short of writing it `01`).
 */
export function parseTiles(input: string | readonly string[], field = "start"): number[] {
  const text = (typeof input === "string" ? input : input.join(" ")).trim();
  // A board has at most 25 tiles: a longer text is refused before it is split (a 60 MB line of a
  // batch file took 1.2 GB and 4 s to be told it was no board).
  if (text.length > MAX_TILES_TEXT)
    throw new PuzzleInputError(
      `${field}: ${text.length} characters, too many for a board (at most ${MAX_TILES_TEXT})`,
      "BAD_PUZZLE",
      field,
    );
  const tokens = text.split(SEPARATORS).filter((t) => t.length > 0);
  if (tokens.length === 0) throw new PuzzleInputError(`${field}: no tiles given`, "BAD_PUZZLE", field);
  const rows = ROWS.test(text);
  const alike = tokens.every((t) => t.length === tokens[0].length);
  const compactRows = rows && alike && tokens[0].length >= 2;
  // Rows written one character per tile (a blank letter among them) but not all as long: say so,
  // rather than read each row as one tile ("x46" is not a tile).
  if (rows && !alike && tokens.some((t) => !/^\d+$/.test(t)))
    throw new PuzzleInputError(
      `${field}: rows of one character per tile must be equally long (${tokens.map((t) => t.length).join(", ")} characters)`,
      "BAD_PUZZLE",
      field,
    );
  const cells = tokens.length === 1 || compactRows ? tokens.flatMap((t) => [...t]) : tokens;
  return cells.map((token) => readTile(token, field));
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
    throw new PuzzleInputError(`size "${text}" is not of the form RxC (e.g. 3x3)`, "BAD_OPTION", "size");
  return { rows: Number(match[1]), cols: Number(match[2]) };
}

/** Removes whitespace and commas and upper-cases, so `r d r`, `rdr` and `R,D,R` all read `RDR`. */
export function normalizeMoves(moves: string): string {
  return moves.replace(/[\s,]+/g, "").toUpperCase();
}
