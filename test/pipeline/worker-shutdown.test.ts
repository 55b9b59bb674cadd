// A worker process' shutdown is bounded whatever Redis does, and its start-up says what is wrong in
// the operator's terms (workers/main.ts, src/worker-shutdown.ts, docs/operations.md "Stopping").
// - SIGTERM while Redis is away: it stops taking jobs, gives its search WORKER_SHUTDOWN_GRACE_MS,
//   cannot hand it back (moveToWait needs Redis), and exits 1 within its drain deadline, naming the
//   job it abandoned, its Solve QUEUED again in Postgres; an idle worker exits 0. (Before: BullMQ's
//   Worker.close() waited for Redis forever, the solve worker's close was never called, and the
//   process never exited.)
// - PDB_DIR that is a file, a busy WORKER_METRICS_PORT, a HOST the metrics endpoint cannot listen on:
//   exit 2 with a message naming the setting.
// - a start-up that fails once the daily puzzles' catch-up job runs: the job is closed before the
//   connections it uses (before, its attempt failed on a closed Postgres pool and was retried later).
// - SIGTERM during a first-run table build: logged, its lock files removed, exit 0 at once.
import { existsSync, readdirSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { join } from "node:path";
import { Queue } from "bullmq";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DAILY_QUEUE } from "../../src/services/daily.ts";
import { EXIT_CONFIGURATION, workerDrainMs } from "../../src/worker-shutdown.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import {
  BOARDS,
  FAST_PIPELINE,
  IDA_LC,
  createPuzzle,
  jobIdOf,
  requestSolve,
  scratchPdbDir,
  startWorker,
} from "./pipeline.ts";
import { RedisChild, freePort } from "./redis-child.ts";
import { WorkerProcess } from "./worker-process.ts";

const GRACE_MS = 500;
let redis: RedisChild;
let api: TestServer;
const workers: WorkerProcess[] = [];

beforeAll(async () => {
  redis = await RedisChild.start();
  api = await startTestServer({ env: { ...FAST_PIPELINE, REDIS_URL: redis.url } });
});

afterAll(async () => {
  await Promise.all(workers.map((worker) => worker.stop(2000)));
  await api?.close();
  await redis?.stop();
});

