// What an idle solveProgress subscription costs: no Postgres reads while it waits. Its Solve is read
// once when it starts; live progress and the final state arrive through Redis (one subscriber
// connection per API process); lost announcements are found by one re-read of every followed Solve
// at a time, on a slow timer (and when the Redis connection comes back: test/pipeline/redis-outage).
// Queries are counted at the pg driver of this process, which runs the API server under test.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countQueries, databaseName, type QueryCounter } from "../helpers/pg-queries.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import {
  BOARDS,
  FAST_PIPELINE,
  IDA_LC,
  ProgressWatch,
  createPuzzle,
  requestSolve,
  startWorker,
} from "./pipeline.ts";
import type { WorkerProcess } from "./worker-process.ts";

const KORF24_1 = [12, 3, 9, 22, 1, 18, 24, 4, 14, 19, 21, 5, 15, 0, 10, 8, 13, 6, 2, 17, 7, 23, 16, 20, 11];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("idle solveProgress subscriptions", () => {
  let api: TestServer;
  let worker: WorkerProcess;
  let counter: QueryCounter;

  beforeAll(async () => {
    // The safety re-check far away: nothing below may depend on it.
    api = await startTestServer({ env: { ...FAST_PIPELINE, SOLVE_EVENTS_RECHECK_MS: "600000" } });
    // No daily puzzles: their Solves, announced finished, are rated by the API (queries of their own).
    worker = await startWorker(api, { DAILY_PUZZLES: "false" });
    counter = countQueries(databaseName(api.config.databaseUrl));
  });

  afterAll(async () => {
    counter?.stop();
    await worker?.stop();
    await api?.close();
  });

  it("make no Postgres query while they wait, and still get live progress and the final event", async () => {
    const { client, token } = await api.client().signUp();
    // Korf's 24-puzzle #1 (95 moves) in the platform's goal: hours with linear conflict, so the search
    // runs through the whole quiet window (a 4x4 that finished in it would bring the final event's
    // own queries: settling the board's games).
    const puzzleId = await createPuzzle(client, KORF24_1, 5);
    const solve = await requestSolve(client, puzzleId, { ...IDA_LC, timeLimitSeconds: 12 });
    const watches = Array.from({ length: 20 }, () => new ProgressWatch(api.wsUrl, token, solve.id));
    const live = (event: { status: string; solve: unknown }) => event.status === "RUNNING" && !event.solve;
    for (const watch of watches) await watch.waitFor(live);

    counter.reset();
    const before = watches.map((watch) => watch.events.length);
    await sleep(4000);
    expect(counter.queries).toEqual([]);
    // Progress kept coming meanwhile, on every subscription.
    for (const [i, watch] of watches.entries()) expect(watch.events.length).toBeGreaterThan(before[i] + 1);

    // The final event reaches every subscription: TIMED_OUT at the 12 s limit.
    for (const watch of watches) {
      const last = (await watch.finished(60_000)).at(-1) as { status: string; solve: { status: string } };
      expect(last.status).toBe("TIMED_OUT");
      expect(last.solve.status).toBe("TIMED_OUT");
    }
  });
});

describe("the safety re-check of followed Solves", () => {
  let api: TestServer;
  let counter: QueryCounter;

  beforeAll(async () => {
    // No worker: the searches stay QUEUED.
    api = await startTestServer({ env: { ...FAST_PIPELINE, SOLVE_EVENTS_RECHECK_MS: "1000" } });
    counter = countQueries(databaseName(api.config.databaseUrl));
  });

  afterAll(async () => {
    counter?.stop();
    await api?.close();
  });

  it("reads every followed Solve in one query per interval, and finds a final state nobody announced", async () => {
    const { client, token } = await api.client().signUp();
    const puzzleId = await createPuzzle(client, BOARDS.quick);
    const solves = [];
    for (let i = 0; i < 10; i++) solves.push(await requestSolve(client, puzzleId, IDA_LC));
    const watches = solves.map((solve) => new ProgressWatch(api.wsUrl, token, solve.id));
    for (const watch of watches) await watch.waitFor((event) => event.status === "QUEUED");

    counter.reset();
    await sleep(3500);
    // About three re-checks of the ten Solves, not a read per subscription.
    expect(counter.queries.length).toBeGreaterThanOrEqual(1);
    expect(counter.queries.length).toBeLessThanOrEqual(5);
    expect(counter.queries.every((text) => /FROM "public"\."solves"/.test(text))).toBe(true);

    // A final state written without an announcement (a publisher that could not reach Redis).
    await api.server.app.prisma.solve.update({
      where: { id: Number(solves[3].id) },
      data: { status: "CANCELLED", finishedAt: new Date() },
    });
    const events = await watches[3].finished(10_000);
    expect(events.at(-1)).toMatchObject({ status: "CANCELLED", solve: { status: "CANCELLED" } });
    expect(watches[2].events.at(-1)?.status).toBe("QUEUED");
  });
});
