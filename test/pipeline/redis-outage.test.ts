// Postgres is the source of truth: requests accepted while Redis is down are stored QUEUED and
// finish once Redis is back (empty: nothing was saved), because the reconciler adds the jobs again.
// The API and the worker use a Redis server of this test's own, which it stops and restarts. A
// subscriber misses nothing either: what was announced while Redis was away is read from Postgres when
// the API's subscriber connection is back (the safety re-check is pushed out of reach here). Last, a
// split search whose Redis restarts empty keeps its time limit and its subscriber's proven bound.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GraphQLClient } from "../helpers/graphql.ts";
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
import type { LogLine, WorkerProcess } from "./worker-process.ts";

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
// start) and the subscriber saw lowerBound 84 -> 72. The proven bound is stored on the row while the
// search runs (Solve.provenLowerBound, every SOLVE_CANCEL_POLL_MS) and the re-added job carries it:
// the new plan starts every unit there, so a subscriber who opens after the restart, the TIMED_OUT
// row's lowerBound and the re-planned search's bounds never go below it (before, the new plan started
// from h(root) again), and a search that finishes is still optimal.
const LIMIT_S = 7;

/** The values of `key` over the events that have one. */
function series(events: readonly Record<string, unknown>[], key: string): number[] {
  return events.map((e) => e[key]).filter((v): v is number => typeof v === "number");
}

/** The Solve's stored proven bound through the API (Solve.provenLowerBound), once at least `atLeast`. */
async function storedBound(client: GraphQLClient, id: string, atLeast: number): Promise<number> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const { solve } = await client.data<{ solve: { provenLowerBound: number | null } }>(
      "query ($id: ID!) { solve(id: $id) { provenLowerBound } }",
      { id },
    );
    if ((solve.provenLowerBound ?? 0) >= atLeast) return solve.provenLowerBound as number;
    if (Date.now() > deadline) throw new Error(`provenLowerBound ${solve.provenLowerBound} < ${atLeast}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Runs a split search until its proven bound has risen `steps` past the plan's first and at least
 * `minElapsedMs` in (and is stored on its row), restarts Redis empty, and waits for the job the
 * reconciler re-adds to be planned again. Returns the bound stored before the loss and the new plan.
 */
async function restartMidSearch(board: readonly number[], size: number, options: Record<string, unknown>) {
  const { client, token } = await api.client().signUp();
  const puzzleId = await createPuzzle(client, [...board], size);
  // Split at once (AUTO would first try the search whole for 250 ms and plan from the bound that try
  // proved, leaving too few bounds to prove before the limit for this test's premise).
  const solve = await requestSolve(client, puzzleId, { ...IDA_LC, split: true, ...options });
  const watch = new ProgressWatch(api.wsUrl, token, solve.id);
  // Bounds proved above the plan's first one, a few seconds into the limit.
  const first = await watch.waitFor((e) => e.provenLowerBound !== null);
  const before = await watch.waitFor(
    (e) => (e.provenLowerBound ?? 0) >= (first.provenLowerBound as number) + 4 && (e.elapsedMs ?? 0) >= 2500,
    15_000,
  );
  const stored = await storedBound(client, solve.id, before.provenLowerBound as number);
  const { jobId } = await api.server.app.prisma.solve.findUniqueOrThrow({ where: { id: Number(solve.id) } });
  const planned = (line: LogLine) => line.msg === "split search planned" && line.jobId === jobId;
  const firstPlan = worker.logs.find(planned);
  expect(firstPlan?.rootBound).toBeLessThan(stored);
  await redis.stop();
  await redis.start();
  const replanned = await worker.waitForLog((line) => planned(line) && line !== firstPlan, 15_000);
  return { client, token, solve, watch, before, stored, jobId, replanned };
}

describe("Redis restarted empty during a split search", () => {
  it("keeps the time limit from the row's start, and the bound proved before the loss", async () => {
    const { client, token, solve, watch, before, stored, jobId, replanned } = await restartMidSearch(
      BOARDS.endless,
      5,
      { timeLimitSeconds: LIMIT_S },
    );
    // The new plan starts at the stored bound, not at h(root).
    expect(replanned.rootBound as number).toBeGreaterThanOrEqual(stored);
    // A subscriber who opens now starts from it too (the row's bound, then the new plan's).
    const late = new ProgressWatch(api.wsUrl, token, solve.id);

    const finished = await waitUntilFinished(client, solve.id, 20_000);
    expect(finished.status).toBe("TIMED_OUT");
    const row = await api.server.app.prisma.solve.findUniqueOrThrow({ where: { id: Number(solve.id) } });
    const ranMs = (row.finishedAt as Date).getTime() - (row.startedAt as Date).getTime();
    // Ended by startedAt + limit (plus the write): not the limit again from the re-added job's start.
    expect(ranMs).toBeLessThan(LIMIT_S * 1000 + 2000);
    expect(Math.abs((row.durationMs as number) - ranMs)).toBeLessThan(1500);
    expect(
      worker.logs.some((line) => line.msg === "reconciler re-added a missing job" && line.jobId === jobId),
    ).toBe(true);
    // What the search proved before the loss is not lost from the result.
    expect(row.lowerBound).toBeGreaterThanOrEqual(stored);
    expect(row.provenLowerBound).toBeGreaterThanOrEqual(stored);

    const events = (await watch.finished(10_000)) as unknown as Record<string, unknown>[];
    expect(events.at(-1)?.status).toBe("TIMED_OUT");
    for (const key of ["lowerBound", "provenLowerBound"]) {
      const values = series(events, key);
      expect(values, key).toEqual([...values].sort((a, b) => a - b));
    }
    expect(series(events, "lowerBound").at(-1)).toBeGreaterThanOrEqual(before.provenLowerBound as number);
    const lateEvents = (await late.finished(10_000)) as unknown as Record<string, unknown>[];
    expect(lateEvents[0]).toMatchObject({ status: "RUNNING" });
    expect(lateEvents[0]?.lowerBound as number).toBeGreaterThanOrEqual(stored);
    for (const key of ["lowerBound", "provenLowerBound"])
      for (const value of series(lateEvents, key)) expect(value, key).toBeGreaterThanOrEqual(stored);
  }, 40_000);

  it("finishes a search planned again from the stored bound with the optimal answer", async () => {
    // Korf's #60 (66 moves): ~5 s over two threads; Redis restarts once bound 4 above the first is proved.
    const { client, solve, stored, replanned } = await restartMidSearch(BOARDS.hard, 4, {
      timeLimitSeconds: 120,
    });
    expect(replanned.rootBound as number).toBeGreaterThanOrEqual(stored);
    const finished = await waitUntilFinished(client, solve.id, 60_000);
    expect(finished).toMatchObject({ status: "SOLVED", length: 66, optimal: true, lowerBound: 66 });
    expect(stored).toBeLessThanOrEqual(66);
  }, 90_000);
});
