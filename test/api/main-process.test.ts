// `npm start` as a real process: creates and migrates its database, serves, runs a worker process
// beside the API, and on SIGTERM drains, stops the worker and exits 0. Ctrl-C (SIGINT to the whole
// process group) does the same: the worker drains once, its running search goes back to the queue.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createPrismaClient } from "../../src/db/client.ts";
import { projectRoot } from "../../src/project-root.ts";
import { dropDatabase, withDatabase } from "../../src/db/database.ts";
import { RedisChild, freePort } from "../pipeline/redis-child.ts";
import { workerDrainMs } from "../../src/worker-shutdown.ts";
import { deleteRedisKeys } from "../helpers/redis-keys.ts";
import { GraphQLClient } from "../helpers/graphql.ts";
import { BOARDS, FAST_PIPELINE, IDA_LC, createPuzzle, requestSolve } from "../pipeline/pipeline.ts";

const SERVER_URL = process.env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
/** What src/main.ts spawns (not imported from it: importing src/main.ts would start an API here). */
const WORKER_ENTRY = join(projectRoot, "dist", "workers", "main.js");
const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

interface Started {
  readonly child: ChildProcess;
  readonly databaseUrl: string;
  readonly origin: string;
  readonly logs: () => { msg?: string; name?: string; pid?: number }[];
  /** Everything it wrote, stdout and stderr. */
  readonly output: () => string;
  readonly exited: Promise<number | null>;
}

