// An IDA* search run whole (`split: false`) is time-sliced as a split search's units are
// (docs/distributed.md, "Whole searches' time slices"): once it has run SPLIT_UNIT_SLICE_MS while
// another owner's unit waits, its thread stops it, and its coordinator queues it again (at its
// owner's fair-share priority, so the other unit goes first) going on from the bound it proved, its
// next slice twice as long. Before, it held its thread to its end or its limit: on a one-thread fleet
// another user's search that needs milliseconds waited the whole ~5-10 s of Korf's #60 here.
import { Queue } from "bullmq";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPuzzle as corePuzzle, replayMoves } from "../../src/core/puzzle.ts";
import { UNIT_QUEUE, wholeJobId } from "../../src/solves/index.ts";
import { useTestServer } from "../helpers/server.ts";
import {
  BOARDS,
  FAST_PIPELINE,
  IDA_LC,
  createPuzzle,
  jobIdOf,
  requestSolve,
  rootBound,
  startWorker,
  waitUntilFinished,
} from "./pipeline.ts";
import type { LogLine, WorkerProcess } from "./worker-process.ts";

type User = Awaited<ReturnType<ReturnType<typeof api.client>["signUp"]>>;

const api = useTestServer({ env: FAST_PIPELINE });
let worker: WorkerProcess;
let units: Queue;
let [zoe, alice]: User[] = [];

const SLICED = "whole search sliced: queued again";

beforeAll(async () => {
  // One solver thread: whoever holds it keeps every other search waiting unless it is sliced.
  worker = await startWorker(api, { SOLVER_THREADS: "1", SPLIT_UNIT_SLICE_MS: "500" });
  units = new Queue(UNIT_QUEUE, { connection: { url: api.config.redisUrl }, prefix: api.config.redisPrefix });
  zoe = await api.client().signUp();
  alice = await api.client().signUp();
}, 60_000);

afterAll(async () => {
  await units?.close();
  await worker?.stop();
});

/** Zoe's whole search of `board`, once its thread has taken it. */
async function zoesWholeSearch(board: readonly number[], timeLimitSeconds: number) {
  const puzzle = await createPuzzle(zoe.client, board);
  const solve = await requestSolve(zoe.client, puzzle, { ...IDA_LC, split: false, timeLimitSeconds });
  const jobId = await jobIdOf(api, solve.id);
  const until = Date.now() + 15_000;
  while ((await units.getJobState(wholeJobId(jobId))) !== "active") {
    if (Date.now() > until) throw new Error("the whole search never took the thread");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { solve, jobId, sliced: (line: LogLine) => line.msg === SLICED && line.jobId === jobId };
}

describe("a whole IDA* search on the only thread", () => {
  it("lets another user's small search through within a slice, then goes on from its bound to the optimum", async () => {
    // Korf's #60: seconds with linear conflict.
    const { solve, jobId, sliced } = await zoesWholeSearch(BOARDS.hard, 120);
    const asked = Date.now();
    const small = await requestSolve(alice.client, await createPuzzle(alice.client, BOARDS.quick), IDA_LC);
    const quick = await waitUntilFinished(alice.client, small.id, 30_000);
    const waited = Date.now() - asked;
    expect(quick).toMatchObject({ status: "SOLVED", length: 50, optimal: true });
    // About one slice (500 ms) and the small search; before, Korf's #60 to its end (5-10 s here).
    expect(waited).toBeLessThan(3000);
    const slice = await worker.waitForLog(sliced, 5000);
    expect(slice.slices).toBe(1);
    expect(slice.bound).toBeGreaterThanOrEqual(rootBound(BOARDS.hard, 4));
    expect(slice.nodes).toBeGreaterThan(0);

    const ended = await waitUntilFinished(zoe.client, solve.id, 90_000);
    expect(ended).toMatchObject({ status: "SOLVED", length: 66, optimal: true, unitsTotal: null });
    const start = corePuzzle({ kind: "sliding", rows: 4, cols: 4, start: [...BOARDS.hard] });
    expect(replayMoves(start, ended.moves as string).solved).toBe(true);
    // Its nodes count every slice's, the stopped one's included.
    expect(ended.nodesExpanded).toBeGreaterThan(slice.nodes as number);
    expect(jobId).toMatch(/^solve-/);
  }, 120_000);

  it("ends at its time limit with the bound and nodes of its slices", async () => {
    // A 5x5 board linear conflict never solves in a test's time.
    const { solve, sliced } = await zoesWholeSearch(BOARDS.endless, 3);
    await requestSolve(alice.client, await createPuzzle(alice.client, BOARDS.second), IDA_LC);
    const slice = await worker.waitForLog(sliced, 5000);
    const ended = await waitUntilFinished(zoe.client, solve.id, 30_000);
    expect(ended.status).toBe("TIMED_OUT");
    expect(ended.lowerBound).toBeGreaterThanOrEqual(rootBound(BOARDS.endless, 5));
    expect(ended.lowerBound).toBeGreaterThanOrEqual(slice.bound as number);
    expect(ended.nodesExpanded).toBeGreaterThanOrEqual(slice.nodes as number);
  }, 60_000);
});
