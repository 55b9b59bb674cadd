// waitForJob (src/services/wait-for-job.ts) with real Redis and BullMQ. The events a wait listens to
// come from a QueueEvents that never reads its stream (autorun off): every event lost, as one is
// when a job finishes between two of QueueEvents' reads. The wait must still see the job finish.
// Only the job's own failure is a JobFailedError: a job gone from Redis, or Redis failing during the
// wait, is not, and the oracle (src/services/distance-oracle.ts) answers those PENDING.
import { Job, Queue, QueueEvents, Worker } from "bullmq";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createPuzzle } from "../../src/core/index.ts";
import { createLogger } from "../../src/logger.ts";
import { closeWithin } from "../../src/redis/close-bullmq.ts";
import { producerRedisOptions } from "../../src/redis/connection.ts";
import { ANALYSIS_QUEUE } from "../../src/services/analysis-jobs.ts";
import { DistanceOracle } from "../../src/services/distance-oracle.ts";
import { JobFailedError, waitForJob } from "../../src/services/wait-for-job.ts";
import { testConfig } from "../helpers/config.ts";
import { deleteRedisKeys } from "../helpers/redis-keys.ts";
import { RedisChild } from "../pipeline/redis-child.ts";
import { applyMoves, GOAL4, randomWalk } from "./boards.ts";

const config = testConfig();
const connection = { url: config.redisUrl };
const QUEUE = "wait-for-job";
type Data = { readonly fail: boolean };
type Result = { readonly answer: number };

let queue: Queue<Data, Result>;
let deaf: QueueEvents;
let worker: Worker<Data, Result>;
/** Lets the worker finish the job it holds. */
let release: () => void = () => undefined;

beforeAll(async () => {
  queue = new Queue<Data, Result>(QUEUE, { connection, prefix: config.redisPrefix });
  deaf = new QueueEvents(QUEUE, { connection, prefix: config.redisPrefix, autorun: false });
  worker = new Worker<Data, Result>(
    QUEUE,
    async (job) => {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      if (job.data.fail) throw new Error("the job's own failure");
      return { answer: 42 };
    },
    { connection, prefix: config.redisPrefix },
  );
  await Promise.all([queue.waitUntilReady(), deaf.waitUntilReady(), worker.waitUntilReady()]);
});

afterAll(async () => {
  await worker?.close();
  await deaf?.close();
  await queue?.close();
  await deleteRedisKeys(config.redisUrl, config.redisPrefix);
});

/** A job the worker has taken and holds until `release`. */
async function heldJob(fail: boolean): Promise<Job<Data, Result>> {
  const taken = new Promise<void>((resolve) => worker.once("active", () => resolve()));
  const job = await queue.add("job", { fail });
  await taken;
  return job;
}

describe("waiting for a job whose events are lost", () => {
  it("returns the result of a job that completes during the wait", async () => {
    const job = await heldJob(false);
    const waiting = waitForJob(queue, job, deaf, 20_000, { sliceMs: 50 });
    const completed = new Promise<void>((resolve) => worker.once("completed", () => resolve()));
    setTimeout(() => release(), 150);
    await completed;
    expect(await waiting).toEqual({ result: { answer: 42 } });
  });

  it("returns undefined for a job not finished within the wait, and 0 reads its state once", async () => {
    const job = await heldJob(false);
    expect(await waitForJob(queue, job, deaf, 200, { sliceMs: 50 })).toBeUndefined();
    expect(await waitForJob(queue, job, deaf, 0)).toBeUndefined();
    const completed = new Promise<void>((resolve) => worker.once("completed", () => resolve()));
    release();
    await completed;
    expect(await waitForJob(queue, job, deaf, 0)).toEqual({ result: { answer: 42 } });
  });

  it("ends at once when its stop signal is aborted (the API draining), the job still running", async () => {
    const job = await heldJob(false);
    const stop = new AbortController();
    const began = performance.now();
    const waiting = waitForJob(queue, job, deaf, 20_000, { stop: stop.signal });
    setTimeout(() => stop.abort(), 100);
    expect(await waiting).toBeUndefined();
    expect(performance.now() - began).toBeLessThan(400); // not the 500 ms slice, nor the 20 s wait
    // Already aborted: one read of its state.
    expect(await waitForJob(queue, job, deaf, 20_000, { stop: stop.signal })).toBeUndefined();
    const completed = new Promise<void>((resolve) => worker.once("completed", () => resolve()));
    release();
    await completed;
    expect(await waitForJob(queue, job, deaf, 20_000, { stop: stop.signal })).toEqual({
      result: { answer: 42 },
    });
  });

  it("rejects with the failure of a job that fails during the wait", async () => {
    const job = await heldJob(true);
    const waiting = waitForJob(queue, job, deaf, 20_000, { sliceMs: 50 });
    setTimeout(() => release(), 150);
    await expect(waiting).rejects.toThrow("the job's own failure");
    // A JobFailedError, which the oracle passes on (a Redis error there answers PENDING instead).
    await expect(waiting).rejects.toBeInstanceOf(JobFailedError);
    await expect(waitForJob(queue, job, deaf, 0)).rejects.toBeInstanceOf(JobFailedError);
  });
});

