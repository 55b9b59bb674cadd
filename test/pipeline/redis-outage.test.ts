// Postgres is the source of truth: requests accepted while Redis is down are stored QUEUED and
// finish once Redis is back (empty: nothing was saved), because the reconciler adds the jobs again.
// The API and the worker use a Redis server of this test's own, which it stops and restarts. A
// subscriber misses nothing either: what was announced while Redis was away is read from Postgres when
// the API's subscriber connection is back (the safety re-check is pushed out of reach here). Last, a
// split search whose Redis restarts empty keeps its time limit and its subscriber's proven bound.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer } from "../helpers/server.ts";
import type { TestServer } from "../helpers/server.ts";
import {
  BOARDS,
  FAST_PIPELINE,
  IDA_LC,
  ProgressWatch,
  createPuzzle,
  requestSolve,
  startWorker,
  waitUntilFinished,
} from "./pipeline.ts";
import { RedisChild } from "./redis-child.ts";
import type { WorkerProcess } from "./worker-process.ts";

let redis: RedisChild;
let api: TestServer;
let worker: WorkerProcess;

beforeAll(async () => {
  redis = await RedisChild.start();
  api = await startTestServer({
    env: { ...FAST_PIPELINE, REDIS_URL: redis.url, SOLVE_EVENTS_RECHECK_MS: "600000" },
  });
  worker = await startWorker(api);
});

afterAll(async () => {
  await worker?.stop();
  await api?.close();
  await redis?.stop();
});

describe("Redis unreachable", () => {
  it("accepts requests, stores them QUEUED, and finishes them once Redis is back", async () => {
    const { client, token } = await api.client().signUp();
    const queuedPuzzle = await createPuzzle(client, BOARDS.quick);
    const smallPuzzle = await createPuzzle(client, [1, 2, 3, 4, 5, 6, 0, 7, 8], 3);

    await redis.stop();
    const queued = await requestSolve(client, queuedPuzzle, IDA_LC);
    expect(queued.status).toBe("QUEUED");
    const row = await api.server.app.prisma.solve.findUniqueOrThrow({ where: { id: Number(queued.id) } });
    expect(row).toMatchObject({ status: "QUEUED", cached: false });
    expect(row.jobId).toMatch(/^solve-/);
    // Table answers never needed Redis.
    expect(await requestSolve(client, smallPuzzle)).toMatchObject({ status: "SOLVED", length: 2 });
    const watch = new ProgressWatch(api.wsUrl, token, queued.id);
    await watch.waitFor((event) => event.status === "QUEUED");

    await redis.start();
    const done = await waitUntilFinished(client, queued.id, 60_000);
    expect(done).toMatchObject({ status: "SOLVED", length: 50, optimal: true });
    expect((await watch.finished()).at(-1)).toMatchObject({ status: "SOLVED", solve: { length: 50 } });
    expect(
      worker.logs.some(
        (line) => line.msg === "reconciler re-added a missing job" && line.jobId === row.jobId,
      ),
    ).toBe(true);
  });

  it("sends a subscriber the final state it missed while Redis was away, once Redis is back", async () => {
    const { client, token } = await api.client().signUp();
    const puzzleId = await createPuzzle(client, BOARDS.hard);
    const solve = await requestSolve(client, puzzleId, { ...IDA_LC, timeLimitSeconds: 600 });
    const watch = new ProgressWatch(api.wsUrl, token, solve.id);
    await watch.waitFor((event) => event.status === "RUNNING" && event.solve === null, 30_000);

    await redis.stop();
    // Stored in Postgres; its announcement is lost (no Redis to publish it on).
    const cancelled = await client.data<{ cancelSolve: { status: string } }>(
      `mutation ($id: ID!) { cancelSolve(id: $id) { status } }`,
      { id: solve.id },
    );
    expect(cancelled.cancelSolve.status).toBe("CANCELLED");
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(watch.events.some((event) => event.status === "CANCELLED")).toBe(false);

    await redis.start();
    const events = await watch.finished(20_000);
    expect(events.at(-1)).toMatchObject({ status: "CANCELLED", solve: { status: "CANCELLED" } });
  });
});

// A split search whose Redis restarts empty mid-search (its coordinator's state, clock and proven bound
// lived only there): the reconciler adds the job again from the Solve row and it is planned afresh.
// The time limit still counts from the row's startedAt (the job carries it), so the search ends by
// startedAt + limit, and a subscriber's proven bound never goes backwards (each stream keeps the
// highest bound it sent as a floor). Before: the limit restarted (a 35 s limit ended 56.5 s after its
// start) and the subscriber saw lowerBound 84 -> 72.
const LIMIT_S = 7;

/** The values of `key` over the events that have one. */
function series(events: readonly Record<string, unknown>[], key: string): number[] {
  return events.map((e) => e[key]).filter((v): v is number => typeof v === "number");
}

describe("Redis restarted empty during a split search", () => {
  it("keeps the time limit from the row's start, and a subscriber's proven bound never goes back", async () => {
    const { client, token } = await api.client().signUp();
    const puzzleId = await createPuzzle(client, BOARDS.endless, 5);
    const solve = await requestSolve(client, puzzleId, { ...IDA_LC, timeLimitSeconds: LIMIT_S });
    const watch = new ProgressWatch(api.wsUrl, token, solve.id);
    // Bounds proved above the plan's first one, a few seconds into the limit.
    const first = await watch.waitFor((e) => e.provenLowerBound !== null);
    const before = await watch.waitFor(
      (e) =>
        (e.provenLowerBound ?? 0) >= (first.provenLowerBound as number) + 4 && (e.elapsedMs ?? 0) >= 2500,
      15_000,
    );
    await redis.stop();
    await redis.start();

    const finished = await waitUntilFinished(client, solve.id, 20_000);
    expect(finished.status).toBe("TIMED_OUT");
    const row = await api.server.app.prisma.solve.findUniqueOrThrow({ where: { id: Number(solve.id) } });
    const ranMs = (row.finishedAt as Date).getTime() - (row.startedAt as Date).getTime();
    // Ended by startedAt + limit (plus the write): not the limit again from the re-added job's start.
    expect(ranMs).toBeLessThan(LIMIT_S * 1000 + 2000);
    expect(Math.abs((row.durationMs as number) - ranMs)).toBeLessThan(1500);
    expect(
      worker.logs.some(
        (line) => line.msg === "reconciler re-added a missing job" && line.jobId === row.jobId,
      ),
    ).toBe(true);

    const events = (await watch.finished(10_000)) as unknown as Record<string, unknown>[];
    expect(events.at(-1)?.status).toBe("TIMED_OUT");
    for (const key of ["lowerBound", "provenLowerBound"]) {
      const values = series(events, key);
      expect(values, key).toEqual([...values].sort((a, b) => a - b));
    }
    expect(series(events, "lowerBound").at(-1)).toBeGreaterThanOrEqual(before.provenLowerBound as number);
  }, 30_000);
});
