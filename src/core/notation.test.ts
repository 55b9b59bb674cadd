import { describe, expect, it } from "vitest";
import { PuzzleInputError } from "./errors.ts";
import { parseBoard, parseTiles, quoteToken } from "./notation.ts";

function messageOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(PuzzleInputError);
    return (error as Error).message;
  }
  throw new Error("expected a PuzzleInputError");
}

describe("quoteToken", () => {
  it("quotes a short token as it is", () => {
    expect(quoteToken("x")).toBe('"x"');
    expect(quoteToken("12345678901234567890")).toBe('"12345678901234567890"');
  });

  it("cuts a long token at 20 characters, counting characters rather than UTF-16 units", () => {
    expect(quoteToken("1".repeat(1_000_000))).toBe(`"${"1".repeat(20)}…"`);
    expect(quoteToken("\u{1F600}".repeat(21))).toBe(`"${"\u{1F600}".repeat(20)}…"`);
    expect(quoteToken("\u{1F600}".repeat(20))).toBe(`"${"\u{1F600}".repeat(20)}"`);
  });

  it("escapes control characters, C1 and DEL included, and quotes", () => {
    expect(quoteToken('\u001b[2J\u0000\u007f\u009b"')).toBe('"\\u001b[2J\\u0000\\u007f\\u009b\\""');
  });
});

describe("parseTiles on hostile words", () => {
  it("a number too long for a double is not a tile (before: a tile Infinity out of range)", () => {
    expect(messageOf(() => parseTiles(`${"9".repeat(400)} 1 2 3`))).toBe(
      `start: "${"9".repeat(20)}…" is not a tile`,
    );
    expect(messageOf(() => parseTiles("99999999999999999999 1 2 3"))).toBe(
      'start: "99999999999999999999" is not a tile',
    );
    expect(parseTiles("9007199254740991 1 2 3")).toEqual([9007199254740991, 1, 2, 3]);
  });

  it("a long word of junk or control characters makes a short message", () => {
    expect(messageOf(() => parseTiles(`${"a".repeat(4000)} 1 2 3`, "goal"))).toBe(
      `goal: "${"a".repeat(20)}…" is not a tile`,
    );
    expect(messageOf(() => parseTiles("1 2 \u001b[31m 4"))).toBe('start: "\\u001b[31m" is not a tile');
  });
});

describe("parseTiles on a text far too long for a board", () => {
  it("refuses more than 4096 characters at once, before splitting them (before: 1.2 GB for a 60 MB line)", () => {
    expect(messageOf(() => parseTiles("1 ".repeat(3_000_000)))).toBe(
      "start: 5999999 characters, too many for a board (at most 4096)",
    );
    expect(messageOf(() => parseTiles(["1", "2 ".repeat(2100)], "goal"))).toMatch(
      /^goal: 4201 characters, too many for a board/,
    );
    // Padding around a board is not counted, nor are the spaces of a generously written one.
    const padded = `${" ".repeat(10_000)}1 2 3 x 4 6 7 5 8${" ".repeat(10_000)}`;
    expect(parseTiles(padded)).toEqual([1, 2, 3, 0, 4, 6, 7, 5, 8]);
    expect(parseTiles(Array.from({ length: 25 }, (_, i) => `${i}`).join(" ".repeat(150)))).toHaveLength(25);
  });
});

describe("parseTiles on rows of one character per tile", () => {
  it('reads equal rows, and names rows of unequal length (before: `"x46" is not a tile`)', () => {
    expect(parseTiles("123/x46/758")).toEqual([1, 2, 3, 0, 4, 6, 7, 5, 8]);
    expect(messageOf(() => parseTiles("123/x46/75"))).toBe(
      "start: rows of one character per tile must be equally long (3, 3, 2 characters)",
    );
    expect(messageOf(() => parseTiles("12/x4/56/7", "goal"))).toBe(
      "goal: rows of one character per tile must be equally long (2, 2, 2, 1 characters)",
    );
    // Digits alone too (before: read as tiles of several digits, "cannot tell the board's shape from
    // 3 tiles" or "tile 12 out of range"); one tile per row stays one tile per row.
    expect(messageOf(() => parseTiles("123/456/78"))).toBe(
      "start: rows of one character per tile must be equally long (3, 3, 2 characters)",
    );
    expect(parseTiles("x/1/2/3")).toEqual([0, 1, 2, 3]);
  });
});

describe("parseBoard", () => {
  it("returns how many tiles stand in each row when rows are written, spaced or not", () => {
    expect(parseBoard("123/x46/758")).toEqual({ tiles: [1, 2, 3, 0, 4, 6, 7, 5, 8], rowLengths: [3, 3, 3] });
    expect(parseBoard("1 2 3 4 ; 5,6,7,x")).toEqual({ tiles: [1, 2, 3, 4, 5, 6, 7, 0], rowLengths: [4, 4] });
    // Spaced rows of unequal length are the caller's to judge (a Rotation Game board's are).
    expect(parseBoard("1 2 3 4 / x 6 / 7 5 8").rowLengths).toEqual([4, 2, 3]);
    expect(parseBoard(["1", "2", "3", "0"])).toEqual({ tiles: [1, 2, 3, 0] });
    expect(parseBoard("1230")).toEqual({ tiles: [1, 2, 3, 0] });
  });

  it('names an empty row (before: a trailing slash made `"78x" is not a tile`)', () => {
    expect(messageOf(() => parseBoard("123/456/78x/"))).toBe(
      "start: row 4 of 4 has no tiles (rows are separated by / or ;)",
    );
    expect(messageOf(() => parseBoard("1 2 // 3 0", "goal"))).toBe(
      "goal: row 2 of 3 has no tiles (rows are separated by / or ;)",
    );
  });
});

describe("parseTiles on a one-word board among other words", () => {
  it('names the word at fault, not the board (before: `start: "123x46758" is not a tile`)', () => {
    const alone = '"123x46758" is a whole board, written as one word, and must be the only word';
    expect(messageOf(() => parseTiles(["123x46758", "-"]))).toBe(`start: "-" is not a tile (${alone})`);
    expect(messageOf(() => parseTiles(["123x46758", "--json"]))).toBe(
      `start: "--json" is not a tile (${alone})`,
    );
    expect(messageOf(() => parseTiles(["-q", "123x46758"], "goal"))).toBe(
      `goal: "-q" is not a tile (${alone})`,
    );
    expect(messageOf(() => parseTiles(["123x46758", "9"]))).toBe(`start: ${alone} (2 words given)`);
  });

  it("says a word that is no board plainly, as before", () => {
    expect(messageOf(() => parseTiles(["1", "2", "3", "x4", "6", "7", "5", "8"]))).toBe(
      'start: "x4" is not a tile',
    );
    expect(messageOf(() => parseTiles(["1", "-", "3"]))).toBe('start: "-" is not a tile');
    expect(parseTiles(["1", "2", "3", "x", "4", "6", "7", "5", "8"])).toEqual([1, 2, 3, 0, 4, 6, 7, 5, 8]);
  });
});
