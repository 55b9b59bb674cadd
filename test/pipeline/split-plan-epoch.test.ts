// A split search whose state in Redis is gone while unit jobs of its plan are still queued (the
// opposite of retried-split.test.ts, which deletes both): the search is planned afresh, and its unit
// ids start from 0 again. Each plan has an epoch, in its unit job ids and data (docs/distributed.md,
// "Plan epochs"): the new plan's units are queued under ids of their own (before, an add under an id
// still held by a leftover job was ignored, and the leftover, another plan's task, ran in its place),
// a leftover job's outcome is dropped (stopped once it has run 20 ms, or refused by the push if
// shorter: workers/deferred-liveness.ts), and an outcome of the old plan that reaches the new plan's results
// list is discarded (before, it was folded into the new plan's unit of the same id and round).
//
// The unit queue is paused while the first worker plans and dies and the second plans again, so the
// first plan's units are all still queued then (as behind other users' units on a busy fleet); its
// outcomes reaching the new plan are pushed by the test, as from units that ran across the loss: each
// says "exhausted", which a unit whose path the move machine prunes does say (docs/distributed.md, 6).
import { describe, expect, it } from "vitest";
import { type UnitOutcome, splitKeys } from "../../src/solves/index.ts";
import { useTestServer } from "../helpers/server.ts";
import { FAST_PIPELINE, startHardSplit, useSplitRedis, waitUntilFinished } from "./pipeline.ts";

const api = useTestServer({ env: FAST_PIPELINE });
const split = useSplitRedis(api);

/** The search's unit jobs in the queue (waiting or prioritized: the queue is paused). */
async function queuedUnits(jobId: string): Promise<{ id: string; data: unknown }[]> {
  const jobs = await split.units.getJobs(["waiting", "prioritized", "delayed", "active"]);
  return jobs
    .filter((job) => job?.id?.startsWith(`unit-${jobId}-`))
    .map((job) => ({ id: job.id as string, data: job.data }));
}

async function until<T>(what: string, read: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("a split search planned afresh while its old plan's unit jobs are left", () => {
  it("runs its own units, folds nothing of the old plan, and ends optimal", async () => {
    await split.units.pause();
    const first = await split.worker();
    const { client, solve, jobId, planned, firstPlan } = await startHardSplit(api, first);
    // The first plan's first units, queued and never run (round 0: the ids a new plan starts with).
    const leftovers = await until("the first plan's units", async () => {
      const queued = await queuedUnits(jobId);
      return queued.length >= 2 ? queued : undefined;
    });

    // The coordinator's worker dies and the search's state goes; its unit jobs stay queued.
    first.signal("SIGKILL");
    await first.exited;
    const keys = await split.redis.keys(`${api.config.redisPrefix}:split:${jobId}*`);
    expect(keys.length).toBeGreaterThan(0);
    await split.redis.del(...keys);

    // A new worker takes the stalled job: no state, a new plan.
    const second = await split.worker({ LOG_LEVEL: "debug" });
    const replanned = await second.waitForLog(planned, 20_000);
    expect(replanned.resumed).toBe(false);
    // The new plan's units are queued under ids of their own, beside the leftovers.
    const leftoverIds = new Set(leftovers.map((job) => job.id));
    await until("the new plan's unit jobs", async () =>
      (await queuedUnits(jobId)).some((job) => !leftoverIds.has(job.id)) ? true : undefined,
    );
    const ownIds = (await queuedUnits(jobId)).filter((job) => !leftoverIds.has(job.id));
    expect(ownIds.length).toBeGreaterThanOrEqual(leftovers.length);
    for (const job of leftovers)
      expect((await queuedUnits(jobId)).find((queued) => queued.id === job.id)?.data).toEqual(job.data);

    // The old plan's units reach the new plan's results list, each saying its subtree is exhausted.
    const results = splitKeys(api.config.redisPrefix, jobId).results;
    for (const job of leftovers) {
      const outcome: UnitOutcome = {
        unitJobId: job.id,
        result: { solution: null, nodes: 1000, nextBound: null },
        thread: "gone/1",
        runs: 1,
      };
      await split.redis.rpush(results, JSON.stringify(outcome));
    }
    await split.units.resume();

    const finished = await waitUntilFinished(client, solve.id, 60_000);
    expect(finished).toMatchObject({ status: "SOLVED", length: 66, optimal: true, lowerBound: 66 });
    const done = await second.waitForLog((line) => line.msg === "split search done" && line.jobId === jobId);

    // Nothing of the old plan folded: no unit result under a leftover's id was taken as current.
    const folded = second.logs.filter(
      (line) => line.msg === "unit result" && line.jobId === jobId && line.stale === false,
    );
    expect(folded.length).toBeGreaterThan(0);
    expect(folded.filter((line) => leftoverIds.has(line.unit as string))).toEqual([]);
    // The pushed outcomes discarded, the leftover jobs' own outcomes dropped.
    const discarded = second.logs.filter(
      (line) => line.msg === "outcome of another plan discarded" && line.jobId === jobId,
    );
    expect(new Set(discarded.map((line) => line.unit))).toEqual(leftoverIds);
    const skipped = second.logs.filter(
      (line) => line.msg === "unit of a replaced plan: outcome dropped" && line.jobId === jobId,
    );
    expect(new Set(skipped.map((line) => line.unit))).toEqual(leftoverIds);
    // Every unit job of the new plan accounted for by its own outcome; the old plan's apart.
    expect(done).toMatchObject({ foreign: leftovers.length, unexpected: 0, repeated: 0, abandoned: 0 });
    expect(done.handedOut).toBe((done.outcomes as number) + (done.withdrawn as number));
    expect(replanned.epoch).toMatch(/^[0-9a-z]{6}$/);
    expect(replanned.epoch).not.toBe(firstPlan.epoch);
  }, 120_000);
});
