// `npm start` and `npm run worker` as an operator runs them: SIGTERM sent to the npm process itself
// (the pid a supervisor, systemd or a shell's `kill` has) must reach node and drain it. npm forwards
// the signal to the script's shell; the shell must have exec'd node, or node is left running,
// orphaned, with its port and its jobs, after npm has exited.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { dropDatabase, withDatabase } from "../../src/db/database.ts";
import { projectRoot } from "../../src/project-root.ts";
import { deleteRedisKeys } from "../helpers/redis-keys.ts";
import { freePort } from "../pipeline/redis-child.ts";

const SERVER_URL = process.env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const BUILT = existsSync(join(projectRoot, "dist", "workers", "main.js"));
const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

interface NpmRun {
  readonly npm: ChildProcess;
  readonly exited: Promise<number | null>;
  readonly logs: () => { msg?: string; pid?: number }[];
}

async function npmRun(script: string, env: Record<string, string>): Promise<NpmRun> {
  const port = await freePort();
  const databaseUrl = withDatabase(SERVER_URL, `npm_signals_${port}_${Date.now()}`);
  const prefix = `npm-signals-${port}`;
  const npm = spawn("npm", ["run", script], {
    cwd: projectRoot,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      REDIS_URL,
      REDIS_PREFIX: prefix,
      PORT: String(port),
      LOG_LEVEL: "info",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  npm.stdout!.on("data", (chunk) => (output += chunk));
  npm.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => npm.once("exit", (code) => resolve(code)));
  const logs = () =>
    output
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as { msg?: string; pid?: number });
  cleanups.push(async () => {
    // Whatever is left (an orphaned node, before the fix) is killed, then its database dropped.
    for (const pid of new Set(logs().map((l) => l.pid))) if (pid && pid !== process.pid) killQuietly(pid);
    if (npm.exitCode === null && npm.signalCode === null) npm.kill("SIGKILL");
    await exited;
    await dropDatabase(databaseUrl);
    await deleteRedisKeys(REDIS_URL, prefix);
  });
  return { npm, exited, logs };
}

function killQuietly(pid: number): void {
  try {
    process.kill(pid, "SIGKILL");
  } catch {
    // already gone
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitFor<T>(what: string, find: () => T | undefined, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`${what} never came`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** SIGTERM to npm: node drains and exits, npm exits 0, no node process is left behind. */
async function expectDrainOnSigterm(run: NpmRun, node: number, stopped: string): Promise<void> {
  run.npm.kill("SIGTERM");
  expect(await run.exited).toBe(0);
  await waitFor("the node process' exit", () => (alive(node) ? undefined : true), 15_000).catch(() => {
    throw new Error(`node (pid ${node}) still running after npm exited; logs: ${JSON.stringify(run.logs())}`);
  });
  const messages = run.logs().map((l) => l.msg);
  expect(messages).toEqual(expect.arrayContaining(["shutting down", stopped]));
  expect(messages).not.toContain("second signal: exiting now");
}

describe.skipIf(!BUILT)("SIGTERM to the npm process", () => {
  it("npm start: the API drains, exits 0, and nothing is left running", async () => {
    const run = await npmRun("start", { START_WORKER: "false" });
    const api = await waitFor("API listening", () => run.logs().find((l) => l.msg === "API listening")?.pid);
    await expectDrainOnSigterm(run, api, "API stopped");
  }, 90_000);

  it("npm run worker: the worker drains, exits 0, and nothing is left running", async () => {
    const run = await npmRun("worker", { SOLVER_THREADS: "1", WORKER_PDBS: "none", DAILY_PUZZLES: "false" });
    const worker = await waitFor("worker ready", () => run.logs().find((l) => l.msg === "worker ready")?.pid);
    await expectDrainOnSigterm(run, worker, "worker stopped");
  }, 90_000);
});
