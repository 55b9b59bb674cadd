// The `puzzle` command as a real process (bin/puzzle.mjs running dist/bundle/cli.js: `npm test`
// builds first).

import { spawnSync } from "node:child_process";
import { closeSync, existsSync, openSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { applySlidingMoves } from "../../src/core/sliding/moves.ts";
import { CASE_FILES, readCases } from "./cases.ts";

const ROOT = join(import.meta.dirname, "..", "..");
const BIN = join(ROOT, "bin", "puzzle.mjs");

function puzzle(args: string[], input = "") {
  const run = spawnSync(process.execPath, [BIN, ...args], { input, encoding: "utf8", timeout: 20_000 });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

beforeAll(() => {
  if (!existsSync(join(ROOT, "dist", "bundle", "cli.js")))
    throw new Error("dist/ is missing: run npm run build");
});

describe("puzzle judge", () => {
  for (const format of ["hihocoder", "acwing", "lanqiao", "rotation"] as const) {
    it(`${format}: the last shared case, byte for byte`, () => {
      const cases = readCases(CASE_FILES[format]);
      const c = cases[cases.length - 1];
      const run = puzzle(["judge", format], c.input);
      expect(run).toEqual({ status: 0, stdout: c.expected, stderr: "" });
    });
  }

  it("malformed input: one line on stderr, exit status 2, no stack trace", () => {
    for (const [format, input] of [
      ["hihocoder", "9\n"],
      ["acwing", "1 2 3\n"],
      ["lanqiao", "123\n456\n"],
      ["rotation", "1 2 3\n"],
    ]) {
      const run = puzzle(["judge", format], input);
      expect(run.status).toBe(2);
      expect(run.stdout).toBe("");
      expect(run.stderr).toMatch(/^puzzle: [^\n]+\n$/);
    }
  });

  it("unknown format: usage on stderr, exit status 2", () => {
    const run = puzzle(["judge", "poj"]);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/^puzzle: usage: puzzle judge hihocoder\|acwing\|lanqiao\|rotation/);
  });
});

describe("puzzle solve", () => {
  it("prints the moves and every board", () => {
    const run = puzzle(["solve", "1", "2", "3", "x", "4", "6", "7", "5", "8"]);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^3 moves \(optimal\): RDR\n/);
    expect(run.stdout).toContain("start\n1 2 3\n_ 4 6\n7 5 8\n");
    expect(run.stdout).toContain("3. R\n1 2 3\n4 5 6\n7 8 _\n");
  });

  it("answers JSON with any goal, size and algorithm", () => {
    const run = puzzle(["solve", "12345678.", "--goal", "123.46758", "--algorithm", "idastar", "--json"]);
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({
      length: 3,
      optimal: true,
      status: "solved",
      algorithm: "idastar",
    });
    const rect = puzzle(["solve", "1,2,3,4,5,6,0,7", "--size", "2x4", "--json"]);
    expect(JSON.parse(rect.stdout)).toMatchObject({ length: 1, moves: "R" });
  });

  it("solves the rotation game", () => {
    const sample = "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3";
    const run = puzzle(["solve", "--rotation", "--json", ...sample.split(" ")]);
    expect(JSON.parse(run.stdout)).toMatchObject({ moves: "AC", length: 2, centre: 2 });
  });

  it("--batch: one JSON line per puzzle, in order, errors in place", () => {
    const input = "1 2 3 x 4 6 7 5 8\n\n123456789\n12345687.\n12345678.\n";
    const run = puzzle(["solve", "--batch", "-"], input);
    // A bad line: exit status 2 and one summary line on stderr, after every line was answered.
    expect(run.status).toBe(2);
    expect(run.stderr).toBe("puzzle: 1 not solved (bad input), of 4 lines\n");
    const lines = run.stdout
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatchObject({ length: 3, moves: "RDR", optimal: true });
    expect(lines[1].error).toMatch(/tile 9/);
    expect(lines[2]).toMatchObject({ length: -1, status: "unsolvable" });
    expect(lines[3]).toMatchObject({ length: 0, moves: "" });
  });

  it("bad command lines: one line on stderr, exit status 2", () => {
    for (const args of [
      ["solve"],
      ["solve", "1", "2", "3", "--frobnicate"],
      ["solve", "1", "2", "3", "0", "4", "5"],
      ["solve", "1122", "--size", "2x2"],
    ]) {
      const run = puzzle(args);
      expect(run.status).toBe(2);
      expect(run.stderr).toMatch(/^puzzle: [^\n]+\n$/);
    }
  });

  it("an unknown one-dash option is named, not read as a tile", () => {
    expect(puzzle(["solve", "12345.678", "-j"])).toEqual({
      status: 2,
      stdout: "",
      stderr: "puzzle: unknown option -j\n",
    });
  });

  it("rows of one character per tile between slashes, as the usage shows them", () => {
    const run = puzzle(["solve", "123/x46/758", "--json"]);
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ length: 3, moves: "RDR" });
  });
});

