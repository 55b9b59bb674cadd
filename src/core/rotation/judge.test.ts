import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { PuzzleInputError } from "../errors.ts";
import { judgeRotation } from "./index.ts";

interface JudgeCase {
  readonly name: string;
  readonly input: string;
  readonly expected: string;
}

/** Blocks of "# case: name", "INPUT:" lines, "EXPECTED:" lines, "---" (see the file's header). */
function readCases(path: URL): JudgeCase[] {
  const cases: JudgeCase[] = [];
  let name = "";
  let section: "none" | "input" | "expected" = "none";
  let input: string[] = [];
  let expected: string[] = [];
  for (const line of readFileSync(path, "utf8").split("\n")) {
    if (line.startsWith("# case: ")) {
      name = line.slice("# case: ".length).trim();
      section = "none";
    } else if (line === "INPUT:") {
      section = "input";
      input = [];
    } else if (line === "EXPECTED:") {
      section = "expected";
      expected = [];
    } else if (line === "---") {
      cases.push({
        name,
        input: input.map((l) => `${l}\n`).join(""),
        expected: expected.map((l) => `${l}\n`).join(""),
      });
      section = "none";
    } else if (section === "input") input.push(line);
    else if (section === "expected") expected.push(line);
  }
  return cases;
}

const cases = readCases(new URL("../../../../shared/cases/rotation-game.txt", import.meta.url));

const SAMPLE = "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3";

function judgeError(input: string): string {
  try {
    judgeRotation(input);
  } catch (error) {
    if (!(error instanceof PuzzleInputError)) throw error;
    expect(error.message).not.toContain("\n");
    return error.message;
  }
  throw new Error("expected a PuzzleInputError");
}

describe("UVa 1343 judge: the shared cases", () => {
  it("reads all the cases of the file", () => {
    expect(cases.length).toBe(52);
    expect(cases.filter((c) => c.name.includes("hardest")).length).toBeGreaterThanOrEqual(8);
  });

  it.each(cases.map((c) => [c.name, c] as const))("%s", (_name, judgeCase) => {
    expect(judgeRotation(judgeCase.input)).toBe(judgeCase.expected);
  });
});

describe("UVa 1343 judge: input forms", () => {
  it("reads tokens across any whitespace, including CRLF, tabs and trailing spaces", () => {
    const spread = `${SAMPLE.replaceAll(" ", "\t ")}  \r\n\r\n 0 \r\n`;
    expect(judgeRotation(spread)).toBe("AC\n2\n");
    expect(judgeRotation(`${SAMPLE} 0`)).toBe("AC\n2\n");
  });

  it("prints nothing for an input holding only the terminating 0", () => {
    expect(judgeRotation("0\n")).toBe("");
  });
});

describe("UVa 1343 judge: malformed input", () => {
  const cells = SAMPLE.split(" ");
  const board = (replace: Record<number, string>) => cells.map((c, i) => replace[i] ?? c).join(" ");

  it.each([
    ["empty input", "", "empty input: expected boards ended by 0"],
    ["blank input", " \n \n", "empty input: expected boards ended by 0"],
    ["a short board", `${cells.slice(1).join(" ")}\n0\n`, "board 1: expected 24 cells, got 23"],
    ["a short second board", `${SAMPLE}\n1 2 3\n0\n`, "board 2: expected 24 cells, got 3"],
    ["a long board", `${SAMPLE} 1\n0\n`, "board 2: expected 24 cells, got 1"],
    ["no terminating 0", `${SAMPLE}\n`, "missing terminating 0"],
    ["a short board and no 0", "1 2 3\n", "board 1: expected 24 cells, got 3 and no terminating 0"],
    [
      "symbol out of range",
      `${board({ 5: "4" })}\n0\n`,
      "board 1: symbol 4 at cell 6 of 24 is out of range 1..3",
    ],
    [
      "symbol 0 inside a board",
      `${board({ 4: "0" })}\n0\n`,
      "board 1: symbol 0 at cell 5 of 24 is out of range 1..3",
    ],
    [
      "a non-number",
      `${SAMPLE}\n${board({ 3: "x" })}\n0\n`,
      'board 2: cell 4 of 24 is "x", not a symbol 1..3',
    ],
    ["a negative number", `${board({ 7: "-1" })}\n0\n`, 'board 1: cell 8 of 24 is "-1", not a symbol 1..3'],
    ["nine of one symbol", `${board({ 4: "1" })}\n0\n`, "board 1: symbol 1 appears 9 times, expected 8"],
    ["tokens after the 0", `${SAMPLE}\n0\n1 2\n`, "2 unexpected token(s) after the terminating 0"],
  ])("%s", (_name, input, message) => {
    expect(judgeError(input)).toBe(message);
  });
});
