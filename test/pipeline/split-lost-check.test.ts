// A split search's coordinator looks up the jobs of units in flight for SPLIT_LOST_CHECK_MS and
// queues again those gone for good (docs/distributed.md, "Lost units"). A unit job is also gone once
// it has finished (removed on completion), having pushed its outcome first: its unit must be folded,
// not released as lost. With the check on every pass (1 ms), units finish between the coordinator's read
// of the outcomes and its look-up all the time; when the look-up came after the read, each such unit
// was released with a "unit lost: queued again" warning although nothing was lost (9-12 of them in
// this search).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPuzzle as corePuzzle, replayMoves } from "../../src/core/puzzle.ts";
import { useTestServer } from "../helpers/server.ts";
import {
  BOARDS,
  FAST_PIPELINE,
  IDA_LC,
  createPuzzle,
  requestSolve,
  startWorker,
  waitUntilFinished,
  jobIdOf,
} from "./pipeline.ts";
import type { WorkerProcess } from "./worker-process.ts";

const api = useTestServer({ env: FAST_PIPELINE });
let worker: WorkerProcess;

beforeAll(async () => {
  worker = await startWorker(api, { SOLVER_THREADS: "2", SPLIT_LOST_CHECK_MS: "1", DAILY_PUZZLES: "false" });
}, 120_000);

afterAll(async () => {
  await worker?.stop();
});

describe("a split search whose units are looked up on every pass", () => {
  it("folds the units that finished and queues none of them again", async () => {
    const { client } = await api.client().signUp();
    const puzzleId = await createPuzzle(client, BOARDS.twoSeconds);
    const solve = await requestSolve(client, puzzleId, { ...IDA_LC, split: true });
    const jobId = await jobIdOf(api, solve.id);
    const done = await worker.waitForLog((l) => l.msg === "split search done" && l.jobId === jobId, 60_000);
    const finished = await waitUntilFinished(client, solve.id, 30_000);
    expect(finished).toMatchObject({ status: "SOLVED", length: 56 });
    const spec = corePuzzle({ kind: "sliding", rows: 4, cols: 4, start: BOARDS.twoSeconds });
    expect(replayMoves(spec, finished.moves ?? "").solved).toBe(true);
    expect(Number(done.unitResults)).toBeGreaterThan(10);
    expect(done).toMatchObject({ unexpected: 0, reissued: 0 });
    expect(worker.logs.filter((l) => l.msg === "unit lost: queued again" && l.jobId === jobId)).toEqual([]);
  }, 90_000);
});
