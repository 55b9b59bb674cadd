import { describe, expect, it } from "vitest";
import { parseSolveArgs } from "./args.ts";
import { checkOptions, puzzleFrom } from "./solve-setup.ts";

/** The puzzle `puzzle solve <words>` describes, or the message it is refused with. */
function puzzleOf(...words: string[]): { rows: number; cols: number; start: number[] } | string {
  try {
    const args = parseSolveArgs(words);
    const spec = puzzleFrom(args.tiles, args);
    if (spec.kind !== "sliding") throw new Error("not a sliding board");
    return { rows: spec.rows, cols: spec.cols, start: [...spec.start] };
  } catch (error) {
    return (error as Error).message;
  }
}

describe("a board written in rows", () => {
  it("gives its shape: a rectangle needs no --size, and --size must agree", () => {
    expect(puzzleOf("1 2 3 4 / 5 6 7 0")).toEqual({ rows: 2, cols: 4, start: [1, 2, 3, 4, 5, 6, 7, 0] });
    expect(puzzleOf("12/34/56/70")).toEqual({ rows: 4, cols: 2, start: [1, 2, 3, 4, 5, 6, 7, 0] });
    expect(puzzleOf("1 2 3 4 / 5 6 7 0", "--size", "2x4")).toMatchObject({ rows: 2, cols: 4 });
    // Before: solved as a 4x2 board, the rows read as separators only.
    expect(puzzleOf("1 2 3 4 / 5 6 7 0", "--size", "4x2")).toBe("start: its rows make a 2x4 board, not 4x2");
    expect(puzzleOf("1234/5670", "--size", "4x2")).toBe("start: its rows make a 2x4 board, not 4x2");
  });

  it("must have rows equally long (before: `1 2 3 4 / x 6 / 7 5 8` solved as 1 2 3 / 4 x 6 / 7 5 8)", () => {
    expect(puzzleOf("1 2 3 4 / x 6 / 7 5 8")).toBe("start: rows must be equally long (4, 2, 3 tiles)");
    expect(puzzleOf("1 2 3 x 4 6 7 5 8", "--goal", "1 2 3 / 4 5 6 7 8 x")).toBe(
      "goal: rows must be equally long (3, 6 tiles)",
    );
  });

  it("refuses rows that make no board, and a goal whose rows differ from the start's shape", () => {
    expect(puzzleOf("x/1/2/3")).toBe(
      "start: its rows make a 4x1 board: boards go from 2x2 up to 5x5 (2 to 5 rows and columns)",
    );
    expect(puzzleOf("123/x46/758", "--goal", "1 2 3 4 / 5 6 7 8 / 9 10 11 12 / 13 14 15 x")).toBe(
      "goal: its rows make a 4x4 board, not 3x3",
    );
    expect(puzzleOf("123x46758", "--goal", "123/456/78x")).toMatchObject({ rows: 3, cols: 3 });
  });

  it("is checked once for a batch's --goal, before any line", async () => {
    await expect(checkOptions(parseSolveArgs(["--goal", "1 2 3 / 4 5", "--batch", "-"]))).rejects.toThrow(
      "goal: rows must be equally long (3, 2 tiles)",
    );
    await expect(
      checkOptions(parseSolveArgs(["--goal", "1 2 3 / 4 5 x", "--size", "3x2", "--batch", "-"])),
    ).rejects.toThrow("goal: its rows make a 2x3 board, not 3x2");
  });
});

describe("a Rotation Game board", () => {
  it("with a blank letter names the blank, not a symbol 0", () => {
    const board = ["1 1 1 1 1 1 1 1", "2 2 2 2 2 2 2 2", "3 3 3 3 3 3 3"];
    expect(() => puzzleFrom([...board, "x"], parseSolveArgs(["--rotation", ...board, "x"]))).toThrow(
      "start: cell 24 of 24 holds a blank (0, x, X, . or _): Rotation Game boards hold symbols 1, 2 and 3 only",
    );
    expect(puzzleFrom([...board, "3"], parseSolveArgs(["--rotation"])).kind).toBe("rotation");
  });

  it("names a bad --algorithm, --heuristic or --size escaped and cut, so a terminal shows no raw escape", async () => {
    const cases: [string[], RegExp][] = [
      [["--algorithm", "\u001b[31mRED"], /^--algorithm "\\u001b\[31mRED": unknown algorithm/],
      [
        ["--heuristic", "a".repeat(100_000)],
        new RegExp(`^--heuristic "${"a".repeat(40)}…": unknown heuristic`),
      ],
      [["--heuristic", "pdb:\u001b"], /^--heuristic "pdb:\\u001b": unknown pattern database/],
      [["--size", "9x9\u001b"], /^size "9x9\\u001b" is not of the form RxC/],
      [["--algorithm", "bogus"], /^--algorithm bogus: unknown algorithm/],
    ];
    for (const [options, message] of cases)
      await expect(checkOptions(parseSolveArgs(["123x46758", ...options])), options[0]).rejects.toThrow(
        message,
      );
  });
});
