// An AUTO search that splits first runs whole under a short budget (its first try, FIRST_TRY_MS in
// workers/split-coordinator.ts; docs/distributed.md, "Which searches split"): a search that ends
// within it is answered at a whole search's cost, one that does not goes on split, planned from the
// bound the first try proved, on the search's clock. Before, an AUTO 4x4 search split at once, and a
// search a whole thread answers in 0.3 M nodes cost several times that split (its units' first jobs
// deepening past the answer).
import { Queue } from "bullmq";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createPuzzle as corePuzzle, replayMoves } from "../../src/core/puzzle.ts";
import { solve } from "../../src/core/solve.ts";
import { UNIT_QUEUE, wholeJobId } from "../../src/solves/index.ts";
import { useTestServer } from "../helpers/server.ts";
import * as pipeline from "./pipeline.ts";
import type { LogLine, WorkerProcess } from "./worker-process.ts";

const api = useTestServer({ env: pipeline.FAST_PIPELINE });
const started: WorkerProcess[] = [];
let units: Queue;

const spec4 = (start: readonly number[]) =>
  corePuzzle({ kind: "sliding", rows: 4, cols: 4, start: [...start] });

async function worker(env: Record<string, string> = {}): Promise<WorkerProcess> {
  const w = await pipeline.startWorker(api, { DAILY_PUZZLES: "false", ...env });
  started.push(w);
  return w;
}

const firstTry = (jobId: string) => (line: LogLine) => line.msg === "first try ended" && line.jobId === jobId;
const planned = (jobId: string) => (line: LogLine) =>
  line.msg === "split search planned" && line.jobId === jobId;

beforeAll(() => {
  units = new Queue(UNIT_QUEUE, { connection: { url: api.config.redisUrl }, prefix: api.config.redisPrefix });
});
afterEach(async () => {
  await units.resume();
  await Promise.all(started.splice(0).map((w) => w.stop()));
});
afterAll(() => units?.close());

/** A split search ended optimal in `length` moves that replay on `start`. */
function expectSplitOptimal(finished: pipeline.SolveView, start: readonly number[], length: number): void {
  expect(finished).toMatchObject({ status: "SOLVED", length, optimal: true });
  expect(finished.unitsTotal).toBeGreaterThan(1);
  expect(replayMoves(spec4(start), finished.moves as string).solved).toBe(true);
}

/** A new user's AUTO IDA* search (linear conflict) of a 4x4 `board`: the user's client, the Solve, its job id. */
async function ask(board: readonly number[]) {
  const { client } = await api.client().signUp();
  const puzzleId = await pipeline.createPuzzle(client, board);
  const solveView = await pipeline.requestSolve(client, puzzleId, pipeline.IDA_LC);
  return { client, solveView, jobId: await pipeline.jobIdOf(api, solveView.id) };
}

