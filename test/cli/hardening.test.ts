// What a first-time user of `puzzle` runs into: unknown commands and sizes, --time-limit units, exit
// statuses, a pattern database that is not built, progress on stderr and Ctrl-C. Real processes
// (bin/puzzle.mjs running dist/: `npm test` builds first), each with a PDB_DIR of its own.

import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..", "..");
const BIN = join(ROOT, "bin", "puzzle.mjs");
const pdbDir = mkdtempSync(join(tmpdir(), "cli-hardening-pdb-"));
afterAll(() => rmSync(pdbDir, { recursive: true, force: true }));

const GOAL = "0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15";
/** Korf's instance 3 (59 moves): many seconds of linear-conflict IDA*, so limits and signals reach it. */
const LONG = "14,7,8,2,13,11,10,4,9,12,5,0,3,6,1,15";
/** One move from Korf's goal. */
const SHORT = "1,0,2,3,4,5,6,7,8,9,10,11,12,13,14,15";

function puzzle(args: string[], input = "", env: NodeJS.ProcessEnv = {}) {
  const run = spawnSync(process.execPath, [BIN, ...args], {
    input,
    encoding: "utf8",
    timeout: 60_000,
    env: { ...process.env, PDB_DIR: pdbDir, ...env },
  });
  return { status: run.status, signal: run.signal, stdout: run.stdout, stderr: run.stderr };
}

