// The worker process coordinating a split search is killed with SIGKILL mid-search: its search job's
// lock lapses, BullMQ's stalled-job check hands the job to the other worker, whose coordinator
// resumes from the state in Redis (the units folded so far are kept) and finishes: SOLVED, optimal,
// one result row.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPuzzle as corePuzzle, replayMoves } from "../../src/core/puzzle.ts";
import { useTestServer } from "../helpers/server.ts";
import {
  BOARDS,
  FAST_PIPELINE,
  IDA_LC,
  ProgressWatch,
  createPuzzle,
  requestSolve,
  startWorker,
  waitUntilFinished,
  jobIdOf,
} from "../pipeline/pipeline.ts";
import type { WorkerProcess } from "../pipeline/worker-process.ts";

const api = useTestServer({ env: FAST_PIPELINE });
let workers: WorkerProcess[] = [];

beforeAll(async () => {
  workers = await Promise.all([
    startWorker(api, { SOLVER_THREADS: "1" }),
    startWorker(api, { SOLVER_THREADS: "1" }),
  ]);
}, 120_000);

afterAll(async () => {
  await Promise.all(workers.map((w) => w.stop()));
});

describe("the coordinator of a split search killed with SIGKILL", () => {
  it("is taken over by the other worker, which resumes from Redis and finishes once", async () => {
    const { client, token } = await api.client().signUp();
    const puzzleId = await createPuzzle(client, BOARDS.twoSeconds);
    // Split at once: with AUTO's first try, nodes come before any unit result is folded.
    const solve = await requestSolve(client, puzzleId, { ...IDA_LC, split: true });
    const watch = new ProgressWatch(api.wsUrl, token, solve.id);
    // Some unit results folded (and saved to Redis): the successor must keep them. (unitsDone can be
    // above 0 before any: units whose own f is above the root's bound start above the proven bound.)
    await watch.waitFor((e) => (e.nodesExpanded ?? 0) > 0, 20_000);
    const jobId = await jobIdOf(api, solve.id);
    const coordinator = workers.find((w) =>
      w.logs.some((l) => l.msg === "split search planned" && l.jobId === jobId),
    )!;
    const other = workers.find((w) => w !== coordinator)!;
    coordinator.signal("SIGKILL");
    const resumed = await other.waitForLog(
      (l) => l.msg === "split search resumed" && l.jobId === jobId,
      30_000,
    );
    expect(Number(resumed.folded)).toBeGreaterThan(0);
    const finished = await waitUntilFinished(client, solve.id, 60_000);
    expect(finished.status).toBe("SOLVED");
    expect(finished.length).toBe(56);
    const spec = corePuzzle({ kind: "sliding", rows: 4, cols: 4, start: BOARDS.twoSeconds });
    expect(replayMoves(spec, finished.moves ?? "").solved).toBe(true);
    expect(await api.server.app.prisma.solve.count({ where: { jobId } })).toBe(1);
    // No unit searched twice: outcomes that came while no coordinator ran are folded before the
    // survivor queues the busy units again.
    const done = await other.waitForLog((l) => l.msg === "split search done" && l.jobId === jobId);
    expect(done).toMatchObject({ resumed: true, repeated: 0 });
  }, 120_000);
});