describe("an AUTO split search's first try", () => {
  it("answers a small 4x4 search whole: a whole search's nodes, no units", async () => {
    // 38 moves, ~1,500 nodes (a millisecond of one thread). The default budget, 250 ms, includes the
    // wait for a thread and the cold thread's first search: with five test files at once the first
    // try once ran past it, so this case gives it 10 s (SPLIT_FIRST_TRY_MS), as an operator may.
    const small = pipeline.walkedBoard(4, 6, 40);
    const w = await worker({ SPLIT_FIRST_TRY_MS: "10000" });
    const { client, solveView, jobId } = await ask(small);
    const finished = await pipeline.waitUntilFinished(client, solveView.id, 20_000);
    expect(finished.status).toBe("SOLVED");
    expect(finished.split).toBeNull(); // AUTO
    expect(finished.length).toBe(38);
    expect(finished.optimal).toBe(true);
    // Answered by its first try: no unit ran (unitsTotal null, as a whole search's), and its nodes are
    // one thread's unsplit IDA*'s (split at once it searched several times as many).
    expect(finished.unitsTotal).toBeNull();
    const whole = solve(spec4(small), { algorithm: "idastar", heuristic: "linear-conflict" });
    expect(whole.nodes).toBeLessThan(5000);
    expect(finished.nodesExpanded).toBe(whole.nodes);
    const line = await w.waitForLog(firstTry(jobId), 5000);
    expect(line).toMatchObject({ status: "solved", split: false });
    expect(w.logs.some(planned(jobId))).toBe(false);
  }, 60_000);

  it("lasts SPLIT_FIRST_TRY_MS: a ~1 s search under a 60 s budget is answered whole", async () => {
    // Under the default 250 ms a search this long splits (as BOARDS.second in the next case, which this
    // one leaves alone: its answer would be cached); ignoring the setting fails here.
    const w = await worker({ SPLIT_FIRST_TRY_MS: "60000" });
    const { client, solveView, jobId } = await ask(pipeline.BOARDS.another);
    const finished = await pipeline.waitUntilFinished(client, solveView.id, 60_000);
    expect(finished).toMatchObject({ status: "SOLVED", length: 54, optimal: true, unitsTotal: null });
    expect(await w.waitForLog(firstTry(jobId), 5000)).toMatchObject({ status: "solved", split: false });
    expect(w.logs.some(planned(jobId))).toBe(false);
  }, 90_000);

  it("splits a longer search from the bound its first try proved, which ends optimal", async () => {
    const w = await worker();
    const { client, solveView, jobId } = await ask(pipeline.BOARDS.second);
    const first = await w.waitForLog(firstTry(jobId), 10_000);
    expect(first).toMatchObject({ status: "timed_out", split: true });
    // The first try searched past its first iterations: it proved more than h(root).
    expect(first.lowerBound as number).toBeGreaterThan(pipeline.rootBound(pipeline.BOARDS.second, 4));
    const plan = await w.waitForLog(planned(jobId), 5000);
    expect(plan.rootBound as number).toBeGreaterThanOrEqual(first.lowerBound as number);
    const finished = await pipeline.waitUntilFinished(client, solveView.id, 60_000);
    expectSplitOptimal(finished, pipeline.BOARDS.second, 58);
    // The first try's work counts in the answer's, and its time in the search's.
    expect(finished.nodesExpanded).toBeGreaterThan(first.nodes as number);
    expect(finished.durationMs).toBeGreaterThanOrEqual(first.ms as number);
  }, 90_000);

  it("hands over at the start of an iteration it is forecast not to finish within its budget", async () => {
    // Korf's #60 with linear conflict: iterations grow ~9x (bound 62: 9 M nodes, ~0.6 s; 64: 73 M,
    // ~5 s). Under a 3 s budget the try finishes 62 and, at 64's start, forecasts past its budget: it
    // hands over there, at an iteration's edge and seconds early (SolveOptions.forecastTimeLimit),
    // instead of spending the rest of the 3 s on work the split searches again.
    const w = await worker({ SPLIT_FIRST_TRY_MS: "3000" });
    const { client, solveView, jobId } = await ask(pipeline.BOARDS.hard);
    const first = await w.waitForLog(firstTry(jobId), 10_000);
    expect(first).toMatchObject({ status: "timed_out", split: true, lowerBound: 64 });
    expect(first.ms as number).toBeLessThan(3000);
    // Its nodes are exactly the unsplit search's when iteration 64 starts (stopped at the budget, the
    // try would have searched part of that iteration too).
    let nodesAt64: number | undefined;
    solve(spec4(pipeline.BOARDS.hard), {
      algorithm: "idastar",
      heuristic: "linear-conflict",
      onProgress: (progress) => {
        if (progress.bound === 64) nodesAt64 ??= progress.nodes;
      },
      isCancelled: () => nodesAt64 !== undefined,
    });
    expect(first.nodes).toBe(nodesAt64);
    const finished = await pipeline.waitUntilFinished(client, solveView.id, 60_000);
    expectSplitOptimal(finished, pipeline.BOARDS.hard, 66);
  }, 90_000);

  it("goes on after a takeover during the first try: the first try ends, then the split plan", async () => {
    // The first try's unit stays queued (the unit queue paused) while its coordinator's worker dies.
    await units.pause();
    const a = await worker({ SOLVER_THREADS: "1" });
    const { client, solveView, jobId } = await ask(pipeline.BOARDS.twoSeconds);
    const deadline = Date.now() + 10_000;
    while ((await units.getJobState(wholeJobId(jobId))) === "unknown") {
      expect(Date.now()).toBeLessThan(deadline);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    a.signal("SIGKILL");
    await a.exited;
    // Another worker takes the stalled job over: it finds the first try's record and queued unit.
    const b = await worker({ SOLVER_THREADS: "1" });
    await b.waitForLog((line) => line.msg === "worker ready", 10_000);
    await new Promise((resolve) => setTimeout(resolve, 4000)); // the lock lapses, the job is taken
    await units.resume();
    const first = await b.waitForLog(firstTry(jobId), 20_000);
    // Its budget counted from the search's start, long gone: it times out at once and the search splits.
    expect(first).toMatchObject({ status: "timed_out", split: true });
    const plan = await b.waitForLog(planned(jobId), 5000);
    expect(plan.resumed).toBe(false);
    expect(plan.rootBound as number).toBeGreaterThanOrEqual(first.lowerBound as number);
    const finished = await pipeline.waitUntilFinished(client, solveView.id, 60_000);
    expectSplitOptimal(finished, pipeline.BOARDS.twoSeconds, 56);
    // The whole unit ran once, and nothing of it reached the split plan.
    expect(b.logs.filter((l) => l.msg === "outcome of another plan discarded")).toHaveLength(0);
  }, 90_000);
});