describe("bad commands and sizes name what is wrong", () => {
  it("judge --help prints the usage on stdout with status 0, as solve --help does", () => {
    const run = puzzle(["judge", "--help"]);
    expect(run).toMatchObject({ status: 0, stderr: "" });
    expect(run.stdout).toBe("usage: puzzle judge hihocoder|acwing|lanqiao|rotation (input on stdin)\n");
    const wrong = puzzle(["judge", "nonsense"]);
    expect(wrong.status).toBe(2);
    expect(wrong.stdout).toBe("");
  });

  it("an unknown command is named, with the commands, in one line", () => {
    const run = puzzle(["frobnicate"]);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(
      /^puzzle: unknown command "frobnicate" \(commands: judge, solve, pdb, help[^\n]*\n$/,
    );
  });

  it("boards beyond 5x5, or thinner than 2, say where sizes stop", () => {
    const tiles36 = [...Array.from({ length: 35 }, (_, i) => i + 1), 0].join(",");
    const cases: [string[], RegExp][] = [
      [["solve", tiles36], /36 tiles make a 6x6 board: sizes stop at 5x5/],
      [["solve", "123x46758", "--size", "7x7"], /--size 7x7: boards go from 2x2 up to 5x5/],
      [["solve", "1,2,0", "--size", "1x3"], /--size 1x3: boards go from 2x2 up to 5x5/],
      [["solve", "1,2,3,4,5,6,7,8,9,0"], /cannot tell the board's shape from 10 tiles .*up to 5x5/],
    ];
    for (const [args, message] of cases) {
      const run = puzzle(args);
      expect(run.status, args.join(" ")).toBe(2);
      expect(run.stderr).toMatch(/^puzzle: [^\n]+\n$/);
      expect(run.stderr).toMatch(message);
    }
  });
});

describe("--time-limit", () => {
  it("refuses what is not a positive duration", () => {
    for (const value of ["abc", "0", "-1", "5q", "1e9", "2d"]) {
      const run = puzzle(["solve", "123x46758", `--time-limit=${value}`]);
      expect(run.status, value).toBe(2);
      expect(run.stderr).toMatch(/^puzzle: --time-limit needs a positive duration[^\n]*\n$/);
    }
    // Nothing after `=` is no value at all, as for every option.
    const empty = puzzle(["solve", "123x46758", "--time-limit="]);
    expect(empty.status).toBe(2);
    expect(empty.stderr).toBe("puzzle: --time-limit needs a value\n");
  });

  it("accepts seconds and explicit units", () => {
    for (const value of ["2", "1.5", "2s", "500ms", "1m", "1min", "0.01h"]) {
      expect(puzzle(["solve", "123x46758", "--time-limit", value, "--json"]).status, value).toBe(0);
    }
  });

  it("a plain number is seconds: 0.4 stops a long search after about 400 ms, with status 3", () => {
    const run = puzzle(["solve", LONG, "--goal", GOAL, "--threads", "1", "--time-limit", "0.4", "--json"]);
    expect(run.status).toBe(3);
    const json = JSON.parse(run.stdout);
    expect(json.status).toBe("timed_out");
    expect(json.ms).toBeGreaterThan(300);
    expect(json.ms).toBeLessThan(5_000);
  }, 30_000);
});

describe("exit statuses", () => {
  it("3 when the node budget is spent, for people and for --json", () => {
    const text = puzzle(["solve", LONG, "--goal", GOAL, "--max-nodes", "1000", "--threads", "1"]);
    expect(text.status).toBe(3);
    expect(text.stdout).toMatch(/^Stopped \(budget exhausted\): no solution shorter than \d+ moves\./);
    const json = puzzle(["solve", LONG, "--goal", GOAL, "--max-nodes", "1000", "--json"]);
    expect(json.status).toBe(3);
    expect(JSON.parse(json.stdout).status).toBe("budget_exhausted");
  });

  it("0 for an unsolvable puzzle (it is an answer)", () => {
    expect(puzzle(["solve", "12345687."]).status).toBe(0);
  });

  it("--batch: every line answered, then the worst line's status and one summary line", () => {
    const run = puzzle(
      ["solve", "--batch", "-", "--goal", GOAL, "--max-nodes", "1000"],
      `${SHORT}\n${LONG}\nbad\n`,
    );
    expect(run.status).toBe(3);
    const lines = run.stdout
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(lines.map((l) => l.status ?? "error")).toEqual(["solved", "budget_exhausted", "error"]);
    expect(run.stderr).toBe(
      "puzzle: 1 stopped before an answer (time limit or node budget), 1 not solved (bad input), of 3 lines\n",
    );
    const clean = puzzle(["solve", "--batch", "-"], "123x46758\n12345687.\n");
    expect(clean).toMatchObject({ status: 0, stderr: "" });
  });
});

describe("a pattern database that is not built", () => {
  it("is refused at once, naming the build command and its cost; the store is left alone", () => {
    for (const [heuristic, board] of [
      ["pdb:78", SHORT],
      ["pdb:6666", [...Array.from({ length: 24 }, (_, i) => i + 1), 0].join(",")],
    ]) {
      const began = performance.now();
      const run = puzzle(["solve", board, "--heuristic", heuristic, "--json"]);
      expect(performance.now() - began).toBeLessThan(10_000);
      expect(run.status, heuristic).toBe(2);
      expect(run.stdout).toBe("");
      const partition = heuristic.slice(4);
      expect(run.stderr).toMatch(/^puzzle: [^\n]+\n$/);
      expect(run.stderr).toContain(`npx puzzle pdb build ${partition}`);
      expect(run.stderr).toMatch(/MiB on disk/);
      expect(run.stderr).toMatch(/--build-missing/);
    }
    expect(readdirSync(pdbDir)).toEqual([]);
    const batch = puzzle(["solve", "--batch", "-", "--heuristic", "pdb:78"], `${SHORT}\n`);
    expect(batch.status).toBe(2);
    expect(batch.stdout).toBe("");
  });

  it("is built with progress on stderr when --build-missing asks for it (5-5-5: about a second)", () => {
    const dir = mkdtempSync(join(tmpdir(), "cli-build-missing-"));
    try {
      const args = ["solve", SHORT, "--goal", GOAL, "--heuristic", "pdb:555", "--json", "--threads", "1"];
      const run = puzzle([...args, "--build-missing"], "", { PDB_DIR: dir });
      expect(run.status).toBe(0);
      expect(JSON.parse(run.stdout)).toMatchObject({
        status: "solved",
        heuristic: expect.stringMatching(/^pdb:555/),
      });
      expect(run.stderr).toMatch(/building pdb:555 \(--build-missing\)/);
      expect(run.stderr).toMatch(/built /);
      expect(readdirSync(dir).filter((f) => f.endsWith(".pdb")).length).toBeGreaterThan(0);
      // Now it is in the store: no flag needed, nothing built.
      const again = puzzle(args, "", { PDB_DIR: dir });
      expect(again).toMatchObject({ status: 0, stderr: "" });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it("--build-missing builds the partition's tables on threads (--threads 2), the same files as one thread", () => {
    const dirs = [1, 2].map((t) => mkdtempSync(join(tmpdir(), `cli-build-threads-${t}-`)));
    try {
      const args = ["solve", SHORT, "--goal", GOAL, "--heuristic", "pdb:555", "--json", "--build-missing"];
      const built = dirs.map((dir, i) =>
        // Node's module debug output names every file a thread loads.
        puzzle([...args, "--threads", String(i + 1)], "", { PDB_DIR: dir, NODE_DEBUG: "module" }),
      );
      for (const run of built) expect(run.status).toBe(0);
      // Both build off the main thread (so that Ctrl-C is seen at once), one table or two at a time.
      for (const run of built) expect(run.stderr).toMatch(/build-thread\.cjs/);
      expect(built[0].stderr).toMatch(/table\(s\) missing, 1 at a time/);
      expect(built[1].stderr).toMatch(/table\(s\) missing, 2 at a time/);
      for (const run of built)
        expect(JSON.parse(run.stdout.trim().split("\n").at(-1)!).status).toBe("solved");
      const files = readdirSync(dirs[0])
        .filter((f) => f.endsWith(".pdb"))
        .sort();
      expect(files.length).toBeGreaterThan(1);
      expect(
        readdirSync(dirs[1])
          .filter((f) => f.endsWith(".pdb"))
          .sort(),
      ).toEqual(files);
      for (const file of files)
        expect(readFileSync(join(dirs[1], file)).equals(readFileSync(join(dirs[0], file)))).toBe(true);
    } finally {
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe("--batch: the tables of every line, not only the first", () => {
  // A 3x3 line first (no tables), then a 4x4 one (9 moves to the default goal).
  const batch = "12345678.\n5,1,2,3,9,6,7,4,13,10,11,8,0,14,15,12\n";

  it("a named pattern database a later line needs and that is not built is refused up front", () => {
    // Before, only the first line's tables were looked for: the 4x4 line built pdb:555 in memory.
    const run = puzzle(["solve", "--batch", "-", "--heuristic", "pdb:555", "--threads", "1"], batch);
    expect(run.status).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toMatch(/^puzzle: pdb:555 is not built in [^\n]*npx puzzle pdb build 555[^\n]*\n$/);
    expect(readdirSync(pdbDir)).toEqual([]);
  });

  it("a later 4x4 line is searched with the tables on disk, named or picked by auto", () => {
    const dir = mkdtempSync(join(tmpdir(), "cli-batch-tables-"));
    try {
      expect(puzzle(["pdb", "build", "555", "--dir", dir, "--threads", "1"]).status).toBe(0);
      const env = { PDB_DIR: dir };
      const named = puzzle(
        ["solve", "--batch", "-", "--heuristic", "pdb:555", "--threads", "1", "--time-limit", "1"],
        batch,
        env,
      );
      const lines = named.stdout
        .trimEnd()
        .split("\n")
        .map((line) => JSON.parse(line));
      expect(lines[0].error).toMatch(/pdb:555 serves 4x4 boards/); // that line's own mistake
      expect(lines[1]).toMatchObject({
        status: "solved",
        length: 9,
        heuristic: expect.stringMatching(/^pdb:555/),
      });
      for (const threads of ["1", "2"]) {
        const auto = puzzle(["solve", "--batch", "-", "--threads", threads, "--time-limit", "1"], batch, env);
        expect(auto).toMatchObject({ status: 0, stderr: "" });
        const [small, large] = auto.stdout
          .trimEnd()
          .split("\n")
          .map((line) => JSON.parse(line));
        expect(small).toMatchObject({ status: "solved", algorithm: "bfs-table" });
        expect(large, `--threads ${threads}`).toMatchObject({
          status: "solved",
          heuristic: expect.stringMatching(/^pdb:555/),
        });
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe("progress on stderr", () => {
  const args = ["solve", LONG, "--goal", GOAL, "--time-limit", "0.6", "--json"];

  it("none by default when stderr is not a terminal (pipelines stay clean), nor with --quiet", () => {
    expect(puzzle([...args, "--threads", "1"]).stderr).toBe("");
    expect(puzzle([...args, "--threads", "1", "--quiet"]).stderr).toBe("");
    // The usage's [--progress|--quiet]: both at once is refused (before: --quiet won, without a word).
    expect(puzzle([...args, "--threads", "1", "--progress", "--quiet"])).toMatchObject({
      status: 2,
      stderr: "puzzle: --progress and --quiet ask for opposite things: give one of them\n",
    });
  });

  it("--progress: one line per new bound, single-threaded and split", () => {
    for (const threads of ["1", "2"]) {
      const run = puzzle([...args, "--threads", threads, "--progress"]);
      expect(run.status).toBe(3);
      // This PDB_DIR is empty: the note saying which tables to build comes first (below).
      const [note, ...lines] = run.stderr.trimEnd().split("\n");
      expect(note).toMatch(/^puzzle: no pattern database/);
      expect(lines.length).toBeGreaterThan(2);
      for (const line of lines)
        expect(line).toMatch(/^progress: bound \d+, [\d.]+ [kMG]? ?nodes, .* nodes\/s, [\d.]+ s$/);
      const bounds = lines.map((line) => Number(/bound (\d+)/.exec(line)![1]));
      expect([...bounds].sort((a, b) => a - b)).toEqual(bounds);
      expect(new Set(bounds).size).toBe(bounds.length);
    }
  }, 30_000);
});

describe("a board searched without pattern databases, none being built", () => {
  const args = ["solve", SHORT, "--goal", GOAL, "--json", "--threads", "1"];

  it("says which to build and what it costs where progress goes (--progress here), once", () => {
    const run = puzzle([...args, "--progress"]);
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ status: "solved", heuristic: "linear-conflict" });
    const notes = run.stderr.split("\n").filter((line) => line.startsWith("puzzle:"));
    expect(notes).toEqual([
      `puzzle: no pattern database for this board in ${pdbDir}: searching with linear conflict, which can take minutes on a hard one; build one once with \`npx puzzle pdb build 663\` (5-10 s, 43 MiB on disk)`,
    ]);
    // A 24-puzzle: the 6-6-6-6 tables, and the longer wait they spare (one move from Korf's goal).
    const goal24 = Array.from({ length: 25 }, (_, i) => i).join(",");
    const start24 = goal24.replace(/^0,1,/, "1,0,");
    const big = puzzle(["solve", start24, "--goal", goal24, "--size", "5x5", "--json", "--progress"]);
    expect(big.status).toBe(0);
    expect(big.stderr).toMatch(
      /hours or days on a hard one; build one once with `npx puzzle pdb build 6666` \(/,
    );
  });

  it("says nothing in a pipeline (stderr not a terminal), with --quiet, to A*, or once the tables are there", () => {
    expect(puzzle(args).stderr).toBe("");
    expect(puzzle([...args, "--quiet"]).stderr).toBe("");
    // A* runs without pattern databases: building one would not help it.
    const astar = puzzle([...args, "--progress", "--algorithm", "astar"]);
    expect(astar.status).toBe(0);
    expect(astar.stderr).not.toMatch(/pattern database/);
    const dir = mkdtempSync(join(tmpdir(), "cli-tables-note-"));
    try {
      expect(puzzle(["pdb", "build", "555", "--dir", dir, "--threads", "1"]).status).toBe(0);
      const run = puzzle([...args, "--progress"], "", { PDB_DIR: dir });
      expect(JSON.parse(run.stdout)).toMatchObject({ heuristic: expect.stringMatching(/^pdb:555/) });
      expect(run.stderr).not.toMatch(/pattern database/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe("Ctrl-C", () => {
  function interrupt(
    threads: string,
  ): Promise<{ code: number | null; signal: string | null; stdout: string }> {
    return new Promise((resolve) => {
      const child = spawn(
        process.execPath,
        [BIN, "solve", LONG, "--goal", GOAL, "--json", "--progress", "--threads", threads],
        {
          env: { ...process.env, PDB_DIR: pdbDir },
        },
      );
      let stdout = "";
      let sent = false;
      child.stdout.on("data", (chunk) => {
        stdout += chunk;
      });
      child.stderr.on("data", () => {
        if (!sent) {
          sent = true;
          setTimeout(() => child.kill("SIGINT"), 200);
        }
      });
      child.on("exit", (code, signal) => resolve({ code, signal, stdout }));
    });
  }

  it("a split search stops, prints its lower bound and exits 130", async () => {
    const run = await interrupt("2");
    expect(run.code).toBe(130);
    expect(JSON.parse(run.stdout)).toMatchObject({ status: "cancelled", length: -1 });
  }, 30_000);

  it("a single-threaded search ends at once, by the signal (a shell reports 130)", async () => {
    const run = await interrupt("1");
    expect(run.signal).toBe("SIGINT");
    expect(run.stdout).toBe("");
  }, 30_000);
});
