// The product starts its searching processes with its own settings (scripts/tuned-node.sh,
// src/tuned-environment.ts): `puzzle` run as a program and a worker started by the launcher have
// glibc.malloc.hugetlb=1 in their environment, PUZZLE_HUGEPAGES=0 leaves it out, a user's
// GLIBC_TUNABLES is kept, and the launcher leaves one process (signals and exit status reach node).
// `puzzle` also starts without NODE_EXTRA_CA_CERTS (with it, node builds its certificate store at every
// start; the command connects to nothing), which the worker's launcher keeps (its Redis or Postgres
// may use TLS).
import { spawn, type ChildProcess } from "node:child_process";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { projectRoot } from "../../src/project-root.ts";
import { tunedEnvironment } from "../../src/tuned-environment.ts";

const BIN = join(projectRoot, "bin", "puzzle.mjs");
const LAUNCHER = join(projectRoot, "scripts", "tuned-node.sh");
const HUGE = "glibc.malloc.hugetlb=1";

describe("tunedEnvironment", () => {
  it("adds huge pages, keeps the user's tunables, lets their hugetlb win, and honours the opt-out", () => {
    expect(tunedEnvironment({ PATH: "/bin" })).toEqual({ PATH: "/bin", GLIBC_TUNABLES: HUGE });
    expect(tunedEnvironment({ GLIBC_TUNABLES: "" }).GLIBC_TUNABLES).toBe(HUGE);
    expect(tunedEnvironment({ GLIBC_TUNABLES: "glibc.malloc.arena_max=2" }).GLIBC_TUNABLES).toBe(
      `glibc.malloc.arena_max=2:${HUGE}`,
    );
    expect(tunedEnvironment({ GLIBC_TUNABLES: "glibc.malloc.hugetlb=0" }).GLIBC_TUNABLES).toBe(
      "glibc.malloc.hugetlb=0",
    );
    for (const off of ["0", "false", "off", "no"])
      expect(tunedEnvironment({ PUZZLE_HUGEPAGES: off }).GLIBC_TUNABLES).toBeUndefined();
    expect(tunedEnvironment({ PUZZLE_HUGEPAGES: "1" }).GLIBC_TUNABLES).toBe(HUGE);
  });
});

const REPORT = join(import.meta.dirname, "report-environment.mjs");

interface Report {
  readonly pid: number;
  readonly GLIBC_TUNABLES: string | null;
  readonly NODE_EXTRA_CA_CERTS: string | null;
}

interface Run {
  readonly child: ChildProcess;
  /** What the node process reported at its start: its pid and its environment's two variables. */
  readonly report: Promise<Report>;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string }>;
  /** What else came on stderr (the launcher must add nothing there). */
  readonly stderr: () => string;
}

/** Runs `command args` with the user's environment plus `env` and node reporting its environment. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv): Run {
  const {
    GLIBC_TUNABLES: _ignored,
    PUZZLE_HUGEPAGES: _alsoIgnored,
    NODE_EXTRA_CA_CERTS: _andThis,
    PUZZLE_KEEP_EXTRA_CA_CERTS: _andThat,
    ...rest
  } = process.env;
  const child = spawn(command, args, {
    env: { ...rest, NODE_OPTIONS: `--import ${REPORT}`, ...env },
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout?.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
  const report = new Promise<Report>((resolve, reject) => {
    child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk;
      const line = stderr.split("\n").find((l) => l.startsWith('{"report":"environment"'));
      if (line) resolve(JSON.parse(line));
    });
    child.on("exit", () => reject(new Error(`no report; stderr: ${stderr}`)));
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string }>(
    (resolve) => child.on("exit", (code, signal) => resolve({ code, signal, stdout })),
  );
  const others = () =>
    stderr
      .split("\n")
      .filter((line) => !line.startsWith('{"report":"environment"'))
      .join("\n");
  return { child, report, exited, stderr: others };
}

/** `puzzle solve --batch -` run as a program (as npx runs it), waiting on stdin. */
const puzzleBatch = (env: NodeJS.ProcessEnv = {}) => run(BIN, ["solve", "--batch", "-"], env);

