// A split search whose coordinator's worker is SIGKILLed mid-search, before another worker takes the
// job over (its lock lapses, then BullMQ's stalled check: here 8-9 s; 30-50 s with the defaults):
// - its time limit still ends it: the reconciler of the surviving worker ends the Solve TIMED_OUT
//   5-6 s past the limit (its margin), with at least the bound stored on the row; the worker that
//   takes the job over later fills in the search's figures (status and finishedAt kept). Before, the
//   Solve stayed RUNNING until the takeover (an explorer's 8 s limit ended after 45 s, 49 s with
//   SIGSTOP);
// - cancelled meanwhile, the CANCELLED row gets the search's figures when the job is taken over.
//   Before, the worker that took it over found no Solve waiting and wrote nothing: lowerBound,
//   nodesExpanded, durationMs and unitsTotal stayed null for good.
import { afterEach, describe, expect, it } from "vitest";
import { requestEndlessSplit } from "../helpers/endless-split.ts";
import { useTestServer } from "../helpers/server.ts";
import { storedBound } from "../helpers/stored-bound.ts";
import {
  BOARDS,
  FAST_PIPELINE,
  IDA_LC,
  ProgressWatch,
  createPuzzle,
  jobIdOf,
  requestSolve,
  startWorker,
  waitUntilFinished,
} from "./pipeline.ts";
import type { LogLine, WorkerProcess } from "./worker-process.ts";

/**
 * Long enough that the limit and the reconciler's 5 s margin come well before the takeover (the lock
 * lapses 20 s after the kill, then BullMQ's stalled check).
 */
const LOCK_MS = 20_000;

const api = useTestServer({ env: FAST_PIPELINE });
const workers: WorkerProcess[] = [];

afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.stop()));
});

async function twoWorkers(): Promise<void> {
  const env = { SOLVER_THREADS: "1", WORKER_LOCK_DURATION_MS: String(LOCK_MS), DAILY_PUZZLES: "false" };
  workers.push(...(await Promise.all([startWorker(api, env), startWorker(api, env)])));
}

async function row(solveId: string) {
  return api.server.app.prisma.solve.findUniqueOrThrow({ where: { id: Number(solveId) } });
}

/** The row once the worker that took the job over has written the search's node count. */
async function filledRow(solveId: string) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const current = await row(solveId);
    if (current.nodesExpanded !== null) return current;
    if (Date.now() > deadline) throw new Error(`figures never written: ${JSON.stringify(current, replacer)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function replacer(_key: string, value: unknown) {
  return typeof value === "bigint" ? value.toString() : value;
}

/** Kills the worker coordinating `jobId`; returns the survivor. */
async function killCoordinator(jobId: string): Promise<WorkerProcess> {
  const planned = (line: LogLine) => line.msg === "split search planned" && line.jobId === jobId;
  const coordinator = workers.find((w) => w.logs.some(planned)) as WorkerProcess;
  coordinator.signal("SIGKILL");
  await coordinator.exited;
  return workers.find((w) => w !== coordinator) as WorkerProcess;
}

const resumed = (jobId: string) => (line: LogLine) =>
  line.msg === "split search resumed" && line.jobId === jobId;

describe("a split search whose coordinator's worker died", () => {
  it("ends TIMED_OUT at its limit, before any worker takes the job over", async () => {
    await twoWorkers();
    const { client, token } = await api.client().signUp();
    const limitSeconds = 5;
    const solve = await requestEndlessSplit(client, limitSeconds);
    const watch = new ProgressWatch(api.wsUrl, token, solve.id);
    const jobId = await jobIdOf(api, solve.id);
    await storedBound(api, solve.id);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const survivor = await killCoordinator(jobId);
    const stored = (await row(solve.id)).provenLowerBound as number;

    const finished = await waitUntilFinished(client, solve.id, 30_000);
    expect(finished.status).toBe("TIMED_OUT");
    // Nobody has taken the job over yet: the survivor's reconciler ended it.
    expect(survivor.logs.some(resumed(jobId))).toBe(false);
    const ended = await row(solve.id);
    const ranMs = (ended.finishedAt as Date).getTime() - (ended.startedAt as Date).getTime();
    expect(ranMs).toBeGreaterThanOrEqual(limitSeconds * 1000);
    // The margin (5 s), the check's cadence (1 s) and room for a loaded machine; a takeover comes
    // 20 s after the kill, and before the reconciler checked limits the explorer's search ran ~40 s.
    expect(ranMs).toBeLessThan(limitSeconds * 1000 + 12_000);
    expect(ended.lowerBound as number).toBeGreaterThanOrEqual(stored);
    // The subscriber's final event is that row.
    const events = await watch.finished(5000);
    const last = events.at(-1);
    expect(last?.status).toBe("TIMED_OUT");
    expect(last?.lowerBound as number).toBeGreaterThanOrEqual(stored);

    // The worker that takes the job over finds no Solve waiting; its stopped search's figures fill
    // the row in. Status and finishedAt stay.
    await survivor.waitForLog(resumed(jobId), 40_000);
    const filled = await filledRow(solve.id);
    expect(filled).toMatchObject({
      status: "TIMED_OUT",
      finishedAt: ended.finishedAt,
      durationMs: ended.durationMs,
    });
    expect(Number(filled.nodesExpanded)).toBeGreaterThan(0);
    expect(filled.unitsTotal as number).toBeGreaterThan(0);
    expect(filled.lowerBound as number).toBeGreaterThanOrEqual(ended.lowerBound as number);
    expect(await api.server.app.prisma.solve.count({ where: { jobId } })).toBe(1);
  }, 90_000);

  it("cancelled meanwhile, gets the search's figures when the job is taken over", async () => {
    await twoWorkers();
    const { client } = await api.client().signUp();
    // Korf's #60 (66 moves): seconds on two threads, not solved before the takeover on one.
    const puzzleId = await createPuzzle(client, [...BOARDS.hard], 4);
    const solve = await requestSolve(client, puzzleId, { ...IDA_LC, split: true, timeLimitSeconds: 120 });
    const jobId = await jobIdOf(api, solve.id);
    await storedBound(api, solve.id);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const survivor = await killCoordinator(jobId);
    const stored = (await row(solve.id)).provenLowerBound as number;
    const cancelled = await client.data<{ cancelSolve: { status: string; lowerBound: number | null } }>(
      `mutation ($id: ID!) { cancelSolve(id: $id) { status lowerBound } }`,
      { id: solve.id },
    );
    expect(cancelled.cancelSolve).toEqual({ status: "CANCELLED", lowerBound: null });
    const atCancel = await row(solve.id);

    await survivor.waitForLog(resumed(jobId), 40_000);
    const filled = await filledRow(solve.id);
    expect(filled).toMatchObject({ status: "CANCELLED", finishedAt: atCancel.finishedAt });
    expect(filled.lowerBound as number).toBeGreaterThanOrEqual(stored);
    expect(Number(filled.nodesExpanded)).toBeGreaterThan(0);
    expect(filled.unitsTotal as number).toBeGreaterThan(0);
    // The search ran for the Solve until its cancel, not until the takeover stopped it.
    const ranMs = (filled.finishedAt as Date).getTime() - (filled.startedAt as Date).getTime();
    expect(filled.durationMs as number).toBeLessThanOrEqual(ranMs);
    expect(filled.durationMs as number).toBeGreaterThan(0);
  }, 90_000);
});