describe("puzzle solve --batch: options wrong whatever the line are refused once, up front", () => {
  const input = "12345678.\n123x46758\n";

  it("exit status 2, one line on stderr, no line answered", () => {
    for (const [options, message] of [
      [["--algorithm", "bogus"], /^puzzle: --algorithm bogus: unknown algorithm/],
      [["--size", "9x9"], /^puzzle: --size 9x9: boards go from 2x2 up to 5x5/],
      [["--size", "abc"], /^puzzle: size "abc" is not of the form RxC/],
      [["--heuristic", "bogus"], /^puzzle: --heuristic bogus: unknown heuristic/],
      [["--heuristic", "pdb:foo"], /^puzzle: --heuristic pdb:foo: unknown pattern database/],
      [["--goal", "1", "2", "3"], /^puzzle: --goal: cannot tell the board's shape from 3 tiles/],
      [["--goal", "1", "2", "3", "4", "5", "6", "7", "8", "8"], /^puzzle: goal repeats tile 8/],
      [["--goal", "1,2,3,0", "--size", "2x3"], /^puzzle: goal has 4 tiles, expected 6/],
      [
        ["--algorithm", "bfs", "--heuristic", "linear-conflict"],
        /^puzzle: --heuristic linear-conflict: the bfs/,
      ],
      [["--rotation", "--size", "3x3"], /^puzzle: --size does not apply to the rotation game/],
      [["--rotation", "--heuristic", "pdb:663"], /^puzzle: --heuristic does not apply to the rotation game/],
    ] as [string[], RegExp][]) {
      const run = puzzle(["solve", "--batch", "-", ...options], input);
      expect(run.status, options.join(" ")).toBe(2);
      expect(run.stdout, options.join(" ")).toBe("");
      expect(run.stderr).toMatch(/^puzzle: [^\n]+\n$/);
      expect(run.stderr).toMatch(message);
    }
  });

  it("a --goal that fits some lines and not others is still said per line", () => {
    const run = puzzle(["solve", "--batch", "-", "--goal", "1,2,3,0"], "1,2,0,3\n12345678.\n");
    expect(run.status).toBe(2);
    const lines = run.stdout
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(lines[0]).toMatchObject({ status: "solved", moves: "R" });
    expect(lines[1].error).toMatch(/goal has 4 tiles, expected 9/);
  });
});

describe("puzzle solve --threads", () => {
  const GOAL = "0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15";
  // Korf's instances 2, 5, 6 and 1 (short searches), and a bad line.
  const batch = [
    "14 1 9 6 4 8 12 5 7 2 3 0 10 11 13 15",
    "7 6 8 1 11 5 14 10 3 4 9 13 15 2 0 12",
    "bad line",
    "13 11 4 12 1 8 9 15 6 5 14 2 7 3 10 0",
    "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3",
  ].join("\n");
  const withoutTimes = (text: string) => text.replace(/"ms":[0-9.]+,/g, "");

  it("--batch --threads 2 prints the same lines as one thread, in input order", () => {
    const one = puzzle(
      ["solve", "--batch", "-", "--goal", GOAL, "--heuristic", "linear-conflict", "--threads", "1"],
      batch,
    );
    const two = puzzle(
      ["solve", "--batch", "-", "--goal", GOAL, "--heuristic", "linear-conflict", "--threads", "2"],
      batch,
    );
    expect(one.status).toBe(2); // the bad line
    expect(two.status).toBe(2);
    expect(withoutTimes(two.stdout)).toBe(withoutTimes(one.stdout));
    expect(two.stdout.split("\n")[2]).toMatch(/^\{"error":/);
  }, 60_000);

  it("a bad line's error names its line in the input: blank lines give no output line; \\r\\n and a lone \\r end lines", () => {
    const input = "123x46758\r\n\r\n123456789\r12345687.\n";
    for (const threads of ["1", "2"]) {
      const run = puzzle(["solve", "--batch", "-", "--threads", threads], input);
      expect(run.status, threads).toBe(2);
      const answers = run.stdout
        .trimEnd()
        .split("\n")
        .map((line) => JSON.parse(line));
      expect(answers).toHaveLength(3);
      expect(answers[0]).toMatchObject({ status: "solved", length: 3 });
      expect(answers[1]).toEqual({
        error: "start has tile 9 out of range (tiles are 0..8, 0 = blank)",
        line: 3,
      });
      expect(answers[2]).toMatchObject({ status: "unsolvable" });
    }
  });

  it("--threads 2 on one puzzle: split once the threads are up, the same optimal length, a solution that replays", () => {
    // Korf's #4: half a second with linear conflict, far longer than the threads' start-up.
    const start = "5,12,10,7,15,11,14,0,8,2,1,13,3,4,9,6";
    const args = ["solve", start, "--goal", GOAL, "--heuristic", "linear-conflict", "--json"];
    const one = JSON.parse(puzzle([...args, "--threads", "1"]).stdout);
    const two = JSON.parse(puzzle([...args, "--threads", "2"]).stdout);
    expect(two.length).toBe(one.length);
    expect(two.optimal).toBe(true);
    const board = applySlidingMoves(4, 4, start.split(",").map(Number), two.moves);
    expect(board.join(",")).toBe(GOAL);
    expect(Object.keys(two)).toEqual(Object.keys(one));
    // The split search generates another count of nodes than the unsplit one.
    expect(two.nodes).not.toBe(one.nodes);
  }, 60_000);

  it("--threads 2 on a quick puzzle: answered by the first try in this thread, as one thread does", () => {
    const start = "4,1,2,3,8,5,6,7,0,9,10,11,12,13,14,15"; // two moves
    const args = ["solve", start, "--goal", GOAL, "--heuristic", "linear-conflict", "--json"];
    const one = puzzle([...args, "--threads", "1"]);
    const two = puzzle([...args, "--threads", "2"]);
    expect(two.status).toBe(0);
    expect(withoutTimes(two.stdout)).toBe(withoutTimes(one.stdout));
    expect(JSON.parse(two.stdout)).toMatchObject({ length: 2, moves: "UU" });
  }, 60_000);

  it("--threads 0 is a usage error", () => {
    const run = puzzle(["solve", "123x46758", "--threads", "0"]);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/--threads needs a whole number/);
  });

  it("--threads above 256 is a usage error (a typo, not that many threads)", () => {
    const run = puzzle(["solve", "123x46758", "--threads", "100000"]);
    expect(run).toEqual({
      status: 2,
      stdout: "",
      stderr: 'puzzle: --threads needs a whole number from 1 to 256, got "100000"\n',
    });
  });
});

describe("puzzle solve --batch into a reader that stops early", () => {
  it("stops quietly: no EPIPE stack trace when the pipe closes (`| head -c 1`)", () => {
    // 2,000 answers are far more than a pipe holds, so the CLI writes after `head` has gone.
    const boards = `${Array.from({ length: 2000 }, () => "8 6 7 2 5 4 3 0 1").join("\n")}\n`;
    const run = spawnSync("sh", ["-c", `"${process.execPath}" "${BIN}" solve --batch - | head -c 1`], {
      input: boards,
      encoding: "utf8",
      timeout: 20_000,
    });
    expect(run.stdout).toHaveLength(1);
    expect(run.stderr).toBe("");
  });

  it("a folder as standard input is refused in one line, status 2 (before: a batch answered nothing, status 0)", () => {
    const folder = openSync(ROOT, "r");
    try {
      for (const args of [
        ["solve", "--batch", "-"],
        ["judge", "acwing"],
      ]) {
        const run = spawnSync(process.execPath, [BIN, ...args], {
          stdio: [folder, "pipe", "pipe"],
          encoding: "utf8",
          timeout: 20_000,
        });
        expect({ status: run.status, stdout: run.stdout, stderr: run.stderr }, args.join(" ")).toEqual({
          status: 2,
          stdout: "",
          stderr: "puzzle: standard input is a folder, not a file\n",
        });
      }
    } finally {
      closeSync(folder);
    }
  });

  it.skipIf(!existsSync("/dev/full"))(
    "any other write failure (a full disk) is one line on stderr and status 1, no stack trace",
    () => {
      const full = openSync("/dev/full", "w");
      try {
        for (const args of [
          ["solve", "8", "6", "7", "2", "5", "4", "3", "0", "1"],
          ["solve", "--batch", "-"],
        ]) {
          const run = spawnSync(process.execPath, [BIN, ...args], {
            input: "8 6 7 2 5 4 3 0 1\n",
            stdio: ["pipe", full, "pipe"],
            encoding: "utf8",
            timeout: 20_000,
          });
          expect(run.status, args.join(" ")).toBe(1);
          expect(run.stderr).toBe("puzzle: cannot write the output: ENOSPC\n");
        }
      } finally {
        closeSync(full);
      }
    },
  );
});