async function startMain(
  env: Record<string, string>,
  spawnOptions: { detached?: boolean } = {},
): Promise<Started> {
  const port = await freePort();
  const databaseUrl = withDatabase(SERVER_URL, `main_${port}_${Date.now()}`);
  cleanups.push(() => dropDatabase(databaseUrl));
  cleanups.push(() =>
    deleteRedisKeys(process.env.REDIS_URL ?? "redis://127.0.0.1:6379", `main-${port}`).then(() => undefined),
  );
  const child = spawn(process.execPath, ["--import", "tsx", join(projectRoot, "src", "main.ts")], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      REDIS_PREFIX: `main-${port}`,
      LOG_LEVEL: "info",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
    ...spawnOptions,
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  cleanups.unshift(async () => {
    if (child.exitCode === null) child.kill("SIGKILL");
    for (const line of logs()) if (line.msg === "worker started" && line.pid) killQuietly(line.pid);
    await exited;
  });
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  while (
    !(await fetch(`${origin}/healthz`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`main did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const logs = () =>
    output
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line));
  return { child, databaseUrl, origin, logs, exited, output: () => output };
}

function killQuietly(pid: number): void {
  try {
    process.kill(pid, "SIGKILL");
  } catch {
    // already gone
  }
}

async function solveStatus(databaseUrl: string, id: string): Promise<string> {
  const db = createPrismaClient(databaseUrl);
  try {
    return (await db.solve.findUniqueOrThrow({ where: { id: Number(id) } })).status;
  } finally {
    await db.$disconnect();
  }
}

async function waitForLog(
  main: Started,
  match: (line: Record<string, unknown>) => boolean,
  timeoutMs = 60_000,
) {
  const deadline = Date.now() + timeoutMs;
  while (!main.logs().some(match)) {
    if (Date.now() > deadline) throw new Error("log line never came");
    await new Promise((r) => setTimeout(r, 100));
  }
  return main.logs().find(match)!;
}

describe("npm start (src/main.ts)", () => {
  it("creates and migrates its database, serves, and exits 0 after draining on SIGTERM", async () => {
    const main = await startMain({ START_WORKER: "false" });
    expect(main.logs().map((l) => l.msg)).toEqual(
      expect.arrayContaining(["database created", "database schema up to date", "API listening"]),
    );
    const answer = await fetch(`${main.origin}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: "{ puzzles(first: 1) { edges { cursor } } }" }),
    });
    expect(await answer.json()).toEqual({ data: { puzzles: { edges: [] } } });
    main.child.kill("SIGTERM");
    expect(await main.exited).toBe(0);
    expect(main.logs().map((l) => l.msg)).toEqual(expect.arrayContaining(["shutting down", "API stopped"]));
    expect(main.logs().map((l) => l.msg)).not.toContain("second signal: exiting now");
  }, 60_000);

  it.skipIf(!existsSync(WORKER_ENTRY))(
    "runs one worker process beside the API and stops it on SIGTERM",
    async () => {
      const main = await startMain({ START_WORKER: "true", SOLVER_THREADS: "1", WORKER_PDBS: "none" });
      const deadline = Date.now() + 30_000;
      while (!main.logs().some((l) => l.msg === "worker started") && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 100));
      const started = main.logs().find((l) => l.msg === "worker started");
      expect(started?.pid).toBeGreaterThan(0);
      // Started with the product's settings (src/tuned-environment.ts).
      expect(readFileSync(`/proc/${started!.pid}/environ`, "utf8")).toMatch(
        /(^|\0)GLIBC_TUNABLES=glibc\.malloc\.hugetlb=1\0/,
      );
      main.child.kill("SIGTERM");
      expect(await main.exited).toBe(0);
      expect(() => process.kill(started!.pid!, 0)).toThrow(); // the worker is gone too
    },
    90_000,
  );

  it.skipIf(!existsSync(WORKER_ENTRY))(
    "on Ctrl-C (SIGINT to the process group) the worker drains once: its running search is QUEUED again, exit 0",
    async () => {
      const main = await startMain(
        { ...FAST_PIPELINE, START_WORKER: "true", SOLVER_THREADS: "1", WORKER_SHUTDOWN_GRACE_MS: "300" },
        { detached: true },
      );
      const { client } = await new GraphQLClient(`${main.origin}/graphql`).signUp();
      const solve = await requestSolve(client, await createPuzzle(client, BOARDS.hard), IDA_LC);
      await waitForLog(main, (l) => l.msg === "search started");
      const worker = (await waitForLog(main, (l) => l.msg === "worker started")).pid as number;

      process.kill(-main.child.pid!, "SIGINT"); // what a terminal's Ctrl-C does
      expect(await main.exited).toBe(0);
      const messages = main.logs().map((l) => l.msg);
      expect(messages).toEqual(
        expect.arrayContaining(["search returned to the queue (shutdown)", "worker stopped", "API stopped"]),
      );
      expect(messages).not.toContain("second signal: exiting now");
      expect(() => process.kill(worker, 0)).toThrow();
      const db = createPrismaClient(main.databaseUrl);
      try {
        expect((await db.solve.findUniqueOrThrow({ where: { id: Number(solve.id) } })).status).toBe("QUEUED");
      } finally {
        await db.$disconnect();
      }
    },
    120_000,
  );

  it.skipIf(!existsSync(WORKER_ENTRY))(
    "a worker whose parent is killed outright (SIGKILL) still drains and exits",
    async () => {
      const main = await startMain(
        { ...FAST_PIPELINE, START_WORKER: "true", SOLVER_THREADS: "1", WORKER_SHUTDOWN_GRACE_MS: "300" },
        { detached: true },
      );
      const worker = (await waitForLog(main, (l) => l.msg === "worker ready")).pid as number;
      main.child.kill("SIGKILL");
      await main.exited;
      const deadline = Date.now() + 30_000;
      while (Date.now() < deadline) {
        try {
          process.kill(worker, 0);
        } catch {
          return; // gone
        }
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`worker ${worker} still running 30 s after its parent was killed`);
    },
    90_000,
  );

  it.skipIf(!existsSync(WORKER_ENTRY))(
    "waits out the worker's WORKER_SHUTDOWN_GRACE_MS, longer than SHUTDOWN_TIMEOUT_MS: the search goes back QUEUED",
    async () => {
      const graceMs = 7000;
      const main = await startMain(
        {
          ...FAST_PIPELINE,
          START_WORKER: "true",
          SOLVER_THREADS: "1",
          DAILY_PUZZLES: "false",
          WORKER_SHUTDOWN_GRACE_MS: String(graceMs),
          SHUTDOWN_TIMEOUT_MS: "500",
        },
        { detached: true },
      );
      const { client } = await new GraphQLClient(`${main.origin}/graphql`).signUp();
      const solve = await requestSolve(client, await createPuzzle(client, BOARDS.endless, 5), {
        ...IDA_LC,
        timeLimitSeconds: 120,
      });
      await waitForLog(main, (l) => l.msg === "search started");
      const began = Date.now();
      main.child.kill("SIGTERM");
      expect(await main.exited).toBe(0);
      // Before: SIGKILLed at SHUTDOWN_TIMEOUT_MS + 5 s, mid-grace, the Solve left RUNNING and its job locked.
      expect(Date.now() - began).toBeGreaterThanOrEqual(graceMs - 100);
      expect(Date.now() - began).toBeLessThan(workerDrainMs(graceMs));
      const messages = main.logs().map((l) => l.msg);
      expect(messages).toEqual(
        expect.arrayContaining(["search returned to the queue (shutdown)", "worker stopped", "API stopped"]),
      );
      expect(messages).not.toContain("worker still running after its drain deadline: killed");
      expect(await solveStatus(main.databaseUrl, solve.id)).toBe("QUEUED");
    },
    40_000,
  );

  it.skipIf(!existsSync(WORKER_ENTRY))(
    "a worker refusing its configuration (PDB_DIR a file) is not restarted: a fatal line, exit 2",
    async () => {
      const main = await startMain({
        START_WORKER: "true",
        SOLVER_THREADS: "1",
        DAILY_PUZZLES: "false",
        PDB_DIR: "/etc/hostname",
        WORKER_PDBS: "663",
      });
      expect(await main.exited).toBe(2);
      const messages = main.logs().map((l) => String(l.msg));
      expect(messages.filter((m) => m === "worker started")).toHaveLength(1);
      expect(messages).not.toContain("worker exited; restarting");
      expect(
        messages.some((m) => m.startsWith("PDB_DIR=/etc/hostname cannot hold the pattern databases")),
      ).toBe(true);
      expect(messages).toContain(
        "worker refused its configuration (its last log line says which setting); not restarting it: stopping",
      );
    },
    40_000,
  );

  it("with Redis away, shuts down quietly and at once: no failed clean-up, no unhandled Redis errors", async () => {
    const redis = await RedisChild.start();
    cleanups.push(() => redis.stop());
    // The queue dashboard on too: its queues close through the same bounded path.
    const adminToken = "admin-token-for-the-shutdown-test";
    const main = await startMain({ START_WORKER: "false", REDIS_URL: redis.url, ADMIN_TOKEN: adminToken });
    const dashboard = await fetch(`${main.origin}/admin/queues/api/queues`, {
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(dashboard.status).toBe(200);
    const { client } = await new GraphQLClient(`${main.origin}/graphql`).signUp();
    await requestSolve(client, await createPuzzle(client, BOARDS.quick), IDA_LC); // the solve queue in use
    await redis.stop();
    await new Promise((r) => setTimeout(r, 500)); // the clients notice
    const began = Date.now();
    main.child.kill("SIGTERM");
    expect(await main.exited).toBe(0);
    expect(Date.now() - began).toBeLessThan(5000);
    expect(main.logs().map((l) => l.msg)).not.toContain("clean-up failed");
    expect(main.output()).not.toContain("Unhandled error event");
  }, 40_000);
});
