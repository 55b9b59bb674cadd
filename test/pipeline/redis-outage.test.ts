// Postgres is the source of truth: requests accepted while Redis is down are stored QUEUED and
// finish once Redis is back (empty: nothing was saved), because the reconciler adds the jobs again.
// The API and the worker use a Redis server of this test's own, which it stops and restarts.
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
  api = await startTestServer({ env: { ...FAST_PIPELINE, REDIS_URL: redis.url } });
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
});
