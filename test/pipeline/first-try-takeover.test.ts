// An AUTO split search's first try (docs/distributed.md, "Which searches split") runs whole for
// 250 ms; its nodes count in the answer's. A coordinator that takes the search over after the split
// plan was saved resumes that plan from Redis: the first try's nodes must come with it (kept in the
// plan's record, SplitRecord.firstTryNodes). Before, only the coordinator that ran the first try knew
// them, and a takeover's answer counted the split plan's nodes alone.
import { describe, expect, it } from "vitest";
import { splitKeys } from "../../src/solves/index.ts";
import { useTestServer } from "../helpers/server.ts";
import * as pipeline from "./pipeline.ts";
import type { LogLine } from "./worker-process.ts";

const api = useTestServer({ env: pipeline.FAST_PIPELINE });
const split = pipeline.useSplitRedis(api);

const line = (msg: string, jobId: string) => (l: LogLine) => l.msg === msg && l.jobId === jobId;

describe("a takeover after an AUTO search's split plan was saved", () => {
  it("counts the first try's nodes in the answer", async () => {
    const first = await split.worker();
    const { client } = await api.client().signUp();
    const puzzleId = await pipeline.createPuzzle(client, pipeline.BOARDS.twoSeconds);
    const solve = await pipeline.requestSolve(client, puzzleId, pipeline.IDA_LC);
    const jobId = await pipeline.jobIdOf(api, solve.id);
    const tried = await first.waitForLog(line("first try ended", jobId), 15_000);
    expect(tried).toMatchObject({ status: "timed_out", split: true });
    expect(tried.nodes as number).toBeGreaterThan(0);
    // The coordinator's worker dies once the plan is saved in Redis (its first pass saves it).
    await first.waitForLog(line("split search planned", jobId), 5000);
    const stateKey = splitKeys(api.config.redisPrefix, jobId).state;
    const deadline = Date.now() + 5000;
    while (!((await split.redis.get(stateKey)) ?? "").includes('"split"')) {
      expect(Date.now()).toBeLessThan(deadline);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    first.signal("SIGKILL");
    await first.exited;

    const second = await split.worker();
    const resumed = await second.waitForLog(line("split search resumed", jobId), 30_000);
    expect(resumed.resumed).toBe(true);
    const finished = await pipeline.waitUntilFinished(client, solve.id, 60_000);
    expect(finished).toMatchObject({ status: "SOLVED", length: 56, optimal: true });
    const done = await second.waitForLog(line("split search done", jobId), 5000);
    // The split plan's nodes (every unit folded, by either coordinator) plus the first try's.
    expect(finished.nodesExpanded).toBe((done.nodes as number) + (tried.nodes as number));
  }, 90_000);
});
