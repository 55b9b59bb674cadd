// A split search whose job BullMQ runs again with no state of it left in Redis (docs/distributed.md,
// "Redis restarted empty"): a job retried after a failed attempt, or a stalled job taken again after
// its worker died and its state was deleted, carries no proven bound in its data (only the reconciler's
// re-added job does). The worker reads the bound stored on the job's Solve rows when the job starts (in
// the read of a known answer it already makes) and plans from it: here the coordinator's worker is
// SIGKILLed once the stored bound is 4 above the first plan's, the search's split state and unit jobs
// are deleted, and a new worker takes the stalled job. Before, the new plan started from h(root) again.
import { describe, expect, it } from "vitest";
import { requestEndlessSplit } from "../helpers/endless-split.ts";
import { useTestServer } from "../helpers/server.ts";
import { storedBound } from "../helpers/stored-bound.ts";
import { FAST_PIPELINE, jobIdOf, startHardSplit, useSplitRedis, waitUntilFinished } from "./pipeline.ts";
import type { WorkerProcess } from "./worker-process.ts";

const api = useTestServer({ env: FAST_PIPELINE });
const split = useSplitRedis(api);

/**
 * The coordinator's worker dies; the search's state and unit jobs go (as with an empty Redis), the
 * search job stays active under its dead lock.
 */
async function killAndWipe(coordinator: WorkerProcess, jobId: string): Promise<void> {
  coordinator.signal("SIGKILL");
  await coordinator.exited;
  const splitKeys = await split.redis.keys(`${api.config.redisPrefix}:split:${jobId}*`);
  expect(splitKeys.length).toBeGreaterThan(0);
  await split.redis.del(...splitKeys);
  await split.units.obliterate({ force: true });
}

describe("a split search retried with no state left in Redis", () => {
  it("is planned again from the bound stored on its Solve row, and still ends optimal", async () => {
    const first = await split.worker();
    const { client, solve, jobId, planned, firstPlan } = await startHardSplit(api, first);
    const stored = await storedBound(api, solve.id, (firstPlan.rootBound as number) + 4);

    await killAndWipe(first, jobId);
    const row = await api.server.app.prisma.solve.findUniqueOrThrow({ where: { id: Number(solve.id) } });
    expect(row.status).toBe("RUNNING");

    // A new worker's stalled check takes the job again: no state, so it is planned afresh.
    const second = await split.worker();
    const replanned = await second.waitForLog(planned, 20_000);
    expect(firstPlan.rootBound as number).toBeLessThan(stored);
    expect(replanned.rootBound as number).toBeGreaterThanOrEqual(stored);
    expect(replanned.resumed).toBe(false);
    const finished = await waitUntilFinished(client, solve.id, 60_000);
    expect(finished).toMatchObject({ status: "SOLVED", length: 66, optimal: true, lowerBound: 66 });
    expect(stored).toBeLessThanOrEqual(66);
  }, 120_000);

  it("keeps its time limit counting from the first run's start", async () => {
    const first = await split.worker();
    const { client } = await api.client().signUp();
    const limitSeconds = 8;
    // Never solved in a test's time (the other case's board is solved by then: its answer is known).
    const solve = await requestEndlessSplit(client, limitSeconds);
    const jobId = await jobIdOf(api, solve.id);
    await first.waitForLog((line) => line.msg === "split search planned" && line.jobId === jobId, 15_000);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    await killAndWipe(first, jobId);

    // The new worker takes the stalled job ~3 s later with no state: the limit still ends the search
    // 8 s after it first started, not 8 s after the retry.
    await split.worker();
    const finished = await waitUntilFinished(client, solve.id, 60_000);
    expect(finished.status).toBe("TIMED_OUT");
    const row = await api.server.app.prisma.solve.findUniqueOrThrow({ where: { id: Number(solve.id) } });
    const ranMs = (row.finishedAt as Date).getTime() - (row.startedAt as Date).getTime();
    expect(ranMs).toBeGreaterThanOrEqual(limitSeconds * 1000);
    expect(ranMs).toBeLessThan(limitSeconds * 1000 + 1500);
  }, 120_000);
});
