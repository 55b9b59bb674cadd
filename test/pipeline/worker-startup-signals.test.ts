// A signal reaches a worker during the whole of its start-up, whatever its table build looks like
// (docs/operations.md, "A signal during start-up"):
// - with one solver thread (SOLVER_THREADS=1, a one-core machine's default) the build runs on a thread
//   of its own, as with more, so SIGTERM stops it at once. Before, it ran on the main thread and the
//   signal waited for the end of the build (6-6-3: 5-10 s; 6-6-6-6: minutes).
// - while another process builds a table it needs (two workers started together on one PDB_DIR),
//   the worker waits for that process's lock without blocking its thread, so SIGTERM stops it at once,
//   and the other process's lock stays. Before, the wait blocked the thread until the lock went.
import { readdirSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { setTimeout as delay } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pdbTableSpecs } from "../../src/core/pdb/index.ts";
import { tablePath } from "../../src/pdb-store/store.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { FAST_PIPELINE, scratchPdbDir, workerEnv } from "./pipeline.ts";
import { WorkerProcess } from "./worker-process.ts";

let api: TestServer;
const workers: WorkerProcess[] = [];

beforeAll(async () => {
  api = await startTestServer({ env: FAST_PIPELINE });
});

afterAll(async () => {
  await Promise.all(workers.map((worker) => worker.stop(2000)));
  await api?.close();
});

/** A worker building (or waiting for) 6-6-3 into `dir` on one solver thread. */
function launchBuilder(dir: string): WorkerProcess {
  const worker = WorkerProcess.launch(
    workerEnv(api, { SOLVER_THREADS: "1", DAILY_PUZZLES: "false", PDB_DIR: dir, WORKER_PDBS: "663" }),
  );
  workers.push(worker);
  return worker;
}

/** The exit status, or "still running" when the worker has not exited `ms` after the call. */
const statusWithin = (worker: WorkerProcess, ms: number) =>
  Promise.race([worker.exited, delay(ms).then(() => `still running:\n${worker.tail()}`)]);

const locksIn = (dir: string) =>
  readdirSync(dir, { recursive: true })
    .map(String)
    .filter((name) => name.endsWith(".lock"));

const messages = (worker: WorkerProcess) => worker.logs.map((line) => String(line.msg));

describe("a signal during a worker's start-up", () => {
  it("SIGTERM during a first-run table build on one solver thread: exit 0 at once, locks removed", async () => {
    const dir = scratchPdbDir("worker-build-one-thread-");
    const worker = launchBuilder(dir);
    await worker.waitForLog((line) => String(line.msg).startsWith("building pattern databases"), 15_000);
    await expect.poll(() => locksIn(dir).length, { timeout: 10_000, interval: 20 }).toBeGreaterThan(0);
    worker.signal("SIGTERM");
    expect(await statusWithin(worker, 3000)).toBe(0);
    expect(messages(worker)).toEqual(
      expect.arrayContaining([
        "shutting down during start-up",
        "table build interrupted: its lock files removed",
      ]),
    );
    expect(locksIn(dir)).toEqual([]);
  }, 30_000);

  it("SIGTERM while waiting for another process's build: exit 0 at once, that process's lock kept", async () => {
    const dir = scratchPdbDir("worker-build-waiting-");
    // The largest table's lock is taken first; this test process, alive, holds it.
    const [first] = [...pdbTableSpecs("663")].sort((a, b) => b.entries - a.entries);
    const lock = `${tablePath(first, dir)}.lock`;
    writeFileSync(
      lock,
      JSON.stringify({ pid: process.pid, host: hostname(), since: new Date().toISOString() }),
    );
    const worker = launchBuilder(dir);
    await worker.waitForLog((line) => String(line.msg).startsWith(`waiting for pid ${process.pid}`), 15_000);
    worker.signal("SIGTERM");
    expect(await statusWithin(worker, 3000)).toBe(0);
    expect(messages(worker)).toContain("shutting down during start-up");
    expect(locksIn(dir)).toEqual([lock.slice(dir.length + 1)]);
  }, 30_000);
});
