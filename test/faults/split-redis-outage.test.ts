// Redis stopped for 10 s in the middle of a split search on two worker processes, then restarted
// empty (nothing saved): the units in flight, the coordinator's state and the queues are gone. The
// reconciler adds the search job again (Postgres says it waits), a coordinator plans it afresh, and
// the search ends SOLVED and optimal, with exactly one result row and no worker crashed.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPuzzle as corePuzzle, replayMoves } from "../../src/core/puzzle.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import {
  BOARDS,
  FAST_PIPELINE,
  IDA_LC,
  ProgressWatch,
  createPuzzle,
  requestSolve,
  startWorker,
  waitUntilFinished,
} from "../pipeline/pipeline.ts";
import { RedisChild } from "../pipeline/redis-child.ts";
import type { WorkerProcess } from "../pipeline/worker-process.ts";

const OUTAGE_MS = 10_000;
let redis: RedisChild;
let api: TestServer;
let workers: WorkerProcess[] = [];

beforeAll(async () => {
  redis = await RedisChild.start();
  api = await startTestServer({ env: { ...FAST_PIPELINE, REDIS_URL: redis.url } });
  workers = await Promise.all([
    startWorker(api, { SOLVER_THREADS: "1" }),
    startWorker(api, { SOLVER_THREADS: "1" }),
  ]);
}, 120_000);

afterAll(async () => {
  await Promise.all(workers.map((w) => w.stop()));
  await api?.close();
  await redis?.stop();
});

describe("Redis away for 10 s mid-way through a split search", () => {
  it("resumes the search once Redis is back and finishes it optimal, one result", async () => {
    const { client, token } = await api.client().signUp();
    const puzzleId = await createPuzzle(client, BOARDS.twoSeconds);
    const solve = await requestSolve(client, puzzleId, IDA_LC);
    const watch = new ProgressWatch(api.wsUrl, token, solve.id);
    await watch.waitFor((e) => e.unitsTotal !== null, 20_000);
    await redis.stop();
    await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS));
    await redis.start();
    const finished = await waitUntilFinished(client, solve.id, 90_000);
    expect(finished.status).toBe("SOLVED");
    expect(finished.length).toBe(56);
    const spec = corePuzzle({ kind: "sliding", rows: 4, cols: 4, start: BOARDS.twoSeconds });
    expect(replayMoves(spec, finished.moves ?? "").solved).toBe(true);
    const row = await api.server.app.prisma.solve.findUniqueOrThrow({ where: { id: Number(solve.id) } });
    expect(await api.server.app.prisma.solve.count({ where: { jobId: row.jobId } })).toBe(1);
    for (const worker of workers) expect(worker.alive).toBe(true);
  }, 150_000);
});