/** The worker's exit status, or a failure naming how long it is still running after `ms`. */
async function exitWithin(worker: WorkerProcess, ms: number): Promise<number | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`still running ${ms} ms after SIGTERM:\n${worker.tail()}`)),
      ms,
    );
  });
  try {
    return await Promise.race([worker.exited, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** One solver thread, WORKER_SHUTDOWN_GRACE_MS = GRACE_MS, no daily puzzles; stopped after the tests. */
async function startGraceWorker(): Promise<WorkerProcess> {
  const worker = await startWorker(api, {
    SOLVER_THREADS: "1",
    DAILY_PUZZLES: "false",
    WORKER_SHUTDOWN_GRACE_MS: String(GRACE_MS),
  });
  workers.push(worker);
  return worker;
}

const messages = (worker: WorkerProcess) => worker.logs.map((line) => String(line.msg));

describe("SIGTERM while Redis is away", () => {
  it("a worker running a search stops, abandons it at its deadline, names it and exits 1", async () => {
    const worker = await startGraceWorker();
    const { client } = await api.client().signUp();
    const solve = await requestSolve(client, await createPuzzle(client, BOARDS.endless, 5), {
      ...IDA_LC,
      timeLimitSeconds: 120,
    });
    const jobId = await jobIdOf(api, solve.id);
    await worker.waitForLog((line) => line.msg === "search started" && line.jobId === jobId);

    await redis.stop();
    worker.signal("SIGTERM");
    const began = Date.now();
    expect(await exitWithin(worker, workerDrainMs(GRACE_MS) + 3000)).toBe(1);
    expect(Date.now() - began).toBeLessThan(workerDrainMs(GRACE_MS) + 3000);
    expect(messages(worker)).toEqual(
      expect.arrayContaining(["shutting down", "shutdown deadline reached: stopping running searches"]),
    );
    const abandoned = worker.logs.find((line) => line.msg === "worker stopped with work abandoned");
    expect(abandoned?.abandoned).toEqual(expect.arrayContaining([jobId]));
    // Postgres is there: the Solve no longer reads RUNNING while nobody runs its search (a split
    // search's hand-back waits for Redis to stop its units, and was abandoned before it got that far).
    const row = await api.server.app.prisma.solve.findUniqueOrThrow({ where: { id: Number(solve.id) } });
    expect(row.status).toBe("QUEUED");
    await redis.start();
  }, 30_000);

  it("an idle worker exits 0 within its deadline", async () => {
    const worker = await startGraceWorker();
    await redis.stop();
    worker.signal("SIGTERM");
    expect(await exitWithin(worker, workerDrainMs(GRACE_MS) + 3000)).toBe(0);
    expect(messages(worker)).toEqual(expect.arrayContaining(["shutting down", "worker stopped"]));
    await redis.start();
  }, 30_000);
});

describe("start-up", () => {
  const env = () => ({
    ...FAST_PIPELINE,
    DATABASE_URL: api.config.databaseUrl,
    REDIS_URL: api.config.redisUrl,
    REDIS_PREFIX: api.config.redisPrefix,
    SOLVER_THREADS: "1",
    DAILY_PUZZLES: "false",
  });

  it("PDB_DIR that is a file: exit 2, naming PDB_DIR and the path, no stack trace", async () => {
    const file = join(scratchPdbDir("worker-pdb-file-"), "not-a-dir");
    writeFileSync(file, "");
    const worker = WorkerProcess.launch({ ...env(), PDB_DIR: file, WORKER_PDBS: "663" });
    workers.push(worker);
    expect(await exitWithin(worker, 15_000)).toBe(EXIT_CONFIGURATION);
    const fatal = worker.logs.find((line) => line.level === 60);
    expect(fatal?.msg).toContain(`PDB_DIR=${file} cannot hold the pattern databases: ENOTDIR`);
    expect(fatal?.setting).toBe("PDB_DIR");
    expect(worker.logs.some((line) => String(line.msg).startsWith("stderr:"))).toBe(false);
  }, 20_000);

  it("a busy WORKER_METRICS_PORT: exit 2 naming it (its /healthz would never answer)", async () => {
    const port = await freePort();
    const busy: Server = createServer();
    await new Promise<void>((resolve) => busy.listen(port, "127.0.0.1", resolve));
    try {
      const worker = WorkerProcess.launch({
        ...env(),
        WORKER_PDBS: "none",
        WORKER_METRICS_PORT: String(port),
        HOST: "127.0.0.1",
      });
      workers.push(worker);
      expect(await exitWithin(worker, 15_000)).toBe(EXIT_CONFIGURATION);
      const fatal = worker.logs.find((line) => line.level === 60);
      expect(fatal?.msg).toContain(`WORKER_METRICS_PORT=${port}: 127.0.0.1:${port} is already in use`);
      expect(messages(worker)).not.toContain("worker ready");
    } finally {
      busy.close();
    }
  }, 20_000);

  it("a start-up that fails with the daily puzzles' catch-up under way leaves that job's attempt alone", async () => {
    const port = await freePort();
    const busy: Server = createServer();
    await new Promise<void>((resolve) => busy.listen(port, "127.0.0.1", resolve));
    const daily = new Queue(DAILY_QUEUE, { connection: { url: redis.url }, prefix: api.config.redisPrefix });
    try {
      const worker = WorkerProcess.launch({
        ...env(),
        DAILY_PUZZLES: "true",
        WORKER_PDBS: "none",
        WORKER_METRICS_PORT: String(port),
        HOST: "127.0.0.1",
      });
      workers.push(worker);
      expect(await exitWithin(worker, 15_000)).toBe(EXIT_CONFIGURATION);
      const jobs = await daily.getJobs(["active", "wait", "delayed", "failed", "completed", "prioritized"]);
      expect(jobs.length).toBeGreaterThan(0); // the catch-up was queued before the failure
      // Closed before its pool was: not failed with "Cannot use a pool after calling end on the pool".
      expect(jobs.map((job) => job.failedReason ?? "")).toEqual(jobs.map(() => ""));
    } finally {
      busy.close();
      await daily.close();
    }
  }, 20_000);

  it.each([
    ["does not resolve", "no-such-host.invalid", "ENOTFOUND"],
    ["is not this machine's", "192.0.2.1", "EADDRNOTAVAIL"],
  ])(
    "a HOST that %s, with WORKER_METRICS_PORT: exit 2 naming HOST",
    async (_, host, code) => {
      const worker = WorkerProcess.launch({
        ...env(),
        WORKER_PDBS: "none",
        WORKER_METRICS_PORT: String(await freePort()),
        HOST: host,
      });
      workers.push(worker);
      expect(await exitWithin(worker, 15_000)).toBe(EXIT_CONFIGURATION);
      const fatal = worker.logs.find((line) => line.level === 60);
      expect(fatal?.setting).toBe("HOST");
      expect(fatal?.msg).toContain(`HOST=${host}`);
      expect(fatal?.msg).toContain(code);
      expect(messages(worker)).not.toContain("worker ready");
    },
    20_000,
  );

  it("SIGTERM during a first-run table build: logged, lock files removed, exit 0 at once", async () => {
    const dir = scratchPdbDir("worker-build-stop-");
    const worker = WorkerProcess.launch({ ...env(), PDB_DIR: dir, WORKER_PDBS: "663", SOLVER_THREADS: "2" });
    workers.push(worker);
    await worker.waitForLog((line) => String(line.msg).startsWith("building pattern databases"), 15_000);
    const locks = () =>
      readdirSync(dir, { recursive: true }).filter((name) => String(name).endsWith(".lock"));
    // The log line comes just before the first table's lock is taken: wait for the lock (the land
    // check of the thirty-second session read the folder in between and found none).
    await expect.poll(() => locks().length, { timeout: 10_000, interval: 20 }).toBeGreaterThan(0);
    worker.signal("SIGTERM");
    expect(await exitWithin(worker, 3000)).toBe(0);
    expect(messages(worker)).toEqual(
      expect.arrayContaining([
        "shutting down during start-up",
        "table build interrupted: its lock files removed",
        "worker stopped",
      ]),
    );
    expect(locks()).toEqual([]);
    expect(existsSync(dir)).toBe(true);
  }, 20_000);
});
