// A whole IDA* search's time slices as its coordinator keeps them (workers/split-coordinator.ts,
// docs/distributed.md "Whole searches' time slices"): each slice's end is saved in the record in
// Redis (slices, bound, nodes, thread time) and the next job, under an id of its own, goes on from
// that bound with a slice twice as long; a coordinator that takes the search over goes on from the
// record, and the answer counts every slice's nodes. Real Redis and BullMQ; the coordinator in this
// process, a fake unit worker.
import { type Job, Worker } from "bullmq";
import { pino } from "pino";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  UNIT_DONE_TOPIC,
  UNIT_QUEUE,
  type UnitJobData,
  WHOLE_JOB,
  wholeJobId,
} from "../../src/solves/index.ts";
import { SplitCoordinator } from "../../workers/split-coordinator.ts";
import type { SplitStore } from "../../workers/split-store.ts";
import { testConfig } from "../helpers/config.ts";
import { CoordinatorRedis, hardSearch } from "./coordinator-redis.ts";

const config = testConfig();
let open: CoordinatorRedis;
let store: SplitStore;
let unitWorker: Worker<UnitJobData, void> | undefined;

beforeAll(() => {
  open = new CoordinatorRedis(config);
  ({ store } = open);
});

afterEach(async () => {
  await unitWorker?.close(true);
  unitWorker = undefined;
});

afterAll(() => open?.close());

/** Zoe's IDA* search of Korf's #60, not split. */
const data = hardSearch({ split: false, owner: "user:1" });

describe("a whole search's time slices", () => {
  it("go on from the record a coordinator takes over, each from the last one's bound, every slice's nodes counted", async () => {
    const searchId = "solve-whole-slices-takeover";
    // What a coordinator that died after two slices left: its owner key and its record.
    expect(await store.claim(searchId, "gone")).toBe(true);
    const whole = { slices: 2, bound: 60, nodes: 1000, ms: 100 };
    const record = { startedAt: Date.now(), nodes: 0, folded: 0, reruns: 0, threads: [], whole };
    expect(await store.save(searchId, "gone", record, 0)).toBe(true);

    // The fake thread: the first job it takes ends its slice at bound 62, the next one solves.
    const taken: Job<UnitJobData, void>[] = [];
    unitWorker = new Worker<UnitJobData, void>(
      UNIT_QUEUE,
      async (job) => {
        if (job.name !== WHOLE_JOB) return;
        taken.push(job);
        const result =
          taken.length === 1
            ? { status: "cancelled", moves: "", length: -1, optimal: false, lowerBound: 62, sliced: true }
            : { status: "solved", moves: "", length: 66, optimal: true, lowerBound: 66 };
        const outcome = { ...result, algorithm: "idastar", nodes: 500 * taken.length, elapsedMs: 50 };
        await store.push(
          searchId,
          { unitJobId: job.id as string, result: outcome, thread: "w/1", runs: 1 },
          { owner: "user:1", tag: 0, costMs: 50 },
          UNIT_DONE_TOPIC,
        );
      },
      { connection: { url: config.redisUrl }, prefix: config.redisPrefix, concurrency: 1 },
    );
    const lines: Record<string, unknown>[] = [];
    const log = pino({ level: "info" }, { write: (line: string) => lines.push(JSON.parse(line)) });
    const coordinator = new SplitCoordinator({
      ...open,
      liveThreads: async () => 1,
      log,
      sliceMs: 500,
    });
    try {
      const result = await coordinator.search(searchId, "new", data, {});
      expect(result).toMatchObject({ status: "solved", length: 66 });
      // 1,000 from the two slices before, 500 from the third, 1,000 from the last.
      expect(result.nodes).toBe(2500);
      expect(result.elapsedMs).toBe(200);
    } finally {
      await coordinator.close();
    }
    expect(taken.map((job) => job.id)).toEqual([wholeJobId(searchId, 2), wholeJobId(searchId, 3)]);
    // Each job goes on from the bound proved before it, its slice twice the last one's.
    expect(taken[0].data).toMatchObject({ fromBound: 60, before: { nodes: 1000, ms: 100 }, sliceMs: 2000 });
    expect(taken[1].data).toMatchObject({ fromBound: 62, before: { nodes: 1500, ms: 150 }, sliceMs: 4000 });
    expect(lines.filter((line) => line.msg === "whole search sliced: queued again")).toMatchObject([
      { slices: 3, bound: 62, nodes: 1500 },
    ]);
    // The answer written, the search's state is gone.
    expect(await store.load(searchId)).toBeNull();
  }, 30_000);

  it("end the search at once when a slice ends past its time limit, with nothing queued after it", async () => {
    const searchId = "solve-whole-slice-past-limit";
    // The thread's slice ends 400 ms in, past the search's 300 ms limit; a job after it would never answer.
    const taken: string[] = [];
    unitWorker = new Worker<UnitJobData, void>(
      UNIT_QUEUE,
      async (job) => {
        taken.push(job.id as string);
        if (taken.length > 1) return new Promise<void>(() => undefined);
        await new Promise((resolve) => setTimeout(resolve, 400));
        const result = {
          status: "cancelled",
          moves: "",
          length: -1,
          optimal: false,
          lowerBound: 58,
          sliced: true,
        };
        await store.push(
          searchId,
          {
            unitJobId: job.id as string,
            result: { ...result, algorithm: "idastar", nodes: 700, elapsedMs: 400 },
            thread: "w/1",
            runs: 1,
          },
          { owner: "user:1", tag: 0, costMs: 400 },
          UNIT_DONE_TOPIC,
        );
      },
      { connection: { url: config.redisUrl }, prefix: config.redisPrefix, concurrency: 2 },
    );
    const coordinator = new SplitCoordinator({
      ...open,
      liveThreads: async () => 1,
      log: pino({ level: "silent" }),
      sliceMs: 100,
    });
    const began = Date.now();
    try {
      const result = await coordinator.search(searchId, "only", { ...data, timeLimitMs: 300 }, {});
      expect(result).toMatchObject({ status: "timed_out", lowerBound: 58, nodes: 700 });
    } finally {
      await coordinator.close();
    }
    // Before: the next slice was queued with what was left of the limit (nothing), and the search
    // waited for it until the limit + 5 s (WHOLE_GRACE_MS).
    expect(Date.now() - began).toBeLessThan(2500);
    expect(taken).toEqual([wholeJobId(searchId)]);
    expect(await open.units.getJob(wholeJobId(searchId, 1))).toBeUndefined();
    expect(await store.load(searchId)).toBeNull();
  }, 30_000);
});
