// Hostile input to the `puzzle` command: random and malformed argument lists and standard input.
// Whatever comes in, it exits 0, or 2 with a message on stderr (`puzzle: ...`, or the usage); never
// status 1 ("internal error"), never a stack trace, never a hang. Argument lists run through main()
// in-process (hundreds of runs); stdin-driven commands and a few argument lists run as real
// processes (bin/puzzle.mjs from dist/).
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { projectRoot } from "../../src/project-root.ts";
import { runCliInProcess } from "../helpers/cli-in-process.ts";
import { distinctBoards } from "./boards.ts";

const BIN = join(projectRoot, "bin", "puzzle.mjs");
/** Every search a random argument list starts is bounded: these come last, so they win. */
const BOUNDS = ["--max-nodes", "50000", "--time-limit", "500ms"];
const RUNS = Number(process.env.HOSTILE_RUNS ?? 150);

// An empty store: no pattern database is loaded (or removed) by a random run.
const pdbDir = mkdtempSync(join(tmpdir(), "hostile-pdb-"));
const savedPdbDir = process.env.PDB_DIR;
beforeAll(() => {
  process.env.PDB_DIR = pdbDir;
});
afterAll(() => {
  if (savedPdbDir === undefined) delete process.env.PDB_DIR;
  else process.env.PDB_DIR = savedPdbDir;
  rmSync(pdbDir, { recursive: true, force: true });
});

const boards = [
  ...distinctBoards(3, 3, 20, 5),
  ...distinctBoards(3, 4, 25, 6),
  ...distinctBoards(2, 5, 12, 7),
];

const word = fc.oneof(
  fc.constantFrom(
    "--goal",
    "--size",
    "--algorithm",
    "--heuristic",
    "--max-nodes",
    "--time-limit",
    "--json",
    "--rotation",
    "--help",
    "-h",
    "--nope",
    "--",
    "auto",
    "bfs",
    "astar",
    "idastar",
    "manhattan",
    "linear-conflict",
    "pdb:663",
    "pdb:6666",
    "pdb:nope",
    "2x4",
    "3x3",
    "4x4",
    "5x5",
    "6x6",
    "0x0",
    "1x9",
    "3x",
    "x3",
    "--size=3x3",
    "--max-nodes=-1",
    "--time-limit=abc",
    "--time-limit=2s",
    "--time-limit=0",
    "--time-limit=1e9",
    "--time-limit=-1s",
    "--build-missing",
    "--progress",
    "--quiet",
    "frobnicate",
    "pdb:78",
    "pdb:555",
    "--goal=123x46758",
    "x",
    "0",
    ".",
    "_",
    "123x46758",
    "12345678.",
    "1,2,3,0",
    "1 2 3 4 5 6 7 8 0",
    "1/2/3",
    "-1",
    "1e9",
    "NaN",
    "99",
    "",
    " ",
    "1",
    "2",
    "3",
    "4",
    "5",
    "6",
    "7",
    "8",
    "9",
    "10",
    "15",
    "24",
    "25",
  ),
  fc.string({ maxLength: 12 }),
  fc.string({ unit: "binary", maxLength: 6 }),
  fc.constantFrom(...boards.map((board) => board.join(" "))),
);

const argv = fc.oneof(
  fc
    .tuple(fc.constant("solve"), fc.array(word, { maxLength: 14 }))
    .map(([command, rest]) => [command, ...rest, ...BOUNDS]),
  fc
    .tuple(fc.constantFrom("pdb", "judge", "help", "--help", "nope", ""), fc.array(word, { maxLength: 4 }))
    .map(([command, rest]) => [command, ...rest]),
);

