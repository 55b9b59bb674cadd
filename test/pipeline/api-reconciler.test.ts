// With no worker process alive, a search past its time limit is still ended: the API runs the
// reconciler too (API_RECONCILER, on by default; src/solves/create-reconciler.ts). Here the only worker
// is SIGKILLed mid-search and none starts again. Before, the Solve stayed RUNNING until a worker came
// back and took the job over: forever, with none.
import { afterAll, describe, expect, it } from "vitest";
import { requestEndlessSplit } from "../helpers/endless-split.ts";
import { useTestServer } from "../helpers/server.ts";
import { storedBound } from "../helpers/stored-bound.ts";
import { FAST_PIPELINE, ProgressWatch, startWorker, waitUntilFinished } from "./pipeline.ts";
import type { WorkerProcess } from "./worker-process.ts";

const api = useTestServer({ env: { ...FAST_PIPELINE, API_RECONCILER: "true" } });
let worker: WorkerProcess | undefined;

afterAll(async () => {
  await worker?.stop();
});

describe("the API's reconciler, with no worker alive", () => {
  it("ends a search past its time limit TIMED_OUT, with the bound stored, and announces it", async () => {
    worker = await startWorker(api, { SOLVER_THREADS: "1", DAILY_PUZZLES: "false" });
    const { client, token } = await api.client().signUp();
    const limitSeconds = 6;
    const solve = await requestEndlessSplit(client, limitSeconds);
    const watch = new ProgressWatch(api.wsUrl, token, solve.id);
    const stored = await storedBound(api, solve.id);
    // Killed while it runs: its coordinator ends nothing.
    const running = await api.server.app.prisma.solve.findUniqueOrThrow({ where: { id: Number(solve.id) } });
    expect(running.status).toBe("RUNNING");
    worker.signal("SIGKILL");
    await worker.exited;

    const finished = await waitUntilFinished(client, solve.id, 30_000);
    expect(finished.status).toBe("TIMED_OUT");
    const row = await api.server.app.prisma.solve.findUniqueOrThrow({ where: { id: Number(solve.id) } });
    const ranMs = (row.finishedAt as Date).getTime() - (row.startedAt as Date).getTime();
    // Not before its limit and the reconciler's margin (5 s): a live coordinator's result would win.
    expect(ranMs).toBeGreaterThanOrEqual(limitSeconds * 1000 + 5000);
    expect(row.lowerBound as number).toBeGreaterThanOrEqual(stored);
    const events = await watch.finished(5000);
    expect(events.at(-1)).toMatchObject({ status: "TIMED_OUT" });
  }, 60_000);
});
