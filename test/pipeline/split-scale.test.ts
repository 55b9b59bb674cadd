// The scale run of docs/distributed.md on this machine: one split search on 8 worker processes of one
// solver thread each. Every thread takes part, the answer is optimal and replays, and every unit job
// the coordinator handed out is accounted for: its outcome folded (or dropped as stale), or the job
// removed before it ran, or stopped at the end; nothing is left in Redis.
import { Queue } from "bullmq";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPuzzle as corePuzzle, replayMoves } from "../../src/core/puzzle.ts";
import { UNIT_QUEUE } from "../../src/solves/index.ts";
import { useTestServer } from "../helpers/server.ts";
import {
  BOARDS,
  FAST_PIPELINE,
  IDA_LC,
  createPuzzle,
  requestSolve,
  startWorker,
  waitUntilFinished,
  jobIdOf,
} from "./pipeline.ts";
import type { WorkerProcess } from "./worker-process.ts";

const api = useTestServer({ env: FAST_PIPELINE });
const PROCESSES = 8;
let workers: WorkerProcess[] = [];

beforeAll(async () => {
  const env = { SOLVER_THREADS: "1", WORKER_HEARTBEAT_MS: "300", DAILY_PUZZLES: "false" };
  workers = await Promise.all(Array.from({ length: PROCESSES }, () => startWorker(api, env)));
}, 180_000);

afterAll(async () => {
  await Promise.all(workers.map((w) => w.stop()));
});

describe("a split search on 8 worker processes x 1 thread", () => {
  it("uses every thread, answers optimally, and accounts for every unit", async () => {
    const { client } = await api.client().signUp();
    const puzzleId = await createPuzzle(client, BOARDS.another);
    // Split at once: the nodes below are the split search's own (AUTO would add a first try's).
    const solve = await requestSolve(client, puzzleId, { ...IDA_LC, split: true, timeLimitSeconds: 600 });
    const jobId = await jobIdOf(api, solve.id);
    const planned = await Promise.any(
      workers.map((w) => w.waitForLog((l) => l.msg === "split search planned" && l.jobId === jobId)),
    );
    // Planned for the live fleet: 8 threads.
    expect(planned.threads).toBe(PROCESSES);
    const done = await Promise.any(
      workers.map((w) => w.waitForLog((l) => l.msg === "split search done" && l.jobId === jobId, 170_000)),
    );
    await waitUntilFinished(client, solve.id, 30_000);
    const finished = await api.server.app.prisma.solve.findUniqueOrThrow({ where: { id: Number(solve.id) } });
    expect(finished.status).toBe("SOLVED");
    expect(finished.length).toBe(54);
    const board = corePuzzle({ kind: "sliding", rows: 4, cols: 4, start: BOARDS.another });
    expect(replayMoves(board, finished.moves ?? "").solved).toBe(true);
    expect(Number(finished.nodesExpanded)).toBe(done.nodes);

    // Every process searched units.
    const threads = done.threads as string[];
    for (const w of workers) expect(threads.some((t) => t.startsWith(`${w.ready.workerId}/`))).toBe(true);
    // Every unit job accounted for; no worker died, so none ran twice and no outcome came unasked.
    const count = (key: string) => done[key] as number;
    expect(count("handedOut")).toBeGreaterThanOrEqual(count("units"));
    expect(count("handedOut")).toBe(count("outcomes") + count("withdrawn") + count("abandoned"));
    expect(count("unexpected")).toBe(0);
    expect(count("secondRuns")).toBe(0);
    expect(count("reruns")).toBe(0);
    expect(count("unitResults")).toBeLessThanOrEqual(count("outcomes"));

    // Nothing left behind: the abandoned stragglers stop within a moment, the search's keys are gone.
    const units = new Queue(UNIT_QUEUE, {
      connection: { url: api.config.redisUrl },
      prefix: api.config.redisPrefix,
    });
    const redis = new Redis(api.config.redisUrl);
    try {
      const left = async () =>
        (await units.getJobs(["waiting", "prioritized", "active", "delayed", "failed"])).filter((j) =>
          j?.id?.startsWith(`unit-${jobId}-`),
        ).length;
      const deadline = Date.now() + 5000;
      while ((await left()) > 0 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await left()).toBe(0);
      expect(await redis.keys(`${api.config.redisPrefix}:split:${jobId}*`)).toEqual([]);
    } finally {
      redis.disconnect();
      await units.close();
    }
  }, 240_000);
});
