import { afterAll, describe, expect, it } from "vitest";
import { useTestServer } from "../helpers/server.ts";
import {
  BOARDS,
  FAST_PIPELINE,
  scratchPdbDir,
  createPuzzle,
  readSolve,
  requestSolve,
  startWorker,
  waitUntilFinished,
} from "./pipeline.ts";
import type { WorkerProcess } from "./worker-process.ts";

const api = useTestServer({ env: { ...FAST_PIPELINE, MAX_OPEN_SOLVES_PER_USER: "3" } });
/** Three moves from the goal: the split search's plan meets the goal while expanding its frontier. */
const NEAR_GOAL = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 0, 13, 14, 15];
// No table anywhere the worker looks: an empty PDB_DIR, and none to load.
const emptyPdbDir = scratchPdbDir("unheld-pdb-");
let worker: WorkerProcess | undefined;

afterAll(async () => {
  await worker?.stop();
});

describe("a queued search whose pattern database no worker holds", () => {
  it("ends FAILED with HEURISTIC_UNAVAILABLE as soon as a worker takes it, split or not, near its goal too", async () => {
    const { client } = await api.client().signUp();
    const split = await createPuzzle(client, BOARDS.second);
    const whole = await createPuzzle(client, BOARDS.another);
    const near = await createPuzzle(client, NEAR_GOAL);
    const options = { algorithm: "IDA_STAR", heuristic: "PDB_555", timeLimitSeconds: 60 };
    const queued = [
      await requestSolve(client, split, { ...options, split: true }),
      await requestSolve(client, whole, { ...options, split: false }),
      // Before: SOLVED, "heuristicUsed: pdb:555" and unitsTotal 0, from a worker holding no 5-5-5 table.
      await requestSolve(client, near, { ...options, split: true }),
    ];
    expect(queued.map((s) => s.status)).toEqual(["QUEUED", "QUEUED", "QUEUED"]);
    // The three open-solve slots are held.
    const third = await createPuzzle(client, BOARDS.quick);
    const refused = await client.error(
      `mutation ($id: ID!) { requestSolve(puzzleId: $id, options: { heuristic: LINEAR_CONFLICT }) { id } }`,
      { id: third },
    );
    expect(refused.extensions?.code).toBe("LIMIT_EXCEEDED");

    const started = Date.now();
    worker = await startWorker(api, { PDB_DIR: emptyPdbDir, WORKER_PDBS: "none", DAILY_PUZZLES: "false" });
    // Well before the 60 s time limit (a split search used to end TIMED_OUT then; one on one thread
    // stayed RUNNING, its unit handed out again and again).
    const ended = await Promise.all(queued.map((solve) => waitUntilFinished(client, solve.id, 20_000)));
    expect(Date.now() - started).toBeLessThan(25_000);
    for (const solve of ended) {
      expect(solve.status).toBe("FAILED");
      expect(solve.error).toMatch(
        /^HEURISTIC_UNAVAILABLE: heuristic PDB_555 is not loaded by any live worker/,
      );
      expect(solve.error).toContain("npx puzzle pdb build 555");
    }
    expect(ended.map((s) => s.split)).toEqual([true, false, true]);
    // Nothing is left running on the worker: no unit handed out again after the failure.
    // (The worker's log lines may reach us a moment after the rows changed.)
    const failedLines = () => worker?.logs.filter((line) => line.msg === "search failed") ?? [];
    for (let waited = 0; failedLines().length < 3 && waited < 5000; waited += 100)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(failedLines()).toHaveLength(3);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    for (const solve of queued) expect((await readSolve(client, solve.id)).status).toBe("FAILED");
    expect(worker.logs.filter((line) => line.msg === "whole-search unit lost: queued again")).toHaveLength(0);

    // The slots are free again: the user may ask for another search, which runs.
    const next = await requestSolve(client, third, { algorithm: "IDA_STAR", heuristic: "LINEAR_CONFLICT" });
    expect((await waitUntilFinished(client, next.id, 20_000)).status).toBe("SOLVED");
  }, 60_000);
});
