// A search run whole on one thread (A*, `split: false`) whose unit waits in the unit queue behind
// another user's search holding the only solver thread (docs/distributed.md, "Cancel and time
// limits"). Its time limit counts from the search's start, the wait included, as a split search's:
// out of time before a thread took it, the unit is removed and the search ends TIMED_OUT at its
// limit, with the figures of a search that never ran (the algorithm and heuristic asked for, no
// nodes, h(start) as lower bound); cancelled while queued, it ends at once the same way; taken late,
// its thread gets only what is left. Before, such a search ended TIMED_OUT 5 s past its limit as
// "IDA_STAR" with lower bound 0, and one taken late ran its whole limit from then.
import { Queue } from "bullmq";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UNIT_QUEUE, wholeJobId } from "../../src/solves/index.ts";
import type { GraphQLClient } from "../helpers/graphql.ts";
import { useTestServer } from "../helpers/server.ts";
import {
  BOARDS,
  FAST_PIPELINE,
  IDA_LC,
  createPuzzle,
  jobIdOf,
  readSolve,
  requestSolve,
  rootBound,
  startWorker,
  waitUntilFinished,
} from "./pipeline.ts";
import type { WorkerProcess } from "./worker-process.ts";

const api = useTestServer({ env: FAST_PIPELINE });
let worker: WorkerProcess;
let units: Queue;
let zoe: { token: string; client: GraphQLClient };
let alice: { token: string; client: GraphQLClient };
/** Zoe's whole search holding the only thread (Manhattan on Korf's #60: far longer than the tests). */
let blocker: string;

const CANCEL = `mutation ($id: ID!) { cancelSolve(id: $id) { status } }`;

interface Timed {
  status: string;
  algorithmUsed: string | null;
  heuristicUsed: string | null;
  lowerBound: number | null;
  nodesExpanded: number | null;
  durationMs: number | null;
  startedAt: string | null;
  finishedAt: string | null;
}

/** The solve's stored figures (readSolve's view has no timestamps in its type). */
async function timed(id: string): Promise<Timed> {
  return (await readSolve(alice.client, id)) as unknown as Timed;
}

/** Whether the search's unit job is anywhere in the unit queue (queued, running or delayed). */
async function unitQueued(solveId: string): Promise<boolean> {
  const id = wholeJobId(await jobIdOf(api, solveId));
  return (await units.getJob(id)) !== undefined;
}

