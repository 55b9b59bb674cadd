// Every shared judge case through the CLI's judge functions, plus malformed inputs.

import { describe, expect, it } from "vitest";
import { PuzzleInputError } from "../../src/core/errors.ts";
import { JUDGE_FORMATS, judge, MAX_3X3_INPUT_CHARS } from "../../src/cli/judge.ts";
import { CASE_FILES, readCases } from "./cases.ts";

describe("shared judge cases", () => {
  let total = 0;
  for (const format of JUDGE_FORMATS) {
    const cases = readCases(CASE_FILES[format]);
    total += cases.length;
    describe(format, () => {
      it("has cases", () => expect(cases.length).toBeGreaterThan(5));
      for (const c of cases) {
        it(c.name, async () => {
          expect(await judge(format, c.input)).toBe(c.expected);
        });
      }
    });
  }
  it("covers all 113 cases", () => expect(total).toBe(113));
});

describe("malformed judge input", () => {
  const bad: [(typeof JUDGE_FORMATS)[number], string, RegExp][] = [
    ["hihocoder", "", /empty input/],
    ["hihocoder", "9\n", /t is 9, must be 1..8/],
    ["hihocoder", "0\n", /t is 0/],
    ["hihocoder", "x\n", /t is "x"/],
    [
      "hihocoder",
      "1\n1 2 3\n4 5 6\n7 8\n",
      /expected 1 board\(s\) of 9 numbers \(9 numbers after t\), got 8/,
    ],
    ["hihocoder", "2\n1 2 3\n4 5 6\n7 8 0\n1 2 3\n4 5 5\n7 8 0\n", /board 2: tile 5 appears twice/],
    ["hihocoder", "1\n1 2 3\n4 5 6\n7 8 9\n", /board 1: "9" is not a tile/],
    ["acwing", "1 2 3 x 4 6 7 5\n", /expected 9 tokens .* got 8/],
    ["acwing", "1 2 3 x 4 6 7 5 8 9\n", /got 10/],
    ["acwing", "1 2 3 0 4 6 7 5 8\n", /"0" is not a tile/],
    ["acwing", "1 2 3 x 4 6 7 x 8\n", /blank x appears twice/],
    ["lanqiao", "12345678.\n", /expected 2 lines/],
    ["lanqiao", "12345678.\n1234567.8.\n", /goal "1234567.8." has 10 characters/],
    ["lanqiao", "12345677.\n12345678.\n", /start: tile 7 appears twice/],
    ["rotation", "1 1 1\n0\n", /board 1/],
    ["rotation", "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3\n", /terminating 0/],
  ];
  for (const [format, input, message] of bad) {
    it(`${format}: ${JSON.stringify(input)}`, async () => {
      const error = await judge(format, input).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(PuzzleInputError);
      expect((error as Error).message).toMatch(message);
      expect((error as Error).message).not.toContain("\n");
    });
  }
});