describe("the launcher", () => {
  it("puzzle: one process (node, same pid), huge pages on; stdin, stdout and exit status as before", async () => {
    const puzzle = puzzleBatch();
    expect(await puzzle.report).toEqual({
      report: "environment",
      pid: puzzle.child.pid,
      GLIBC_TUNABLES: HUGE,
      NODE_EXTRA_CA_CERTS: null,
    });
    puzzle.child.stdin?.end("123x46758\n");
    const done = await puzzle.exited;
    expect(done.code).toBe(0);
    expect(JSON.parse(done.stdout)).toMatchObject({ length: 3, moves: "RDR", status: "solved" });
    expect(puzzle.stderr()).toBe("");
  });

  it("puzzle: PUZZLE_HUGEPAGES=0 leaves GLIBC_TUNABLES out; a user's GLIBC_TUNABLES is kept", async () => {
    const off = puzzleBatch({ PUZZLE_HUGEPAGES: "0" });
    expect((await off.report).GLIBC_TUNABLES).toBeNull();
    off.child.stdin?.end();
    expect((await off.exited).code).toBe(0);

    const own = puzzleBatch({ GLIBC_TUNABLES: "glibc.malloc.arena_max=2" });
    expect((await own.report).GLIBC_TUNABLES).toBe(`glibc.malloc.arena_max=2:${HUGE}`);
    own.child.stdin?.end();
    expect((await own.exited).code).toBe(0);

    const theirs = puzzleBatch({ GLIBC_TUNABLES: "glibc.malloc.hugetlb=0" });
    expect((await theirs.report).GLIBC_TUNABLES).toBe("glibc.malloc.hugetlb=0");
    theirs.child.stdin?.end();
    expect((await theirs.exited).code).toBe(0);
  });

  it("puzzle: SIGTERM reaches node itself; a bad argument still exits 2", async () => {
    const puzzle = puzzleBatch();
    await puzzle.report;
    puzzle.child.kill("SIGTERM");
    expect(await puzzle.exited).toMatchObject({ code: null, signal: "SIGTERM" });

    const bad = run(BIN, ["solve", "1", "1"], {});
    expect(await bad.exited).toMatchObject({ code: 2, stdout: "" });
    expect(bad.stderr()).toMatch(/^puzzle: [^\n]+\n$/);
  });

  it("scripts/tuned-node.sh (npm run worker, the worker container): node in the same pid, huge pages, exit status kept", async () => {
    const worker = run("sh", [LAUNCHER, "-e", "process.exitCode = 7"], {});
    expect(await worker.report).toEqual({
      report: "environment",
      pid: worker.child.pid,
      GLIBC_TUNABLES: HUGE,
      NODE_EXTRA_CA_CERTS: null,
    });
    expect((await worker.exited).code).toBe(7);
  });

  it("puzzle starts node without NODE_EXTRA_CA_CERTS (unless told to keep it); the worker's launcher keeps it", async () => {
    // A file that is not there: a node that read the variable would warn about it on stderr.
    const certificates = join(tmpdir(), `puzzle-no-such-ca-${process.pid}.pem`);
    const puzzle = puzzleBatch({ NODE_EXTRA_CA_CERTS: certificates });
    expect(await puzzle.report).toMatchObject({ NODE_EXTRA_CA_CERTS: null, GLIBC_TUNABLES: HUGE });
    puzzle.child.stdin?.end("123x46758\n");
    expect((await puzzle.exited).code).toBe(0);
    expect(puzzle.stderr()).toBe("");

    const kept = puzzleBatch({ NODE_EXTRA_CA_CERTS: certificates, PUZZLE_KEEP_EXTRA_CA_CERTS: "1" });
    expect((await kept.report).NODE_EXTRA_CA_CERTS).toBe(certificates);
    kept.child.stdin?.end();
    expect((await kept.exited).code).toBe(0);

    const worker = run("sh", [LAUNCHER, "-e", "0"], { NODE_EXTRA_CA_CERTS: certificates });
    expect((await worker.report).NODE_EXTRA_CA_CERTS).toBe(certificates);
    expect((await worker.exited).code).toBe(0);
  });
});
