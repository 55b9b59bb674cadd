// A whole search (one unit job holding the search: A*, 3x3, split: false) is coordinated like a
// split one: its coordinator looks its job up every SPLIT_LOST_CHECK_MS and queues it again when it
// is gone for good (docs/distributed.md, "Lost units"). A job is gone too once it has finished
// (removed on completion), having pushed its outcome first. Here the job finishes exactly while the
// coordinator looks it up: it must then read that outcome and answer, not call the job lost and
// queue the whole search again (which searched it a second time for nobody when the new job started
// before the state was cleared). Real Redis and BullMQ; the coordinator in this process, no worker.
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPuzzle } from "../../src/core/puzzle.ts";
import { UNIT_DONE_TOPIC, type UnitOutcome, wholeJobId } from "../../src/solves/index.ts";
import { SplitCoordinator } from "../../workers/split-coordinator.ts";
import { CoordinatorRedis } from "./coordinator-redis.ts";

let open: CoordinatorRedis;

beforeAll(() => {
  open = new CoordinatorRedis();
});

afterAll(() => open?.close());

describe("a whole search's job that finishes while its coordinator looks it up", () => {
  it("is answered from its outcome, and not queued again as lost", async () => {
    const { units, store, events } = open;
    const searchId = "solve-whole-lost-check";
    const id = wholeJobId(searchId);
    const answer = { status: "solved", length: 1, moves: "R", nodes: 2, optimal: true };
    // The look-up (getJobState) is when the job finishes: its outcome pushed, then the job removed,
    // as a worker's unit processor and BullMQ do.
    const lookUp = units.getJobState.bind(units);
    let finishedAt: number | undefined;
    units.getJobState = async (jobId: string) => {
      if (jobId === id && finishedAt === undefined) {
        const outcome: UnitOutcome = { unitJobId: id, result: answer, thread: "w/1", runs: 1 };
        await store.push(searchId, outcome, { owner: "platform", tag: 1, costMs: 1 }, UNIT_DONE_TOPIC);
        await (await units.getJob(id))?.remove();
        finishedAt = Date.now();
      }
      return lookUp(jobId);
    };
    const warnings: string[] = [];
    const coordinatorLog = pino(
      { level: "warn" },
      { write: (line: string) => warnings.push(JSON.parse(line).msg) },
    );
    const coordinator = new SplitCoordinator({
      store,
      units,
      events,
      liveThreads: async () => 1,
      log: coordinatorLog,
      lostCheckMs: 1,
    });
    try {
      const result = await coordinator.search(
        searchId,
        "token",
        {
          puzzleId: 1,
          canonicalKey: "k",
          spec: createPuzzle({ kind: "sliding", rows: 3, cols: 3, start: [1, 2, 3, 4, 5, 6, 7, 0, 8] }),
          algorithm: "astar",
          heuristic: "manhattan",
          timeLimitMs: 10_000,
        },
        {},
      );
      expect(finishedAt).toBeDefined();
      expect(result).toEqual(answer);
      expect(warnings).toEqual([]);
      // Nothing queued again: the unit queue holds no job of the search.
      expect(await units.getJob(id)).toBeUndefined();
    } finally {
      await coordinator.close();
    }
  });
});
