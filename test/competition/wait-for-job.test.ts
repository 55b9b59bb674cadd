// waitForJob (src/services/wait-for-job.ts) with real Redis and BullMQ. The events a wait listens to
// come from a QueueEvents that never reads its stream (autorun off): every event lost, as one is
// when a job finishes between two of QueueEvents' reads. The wait must still see the job finish.
import { type Job, Queue, QueueEvents, Worker } from "bullmq";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JobFailedError, waitForJob } from "../../src/services/wait-for-job.ts";
import { testConfig } from "../helpers/config.ts";
import { deleteRedisKeys } from "../helpers/redis-keys.ts";

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
