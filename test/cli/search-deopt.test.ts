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

/** `puzzle solve …` under V8's deoptimisation trace: its answers, and the trace's lines about dfs. */
function traced(args: string[], input = "") {
  const run = spawnSync(process.execPath, ["--trace-deopt", BIN, "solve", ...args], {
    input,
    encoding: "utf8",
    timeout: 120_000,
    env: { ...process.env, PDB_DIR: pdbDir },
  });
  expect(run.status).toBe(0);
  const lines = run.stdout.split("\n");
  return {
    answers: lines.filter((line) => line.startsWith("{")).map((line) => JSON.parse(line)),
    // V8 writes its trace to stdout: one "bailout" line per deoptimised frame.
    searchDeopts: lines.filter((line) => /deoptimizing .*<JSFunction dfs /.test(line)),
  };
}

const PDB = ["--goal", GOAL, "--heuristic", "pdb:555", "--build-missing"];

describe("the search kernel under V8", () => {
  it("is not deoptimised while it solves a batch", () => {
    const { answers, searchDeopts } = traced(["--batch", "-", ...PDB, "--threads", "1"], BOARDS.join("\n"));
    expect(answers).toHaveLength(BOARDS.length);
    for (const answer of answers) expect(answer.status).toBe("solved");
    expect(searchDeopts).toEqual([]);
  }, 120_000);

  it("is not deoptimised in the threads of a split search, whose first units are small", () => {
    // Korf's instance 3: a third of a second split over two threads (the old kernel: over 100 lines).
    const board = "14,7,8,2,13,11,10,4,9,12,5,0,3,6,1,15";
    const { answers, searchDeopts } = traced([board, ...PDB, "--threads", "2", "--json"]);
    expect(answers).toMatchObject([{ status: "solved", length: 59 }]);
    expect(searchDeopts).toEqual([]);
  }, 120_000);
});
