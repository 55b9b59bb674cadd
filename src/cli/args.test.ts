// `puzzle solve`'s command line: options that are not there, values that are missing, thread counts.
import { describe, expect, it } from "vitest";
import { MAX_THREADS, parseSolveArgs } from "./args.ts";

describe("puzzle solve's command line", () => {
  it("refuses an unknown one-dash option instead of reading it as a tile", () => {
    expect(() => parseSolveArgs(["12345.678", "-j"])).toThrow("unknown option -j");
    expect(() => parseSolveArgs(["-x", "12345678."])).toThrow("unknown option -x");
    // -h and -q are options; `-` (stdin) and negative numbers are left to the checks that name them.
    expect(parseSolveArgs(["123x46758", "-q"]).progress).toBe("never");
    expect(parseSolveArgs(["-h"]).help).toBe(true);
    expect(parseSolveArgs(["--batch", "-"]).batch).toBe("-");
    expect(parseSolveArgs(["-1", "2", "3"]).tiles).toEqual(["-1", "2", "3"]);
    expect(() => parseSolveArgs(["123x46758", "--time-limit", "-1"])).toThrow(/positive duration/);
  });

  it("`--` ends the options: the words after it are tiles, an option-like word included (before: unknown option --)", () => {
    const args = parseSolveArgs(["--json", "--", "1", "2", "3", "4", "5", "6", "7", "8", "0"]);
    expect(args.json).toBe(true);
    expect(args.tiles).toEqual(["1", "2", "3", "4", "5", "6", "7", "8", "0"]);
    // After it nothing is an option: the tile checks, not the option parser, name such a word.
    expect(parseSolveArgs(["--", "--json"])).toMatchObject({ json: false, tiles: ["--json"] });
    // The goal's words end at it too.
    expect(parseSolveArgs(["--goal", "1", "2", "--", "3"])).toMatchObject({ goal: ["1", "2"], tiles: ["3"] });
  });

  it("an option that needs a value and gets another option is refused", () => {
    expect(() => parseSolveArgs(["123x46758", "--size", "--json"])).toThrow("--size needs a value");
    expect(() => parseSolveArgs(["--batch", "--json"])).toThrow("--batch needs a value");
    expect(() => parseSolveArgs(["123x46758", "--threads"])).toThrow("--threads needs a value");
  });

  it('an empty word after an option is no value (`--batch "$FILE"` with FILE unset)', () => {
    // Before: `--batch ""` said "cannot read the file (ENOENT)", `--heuristic ""` "unknown heuristic".
    for (const option of ["--size", "--algorithm", "--heuristic", "--batch", "--threads", "--max-nodes"])
      expect(() => parseSolveArgs(["123x46758", option, ""]), option).toThrow(`${option} needs a value`);
  });

  it("an option written with `=` and nothing after it has no value either", () => {
    // Before: `--batch=` tried to read a file named "" (ENOENT), `--algorithm=` was "unknown".
    for (const option of ["--size", "--algorithm", "--batch", "--threads"])
      expect(() => parseSolveArgs(["123x46758", `${option}=`]), option).toThrow(`${option} needs a value`);
  });

  it("--max-nodes takes a whole number of nodes, 1 or more", () => {
    expect(parseSolveArgs(["123x46758", "--max-nodes", "1000"]).maxNodes).toBe(1000);
    expect(parseSolveArgs(["123x46758", "--max-nodes=1e6"]).maxNodes).toBe(1_000_000);
    // Before, 0.5 and 1.5 were taken: a search stopped after 2 nodes, "budget_exhausted".
    // Nor hex, binary or padding, which Number() reads (before: `0x10` was a budget of 16).
    for (const value of ["0.5", "1.5", "0", "-5", "ten", "1e400", "0x10", "0b11", " 1", "1 ", "+5"])
      expect(() => parseSolveArgs(["123x46758", "--max-nodes", value]), value).toThrow(
        `--max-nodes needs a whole number, 1 or more, got "${value}"`,
      );
  });

  it("a flag given a value is refused, not read as the flag", () => {
    // Before, `--json=false` printed JSON and `--help=no` printed the help.
    for (const flag of [
      "--json",
      "--help",
      "-h",
      "--rotation",
      "--build-missing",
      "--progress",
      "--quiet",
      "-q",
    ]) {
      expect(() => parseSolveArgs(["12345.678", `${flag}=false`]), flag).toThrow(`${flag} takes no value`);
      expect(() => parseSolveArgs(["12345.678", `${flag}=`]), flag).toThrow(`${flag} takes no value`);
    }
    // Options that take a value still take it after `=`.
    expect(parseSolveArgs(["12345.678", "--size=3x3", "--goal=123456.78", "--json"])).toMatchObject({
      size: "3x3",
      goal: ["123456.78"],
      json: true,
    });
  });

  it(`--threads takes 1 to ${MAX_THREADS}`, () => {
    expect(parseSolveArgs(["123x46758", "--threads", String(MAX_THREADS)]).threads).toBe(MAX_THREADS);
    for (const value of ["0", String(MAX_THREADS + 1), "100000", "1.5", "two"])
      expect(() => parseSolveArgs(["123x46758", "--threads", value]), value).toThrow(
        `--threads needs a whole number from 1 to ${MAX_THREADS}, got "${value}"`,
      );
  });

  it("an option with a value given twice is refused, whichever value is bad (before: the last won, the first unchecked)", () => {
    for (const [name, first, second] of [
      ["--threads", "abc", "2"],
      ["--time-limit", "abc", "1s"],
      ["--max-nodes", "-5", "10"],
      ["--size", "9x9", "3x3"],
      ["--heuristic", "bogus", "manhattan"],
      ["--algorithm", "idastar", "idastar"],
    ])
      expect(() => parseSolveArgs(["123x46758", name, first, `${name}=${second}`]), name).toThrow(
        `${name} is given more than once: give it once`,
      );
    expect(() => parseSolveArgs(["123x46758", "--goal", "123456780", "--goal=12345678x"])).toThrow(
      "--goal is given more than once: give it once",
    );
    // A flag twice says the same thing twice: accepted.
    expect(parseSolveArgs(["123x46758", "--json", "--json"]).json).toBe(true);
    expect(() => parseSolveArgs(["123x46758", "-q", "--progress"])).toThrow(
      "--progress and --quiet ask for opposite things: give one of them",
    );
  });

  it("a bad value is shown quoted, cut and with control characters escaped (stderr may be a terminal)", () => {
    expect(() => parseSolveArgs(["123x46758", "--threads", "\u001b[31mRED"])).toThrow('got "\\u001b[31mRED"');
    expect(() => parseSolveArgs(["123x46758", "--max-nodes", "9".repeat(100_000)])).toThrow(
      new RegExp(`got "${"9".repeat(40)}…"$`),
    );
    expect(() => parseSolveArgs(["123x46758", "--time-limit", "x".repeat(100_000)])).toThrow(
      new RegExp(`got "${"x".repeat(40)}…"$`),
    );
    expect(() => parseSolveArgs(["123x46758", "--\u001b[2Jwipe"])).toThrow(
      'unknown option "--\\u001b[2Jwipe"',
    );
    expect(() => parseSolveArgs(["123x46758", "--bogus"])).toThrow(/^unknown option --bogus$/);
  });
});