/** What a run may print and return. */
function expectCleanExit(status: number | null, stdout: string, rawStderr: string, what: string): void {
  // --progress lines (one per new bound), and the note naming the tables to build for a board
  // searched without them, are the only stderr output a clean run may add.
  const stderr = rawStderr
    .replace(/^progress: [^\n]*\n/gm, "")
    .replace(/^puzzle: no pattern database [^\n]*\n/m, "");
  const context = `${what}\nstatus ${status}\nstderr: ${stderr.slice(0, 400)}`;
  // 0 answered, 2 bad input, 3 stopped by the bounds (time limit, node budget).
  expect([0, 2, 3], context).toContain(status);
  expect(stderr, context).not.toMatch(/internal error|\n\s+at |node:internal|TypeError|RangeError/);
  if (status === 2) expect(stderr, context).toMatch(/^puzzle: [^\n]*\n$|^usage: /);
  if (status === 0) expect(stderr, context).toBe("");
  // A stopped single search says so on stdout; a batch adds one summary line on stderr.
  if (status === 3) expect(stderr, context).toMatch(/^$|^puzzle: [^\n]*stopped before an answer[^\n]*\n$/);
  expect(stdout, context).not.toMatch(/\n\s+at /);
}

function runProcess(args: readonly string[], input = "") {
  const run = spawnSync(process.execPath, [BIN, ...args], {
    input,
    encoding: "utf8",
    timeout: 30_000,
    env: { ...process.env, PDB_DIR: pdbDir },
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr, timedOut: run.error !== undefined };
}

describe("puzzle: random argument lists (main() in-process)", () => {
  it("exit 0, or 2 with a one-line message or the usage; never an internal error", async () => {
    // Commands reading stdin or writing the store are left to the process tests below.
    const safe = argv.filter(
      (args) =>
        !args.some((a) => a.startsWith("--batch")) &&
        !(args[0] === "pdb" && args.includes("build")) &&
        args[0] !== "judge",
    );
    await fc.assert(
      fc.asyncProperty(safe, async (args) => {
        const { status, stdout, stderr } = await runCliInProcess(args);
        expectCleanExit(status, stdout, stderr, JSON.stringify(args));
      }),
      { numRuns: RUNS },
    );
  });
});

describe("puzzle: real processes", () => {
  const judgeInput = fc.oneof(
    fc.string({ maxLength: 200 }),
    fc.string({
      unit: fc.constantFrom("0", "1", "2", "3", "8", "9", "x", ".", " ", "\n", "-"),
      maxLength: 200,
    }),
    fc.array(fc.integer({ min: -3, max: 12 }), { maxLength: 60 }).map((numbers) => numbers.join(" ")),
    fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes).toString("latin1")),
  );

  it("judge <format> with random standard input", async () => {
    await fc.assert(
      fc.property(
        fc.constantFrom("hihocoder", "acwing", "lanqiao", "rotation"),
        judgeInput,
        (format, input) => {
          const run = runProcess(["judge", format], input);
          expect(run.timedOut, `judge ${format} hung on ${JSON.stringify(input)}`).toBe(false);
          expectCleanExit(run.status, run.stdout, run.stderr, `judge ${format} < ${JSON.stringify(input)}`);
        },
      ),
      { numRuns: 12 },
    );
  });

  it("solve --batch - with random lines answers each line, bad ones as {error}", async () => {
    await fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom(...boards.map((b) => b.join(" ")))), {
          maxLength: 5,
        }),
        (lines) => {
          const run = runProcess(["solve", "--batch", "-", ...BOUNDS], lines.join("\n"));
          expect(run.timedOut).toBe(false);
          expectCleanExit(run.status, run.stdout, run.stderr, `batch ${JSON.stringify(lines)}`);
        },
      ),
      { numRuns: 6 },
    );
  });

  it("solve --batch with a file that cannot be read is a usage error, not an internal one", () => {
    for (const path of [join(pdbDir, "missing.txt"), pdbDir]) {
      const run = runProcess(["solve", "--batch", path]);
      expectCleanExit(run.status, run.stdout, run.stderr, `--batch ${path}`);
      expect(run.status).toBe(2);
    }
  });

  it("random argument lists as a process", async () => {
    await fc.assert(
      fc.property(
        argv.filter(
          (args) =>
            !args.some((a) => a.startsWith("--batch")) &&
            !(args[0] === "pdb" && args.includes("build")) &&
            // An operating system cannot pass a NUL byte in an argument (spawn refuses it).
            !args.some((a) => a.includes("\u0000")),
        ),
        (args) => {
          const run = runProcess(args);
          expect(run.timedOut).toBe(false);
          expectCleanExit(run.status, run.stdout, run.stderr, JSON.stringify(args));
        },
      ),
      { numRuns: 6 },
    );
  });
});
