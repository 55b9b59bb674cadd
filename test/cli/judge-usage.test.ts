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
