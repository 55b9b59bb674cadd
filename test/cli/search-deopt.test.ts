// The search kernel (src/core/pdb/ida.ts) is compiled by V8 once and stays compiled: no branch that
// runs only rarely (a cut, the goal, the first poll) throws the compiled code away when it first
// runs. Each such "deoptimization" sent the search back to the interpreter for tens of milliseconds
// (Korf's 100 with 7-8: 0.40 -> 0.37 s of search once they were gone). V8's own trace says.

import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..", "..");
const BIN = join(ROOT, "bin", "puzzle.mjs");
const pdbDir = mkdtempSync(join(tmpdir(), "search-deopt-pdb-"));
afterAll(() => rmSync(pdbDir, { recursive: true, force: true }));

const GOAL = "0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15";
// Korf's instances 2, 5, 6, 1 and 8: enough search for V8 to compile it, and many goals and cuts after.
const BOARDS = [
  "14 1 9 6 4 8 12 5 7 2 3 0 10 11 13 15",
  "4 7 14 13 10 3 9 12 11 5 6 15 1 2 8 0",
  "14 7 1 9 12 3 6 15 8 11 2 5 10 0 4 13",
  "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3",
  "12 11 15 3 8 0 4 2 6 13 9 5 14 1 10 7",
];

describe("the search kernel under V8", () => {
  it("is not deoptimized while it solves a batch", () => {
    const run = spawnSync(
      process.execPath,
      [
        "--trace-deopt",
        BIN,
        "solve",
        "--batch",
        "-",
        "--goal",
        GOAL,
        "--heuristic",
        "pdb:555",
        "--build-missing",
        "--threads",
        "1",
      ],
      {
        input: BOARDS.join("\n"),
        encoding: "utf8",
        timeout: 120_000,
        env: { ...process.env, PDB_DIR: pdbDir },
      },
    );
    expect(run.status).toBe(0);
    const answers = run.stdout.split("\n").filter((line) => line.startsWith("{"));
    expect(answers).toHaveLength(BOARDS.length);
    for (const answer of answers) expect(JSON.parse(answer).status).toBe("solved");
    // V8 writes its trace to stdout: one "bailout" line per deoptimized frame.
    const searchDeopts = run.stdout
      .split("\n")
      .filter((line) => /deoptimizing .*<JSFunction dfs /.test(line));
    expect(searchDeopts).toEqual([]);
  }, 120_000);
});
