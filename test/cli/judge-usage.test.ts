// `puzzle judge` with a format it does not know, or a word after the format: one line that says
// which word is wrong after the usage, status 2, nothing on stdout (before, the bare usage, which
// left a newcomer guessing whether `judge acwing input.txt` or `judge AcWing` was the problem).
// In-process through main(): the message is the CLI's, whatever the bundle.

import { describe, expect, it } from "vitest";
import { runCliInProcess } from "../helpers/cli-in-process.ts";

const USAGE = "puzzle: usage: puzzle judge hihocoder|acwing|lanqiao|rotation (input on stdin)";

describe("puzzle judge: a bad command line names the word that is wrong", () => {
  it("an unknown format is named", async () => {
    expect(await runCliInProcess(["judge", "AcWing"])).toEqual({
      status: 2,
      stdout: "",
      stderr: `${USAGE}: unknown format "AcWing"\n`,
    });
  });

  it("a word after the format (a file name instead of stdin) is named", async () => {
    expect(await runCliInProcess(["judge", "acwing", "input.txt"])).toEqual({
      status: 2,
      stdout: "",
      stderr: `${USAGE}: unexpected argument "input.txt" (the input is read from stdin)\n`,
    });
  });

  it("a hostile word is escaped and cut, on one line", async () => {
    const result = await runCliInProcess(["judge", `\u001b[31m${"x".repeat(100)}\n`]);
    expect(result.status).toBe(2);
    expect(result.stderr).toBe(`${USAGE}: unknown format "\\u001b[31m${"x".repeat(35)}…"\n`);
  });

  it("no format at all is the usage alone, as before", async () => {
    expect(await runCliInProcess(["judge"])).toEqual({ status: 2, stdout: "", stderr: `${USAGE}\n` });
  });
});

describe("help wherever it is asked for", () => {
  it("`puzzle help <command>` is that command's usage; an unknown one is named", async () => {
    for (const command of ["judge", "solve", "pdb"]) {
      const viaHelp = await runCliInProcess(["help", command]);
      expect(viaHelp, command).toEqual(await runCliInProcess([command, "--help"]));
      expect(viaHelp.status).toBe(0);
      expect(viaHelp.stdout).toMatch(new RegExp(`^usage: puzzle ${command} `));
    }
    // Before: every word after `help` was ignored, and the top-level usage printed.
    expect(await runCliInProcess(["help", "frobnicate"])).toEqual({
      status: 2,
      stdout: "",
      stderr:
        'puzzle: no help on "frobnicate" (commands: judge, solve, pdb; `puzzle help` shows the usage)\n',
    });
    expect((await runCliInProcess(["help"])).stdout).toMatch(/^usage: puzzle judge /);
  });

  it("`puzzle judge <format> --help` prints the usage, as `judge --help` does", async () => {
    const expected = { status: 0, stdout: `${USAGE.replace("puzzle: ", "")}\n`, stderr: "" };
    expect(await runCliInProcess(["judge", "acwing", "--help"])).toEqual(expected);
    expect(await runCliInProcess(["judge", "--help", "acwing"])).toEqual(expected);
  });
});
