// Every shared judge case through the CLI's judge functions, plus malformed inputs.

import { describe, expect, it } from "vitest";
import { PuzzleInputError } from "../../src/core/errors.ts";
import { judge, JUDGE_FORMATS } from "../../src/cli/judge.ts";
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