/** The rejections no promise handled while `work` ran (and 100 ms after). */
async function unhandledDuring(work: () => Promise<void>): Promise<unknown[]> {
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  process.on("unhandledRejection", onUnhandled);
  try {
    await work();
    await new Promise((resolve) => setTimeout(resolve, 100));
    return unhandled;
  } finally {
    process.off("unhandledRejection", onUnhandled);
  }
}

describe("a wait that is not the job's failure", () => {
  it("answers undefined at once for a job gone from Redis during the wait (removed, or Redis restarted empty)", async () => {
    // A queue no worker takes from: the job stays waiting until the test removes it.
    const idle = new Queue<Data, Result>(`${QUEUE}-idle`, { connection, prefix: config.redisPrefix });
    try {
      const job = await idle.add("job", { fail: false });
      const began = performance.now();
      const waiting = waitForJob(idle, job, deaf, 20_000, { sliceMs: 50 });
      setTimeout(() => void job.remove(), 100);
      expect(await waiting).toBeUndefined();
      expect(performance.now() - began).toBeLessThan(1000); // not the 20 s wait
    } finally {
      await idle.close();
    }
  });

  it("rejects with Redis' own error, not a JobFailedError, when Redis fails during the wait", async () => {
    const redis = await RedisChild.start();
    // The oracle's profile: commands fail at once while Redis is away.
    const away = new Queue<Data, Result>(QUEUE, { connection: producerRedisOptions(redis.url) });
    away.on("error", () => undefined);
    try {
      const job = await away.add("job", { fail: false });
      await redis.stop(); // between the add and the wait
      const unhandled = await unhandledDuring(async () => {
        const error = await waitForJob(away, job, deaf, 20_000, { sliceMs: 50 }).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(Error);
        expect(error).not.toBeInstanceOf(JobFailedError);
      });
      expect(unhandled).toEqual([]);
    } finally {
      await closeWithin(away, 1000);
      await redis.stop();
    }
  });

  it("rejects with Redis' own error when the queue's connection failed (BullMQ's waitUntilReady rejects)", async () => {
    const redis = await RedisChild.start();
    await redis.stop(); // nothing listens on its port now
    const refused = new Queue<Data, Result>(QUEUE, {
      connection: { url: redis.url, enableOfflineQueue: false, retryStrategy: () => null },
    });
    refused.on("error", () => undefined);
    try {
      const job = new Job<Data, Result>(refused, "job", { fail: false }, {}, "never-added");
      const error = await waitForJob(refused, job, deaf, 20_000, { sliceMs: 50 }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Error);
      expect(error).not.toBeInstanceOf(JobFailedError);
    } finally {
      await closeWithin(refused, 1000);
    }
  });
});

describe("the oracle while its job's Redis fails during the wait", () => {
  const board = applyMoves(4, 4, GOAL4, randomWalk(4, 4, GOAL4, 30));
  const spec = createPuzzle({ kind: "sliding", rows: 4, cols: 4, start: board, goal: GOAL4 });

  /** An oracle on `redisUrl` (no worker proves its jobs) and a queue to watch its jobs with. */
  function oracleOn(redisUrl: string, prefix: string) {
    const oracle = new DistanceOracle({
      redisUrl,
      prefix,
      waitMs: 5000,
      redisWaitMs: 1000,
      logger: createLogger({ logLevel: "silent" }),
    });
    const analysis = new Queue(ANALYSIS_QUEUE, { connection: { url: redisUrl }, prefix });
    /** Resolves once the oracle's job is in the queue (the wait has begun). */
    const added = async () => {
      for (;;) {
        const [job] = await analysis.getJobs(["waiting", "prioritized"]);
        if (job !== undefined) return job;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    return { oracle, analysis, added };
  }

  it("answers PENDING when the job is removed during the wait", async () => {
    const prefix = `${config.redisPrefix}-oracle`;
    const { oracle, analysis, added } = oracleOn(config.redisUrl, prefix);
    try {
      const asked = oracle.distances(spec, [board]);
      await (await added()).remove();
      expect(await asked).toEqual({ status: "PENDING", progress: 0 });
    } finally {
      await oracle.close();
      await analysis.close();
      await deleteRedisKeys(config.redisUrl, prefix);
    }
  });

  it("answers PENDING when Redis restarts empty during the wait, and when it stops (its errors logged, not on stderr)", async () => {
    const redis = await RedisChild.start();
    const { oracle, analysis, added } = oracleOn(redis.url, "oracle");
    analysis.on("error", () => undefined);
    // BullMQ prints the errors of a Queue or QueueEvents without an error listener with console.error.
    const printed = vi.spyOn(console, "error");
    try {
      const unhandled = await unhandledDuring(async () => {
        const restarted = oracle.distances(spec, [board]);
        await added();
        await redis.stop();
        await redis.start(); // empty
        expect(await restarted).toEqual({ status: "PENDING", progress: 0 });
        const stopped = oracle.distances(spec, [board]);
        await added();
        await redis.stop();
        expect(await stopped).toEqual({ status: "PENDING", progress: 0 });
      });
      expect(unhandled).toEqual([]);
      await oracle.close();
      expect(printed).not.toHaveBeenCalled();
    } finally {
      printed.mockRestore();
      await oracle.close();
      await closeWithin(analysis, 1000);
      await redis.stop();
    }
  }, 30_000);
});