/** Waits until the solve's coordinator has taken it (RUNNING) with its unit in the queue. */
async function queuedBehindBlocker(solveId: string): Promise<void> {
  const until = Date.now() + 10_000;
  for (;;) {
    if ((await readSolve(alice.client, solveId)).status === "RUNNING" && (await unitQueued(solveId))) return;
    expect(Date.now()).toBeLessThan(until);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  // The blocker is never time-sliced here (whole searches are sliced as units are when another
  // owner's unit waits: whole-search-slices.test.ts): these tests are about the searches behind it.
  worker = await startWorker(api, {
    SOLVER_THREADS: "1",
    WORKER_HEARTBEAT_MS: "300",
    SPLIT_UNIT_SLICE_MS: "600000",
  });
  units = new Queue(UNIT_QUEUE, { connection: { url: api.config.redisUrl }, prefix: api.config.redisPrefix });
  zoe = await api.client().signUp();
  alice = await api.client().signUp();
  const puzzle = await createPuzzle(zoe.client, BOARDS.hard);
  blocker = (
    await requestSolve(zoe.client, puzzle, { heuristic: "MANHATTAN", split: false, timeLimitSeconds: 120 })
  ).id;
  // Its unit on the thread.
  const id = wholeJobId(await jobIdOf(api, blocker));
  const until = Date.now() + 20_000;
  while ((await units.getJobState(id)) !== "active") {
    if (Date.now() > until) throw new Error("the blocking search never took the thread");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}, 120_000);

afterAll(async () => {
  await zoe?.client.data(CANCEL, { id: blocker }).catch(() => undefined);
  await units?.close();
  await worker?.stop();
});

describe("a whole search queued behind another user's search on the only thread", () => {
  for (const [name, options, algorithmUsed, limitMs] of [
    ["A*", { algorithm: "ASTAR", heuristic: "LINEAR_CONFLICT", timeLimitSeconds: 2 }, "ASTAR", 2000],
    ["IDA* with split: false", { ...IDA_LC, split: false, timeLimitSeconds: 3 }, "IDA_STAR", 3000],
  ] as const) {
    it(`${name}: ends TIMED_OUT at its limit with what is known, its unit removed`, async () => {
      const puzzle = await createPuzzle(alice.client, BOARDS.second);
      const solve = await requestSolve(alice.client, puzzle, options);
      const ended = (await waitUntilFinished(alice.client, solve.id, 20_000)) as unknown as Timed;
      expect(ended).toMatchObject({
        status: "TIMED_OUT",
        algorithmUsed,
        heuristicUsed: "linear-conflict",
        // What the board proves: h(start) at the solutions' parity (before: 0).
        lowerBound: rootBound(BOARDS.second, 4),
        nodesExpanded: 0,
      });
      // At the limit, counted from the start as a split search's (before: 5 s later).
      const took = Date.parse(ended.finishedAt as string) - Date.parse(ended.startedAt as string);
      expect(took).toBeGreaterThanOrEqual(limitMs - 100);
      // Room for a loaded 2-core machine; before, the search ended 5 s late.
      expect(took).toBeLessThan(limitMs + 2500);
      expect(ended.durationMs).toBeLessThan(limitMs + 2500);
      expect(await unitQueued(solve.id)).toBe(false);
      // The blocker still holds the thread, and nobody called the queued unit silent.
      expect((await readSolve(zoe.client, blocker)).status).toBe("RUNNING");
      expect(worker.logs.filter((line) => line.msg === "whole search never answered: timed out")).toEqual([]);
    }, 30_000);
  }

  it("cancelled while queued: ends CANCELLED at once, its unit removed, with the figures of a search never run", async () => {
    const puzzle = await createPuzzle(alice.client, BOARDS.another);
    const solve = await requestSolve(alice.client, puzzle, {
      algorithm: "IDA_STAR",
      heuristic: "MANHATTAN",
      split: false,
      timeLimitSeconds: 60,
    });
    await queuedBehindBlocker(solve.id);
    const cancelledAt = Date.now();
    await alice.client.data(CANCEL, { id: solve.id });
    // The worker's write fills in the figures of the row the API already made CANCELLED.
    let read = await timed(solve.id);
    while (read.nodesExpanded === null) {
      // Room for a loaded 2-core machine (before, the write came a second late, with the figures
      // below wrong).
      expect(Date.now() - cancelledAt).toBeLessThan(2500);
      await new Promise((resolve) => setTimeout(resolve, 25));
      read = await timed(solve.id);
    }
    expect(read).toMatchObject({
      status: "CANCELLED",
      algorithmUsed: "IDA_STAR",
      heuristicUsed: "manhattan",
      lowerBound: rootBound(BOARDS.another, 4, "manhattan"),
      nodesExpanded: 0,
    });
    expect(await unitQueued(solve.id)).toBe(false);
  }, 30_000);

  it("taken by a thread late, runs with what is left of its limit only", async () => {
    // Korf's #60 with linear conflict needs ~9 s: it runs until its limit.
    const puzzle = await createPuzzle(alice.client, BOARDS.hard);
    const solve = await requestSolve(alice.client, puzzle, { ...IDA_LC, split: false, timeLimitSeconds: 4 });
    await queuedBehindBlocker(solve.id);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    // The thread frees: the queued search takes it with 1.5 s of its 4 left (before: all 4, from now).
    await zoe.client.data(CANCEL, { id: blocker });
    const ended = (await waitUntilFinished(alice.client, solve.id, 20_000)) as unknown as Timed;
    expect(ended).toMatchObject({
      status: "TIMED_OUT",
      algorithmUsed: "IDA_STAR",
      heuristicUsed: "linear-conflict",
    });
    expect(ended.nodesExpanded).toBeGreaterThan(0);
    expect(ended.lowerBound).toBeGreaterThanOrEqual(rootBound(BOARDS.hard, 4));
    const took = Date.parse(ended.finishedAt as string) - Date.parse(ended.startedAt as string);
    // Room for a loaded 2-core machine; before, it ran its whole 4 s from the thread's take (6.5 s).
    expect(took).toBeLessThan(4000 + 2000);
  }, 30_000);
});
