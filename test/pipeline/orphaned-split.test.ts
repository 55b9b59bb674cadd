// A split search that ends without its coordinator (docs/pipeline.md, "What stays behind"): its hot
// state and its unit jobs must not outlive its Solve. Cancelled while its job waits in the queue (every
// worker was stopped: the coordinator handed the job back), and failed for good when its worker died
// (stalled-job limit reached): the split keys are gone at once, and the next worker drops the units
// still queued (each stopped once it has run 20 ms: workers/deferred-liveness.ts).
import { describe, expect, it } from "vitest";
import { requestEndlessSplit } from "../helpers/endless-split.ts";
import { useTestServer } from "../helpers/server.ts";
import { FAST_PIPELINE, jobIdOf, useSplitRedis, waitUntilFinished } from "./pipeline.ts";
import type { WorkerProcess } from "./worker-process.ts";

const api = useTestServer({ env: FAST_PIPELINE });
const split = useSplitRedis(api);

const splitKeysOf = (jobId: string) => split.redis.keys(`${api.config.redisPrefix}:split:${jobId}*`);

async function queuedUnitsOf(jobId: string): Promise<number> {
  const jobs = await split.units.getJobs(["waiting", "prioritized", "active", "delayed"]);
  return jobs.filter((j) => j?.id?.startsWith(`unit-${jobId}-`)).length;
}

/** A split search of a board far beyond the test's patience, under way; `coordinator` runs its job. */
async function runningSplitSearch(candidates: readonly WorkerProcess[]) {
  const { client } = await api.client().signUp();
  const solve = await requestEndlessSplit(client, 600);
  const jobId = await jobIdOf(api, solve.id);
  const planned = (l: Record<string, unknown>) => l.msg === "split search planned" && l.jobId === jobId;
  const coordinator = await Promise.any(candidates.map((w) => w.waitForLog(planned).then(() => w)));
  // Its state is saved before its first unit jobs exist.
  while ((await queuedUnitsOf(jobId)) === 0) await new Promise((resolve) => setTimeout(resolve, 20));
  return { client, solve, jobId, coordinator };
}

const skipped = (jobId: string) => (l: Record<string, unknown>) =>
  l.msg === "unit of an ended search: outcome dropped" && l.jobId === jobId;

describe("a split search that ends without its coordinator", () => {
  it("cancelled while its job waits (no worker running): its keys go and its queued units are dropped", async () => {
    const first = await split.worker({ WORKER_SHUTDOWN_GRACE_MS: "200" });
    const { client, solve, jobId } = await runningSplitSearch([first]);
    // Every worker stops: the coordinator hands its job back to the queue, the units stay queued.
    await first.stop();
    expect((await splitKeysOf(jobId)).length).toBeGreaterThan(0);
    expect(await queuedUnitsOf(jobId)).toBeGreaterThan(0);

    const cancelled = await client.data<{ cancelSolve: { status: string } }>(
      `mutation ($id: ID!) { cancelSolve(id: $id) { status } }`,
      { id: solve.id },
    );
    expect(cancelled.cancelSolve.status).toBe("CANCELLED");
    // The waiting job was removed, and with it the search's hot state.
    expect(await splitKeysOf(jobId)).toEqual([]);

    // The next worker drops the units left queued instead of searching them.
    const next = await split.worker();
    await next.waitForLog(skipped(jobId), 10_000);
    const deadline = Date.now() + 5000;
    while ((await queuedUnitsOf(jobId)) > 0 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await queuedUnitsOf(jobId)).toBe(0);
    expect(await splitKeysOf(jobId)).toEqual([]);
  }, 60_000);

  it("failed for good when its coordinator's worker died: its keys and units go with it", async () => {
    // No second chance for a stalled job: the first stall fails it for good.
    const env = { WORKER_MAX_STALLED_COUNT: "0", SOLVER_THREADS: "1" };
    const [a, b] = await Promise.all([split.worker(env), split.worker(env)]);
    const { client, solve, jobId, coordinator } = await runningSplitSearch([a, b]);
    coordinator.signal("SIGKILL");
    await coordinator.exited;
    const done = await waitUntilFinished(client, solve.id, 20_000);
    expect(done.status).toBe("FAILED");
    const deadline = Date.now() + 5000;
    while (
      ((await splitKeysOf(jobId)).length > 0 || (await queuedUnitsOf(jobId)) > 0) &&
      Date.now() < deadline
    )
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await splitKeysOf(jobId)).toEqual([]);
    expect(await queuedUnitsOf(jobId)).toBe(0);
  }, 60_000);

  it("cancelled after its coordinator's worker died: the worker taking the job over clears it", async () => {
    const [a, b] = await Promise.all([split.worker(), split.worker()]);
    const { client, solve, jobId, coordinator } = await runningSplitSearch([a, b]);
    const survivor = coordinator === a ? b : a;
    coordinator.signal("SIGKILL");
    await coordinator.exited;
    // The job is still active (its lock not expired yet): not removed, taken over once it stalls.
    await client.data(`mutation ($id: ID!) { cancelSolve(id: $id) { status } }`, { id: solve.id });
    // Resumed from the saved state (or planned again, when the kill came before the first save).
    const takenOver = (l: Record<string, unknown>) =>
      (l.msg === "split search resumed" || l.msg === "split search planned") && l.jobId === jobId;
    await survivor.waitForLog(takenOver, 15_000);
    const deadline = Date.now() + 5000;
    while (
      ((await splitKeysOf(jobId)).length > 0 || (await queuedUnitsOf(jobId)) > 0) &&
      Date.now() < deadline
    )
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await splitKeysOf(jobId)).toEqual([]);
    expect(await queuedUnitsOf(jobId)).toBe(0);
    expect((await waitUntilFinished(client, solve.id)).status).toBe("CANCELLED");
  }, 60_000);
});