describe("judge input a user may pipe in", () => {
  const error = (format: (typeof JUDGE_FORMATS)[number], input: string) =>
    judge(format, input).then(
      () => "no error",
      (e: unknown) => (e instanceof PuzzleInputError ? e.message : `not a PuzzleInputError: ${String(e)}`),
    );

  it("hihocoder reads tiles with leading zeros as it reads t (before: t 01 was read, tile 01 refused)", async () => {
    expect(await judge("hihocoder", "01\n01 2 3\n4 5 6\n7 8 00\n")).toBe("0\n");
    expect(await judge("hihocoder", "1\n1 2 3\n4 5 6\n7 008 0\n")).toBe("0\n");
    expect(await error("hihocoder", "1\n1 2 3\n4 5 6\n7 8 09\n")).toBe(
      'board 1: "09" is not a tile (1-8, or 0 for the blank)',
    );
    expect(await error("hihocoder", "1\n1 2 3\n4 5 6\n7 8 +0\n")).toMatch(/"\+0" is not a tile/);
    expect(await error("hihocoder", "1\n1 2 3\n4 5 6\n7 8 00 0\n")).toMatch(/expected 1 board/);
    expect(await error("hihocoder", "1\n1 2 3\n4 5 6\n7 8 00\n1\n")).toMatch(/got 10/);
    expect(await error("hihocoder", "1\n1 2 3\n4 5 0\n7 8 00\n")).toBe("board 1: blank 0 appears twice");
    // acwing and lanqiao boards are characters, not numbers: 01 is no tile there.
    expect(await error("acwing", "01 2 3 x 4 6 7 5 8\n")).toMatch(/"01" is not a tile/);
  });

  it("a huge t is named as written, not as 1e+23", async () => {
    expect(await error("hihocoder", "99999999999999999999999\n")).toBe(
      't is "99999999999999999999…", must be 1..8',
    );
    expect(await error("hihocoder", "0009\n")).toBe("t is 9, must be 1..8");
  });

  it("a token in a message is cut at 20 characters and its control characters escaped", async () => {
    const long = "7".repeat(300_000);
    const message = await error("acwing", `${long} 1 2 3 4 5 6 8 x\n`);
    expect(message).toBe('board: "77777777777777777777…" is not a tile (1-8, or x for the blank)');
    expect(await error("acwing", "1 2 3 \u001b[31mX 4 6 7 5 8\n")).toBe(
      'board: "\\u001b[31mX" is not a tile (1-8, or x for the blank)',
    );
    expect(await error("hihocoder", "1\n1 2 3\n4 5 6\n7 8 \u0085\u0000\n")).toBe(
      'board 1: "\\u0085\\u0000" is not a tile (1-8, or 0 for the blank)',
    );
    expect(await error("rotation", `${"1 ".repeat(23)}\u0007\n0\n`)).toBe(
      'board 1: cell 24 of 24 is "\\u0007", not a symbol 1..3',
    );
  });

  it("an empty input says so in every format", async () => {
    for (const format of JUDGE_FORMATS) {
      for (const input of ["", "\n", " \r\n\t\n"]) {
        expect(await error(format, input), `${format} ${JSON.stringify(input)}`).toMatch(/^empty input: /);
      }
    }
  });

  it("lanqiao counts characters, not UTF-16 units", async () => {
    expect(await error("lanqiao", "1234567\u{1F600}.\n12345678.\n")).toBe(
      'start: "\u{1F600}" is not a tile (1-8, or . for the blank)',
    );
    expect(await error("lanqiao", "1234567\u{1F600}\u{1F600}.\n12345678.\n")).toBe(
      'start "1234567\u{1F600}\u{1F600}." has 10 characters, expected 9',
    );
  });

  it("CRLF, a byte-order mark, tabs and blank lines are whitespace", async () => {
    const bom = "\uFEFF";
    expect(await judge("hihocoder", `${bom}1\r\n\r\n1\t2 3 \r\n4 5 6\r\n7 8 0\r\n\r\n`)).toBe("0\n");
    expect(await judge("acwing", `${bom}2 3 4 1 5 x 7 6 8\r\n`)).toBe("19\n");
    expect(await judge("lanqiao", `${bom}13524678.\r\n46758123.\r\n`)).toBe("22\n");
    expect(await judge("lanqiao", "13524678.\n46758123.")).toBe("22\n");
  });

  it("a 3x3 format refuses more than 1 MiB of input before splitting it", async () => {
    for (const format of ["hihocoder", "acwing", "lanqiao"] as const) {
      expect(await error(format, `${" ".repeat(MAX_3X3_INPUT_CHARS)}1`)).toBe(
        `the input holds more than 1 MiB (an input of ${format} is a few hundred characters)`,
      );
    }
    expect(await judge("acwing", `${" ".repeat(MAX_3X3_INPUT_CHARS - 18)}1 2 3 x 4 6 7 5 8`)).toBe("3\n");
  });

  it("rotation: a number too long for a double is not a symbol (before: symbol Infinity)", async () => {
    expect(await error("rotation", `${"1".repeat(400)} ${"1 ".repeat(23)}\n0\n`)).toBe(
      'board 1: cell 1 of 24 is "11111111111111111111…", not a symbol 1..3',
    );
    expect(await error("rotation", `${"1 ".repeat(23)} 0003\n0\n`)).toMatch(/symbol 1 appears 23 times/);
  });
});
