// SIGTERM while a worker proves an analysis job (workers/analysis-worker.ts; docs/pipeline.md,
// "SIGTERM"): like a search, the job gets WORKER_SHUTDOWN_GRACE_MS to finish, then its proofs stop
// and it goes back to the queue (moveToWait) for another worker, and the worker exits 0. Before, the
// worker waited the grace plus the hand-back time for the proofs, then exited 1 with the job
// abandoned, still locked: another worker took it only once its 30 s lock expired.
import { Job, Queue } from "bullmq";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  ANALYSIS_JOB,
  ANALYSIS_QUEUE,
  type AnalysisJobData,
  type AnalysisJobResult,
  analysisJobId,
} from "../../src/services/analysis-jobs.ts";
import { HAND_BACK_MS } from "../../src/worker-shutdown.ts";
import { useTestServer } from "../helpers/server.ts";
import { BOARDS, FAST_PIPELINE, startWorker } from "./pipeline.ts";
import type { WorkerProcess } from "./worker-process.ts";

const api = useTestServer({ env: FAST_PIPELINE });
const GRACE_MS = Number(FAST_PIPELINE.WORKER_SHUTDOWN_GRACE_MS);
const started: WorkerProcess[] = [];
let queue: Queue<AnalysisJobData, AnalysisJobResult>;

beforeAll(() => {
  queue = new Queue(ANALYSIS_QUEUE, {
    connection: { url: api.config.redisUrl },
    prefix: api.config.redisPrefix,
  });
});
afterEach(async () => {
  await Promise.all(started.splice(0).map((worker) => worker.stop()));
});
afterAll(() => queue?.close());

async function worker(): Promise<WorkerProcess> {
  const started_ = await startWorker(api, { SOLVER_THREADS: "1", DAILY_PUZZLES: "false" });
  started.push(started_);
  return started_;
}

describe("SIGTERM while an analysis job runs", () => {
  it("hands the job back to the queue within the grace, exits 0, and another worker proves it", async () => {
    const first = await worker();
    // Korf's #60: 66 moves, seconds of one thread with linear conflict (no pattern database loaded).
    const data: AnalysisJobData = {
      rows: 4,
      cols: 4,
      goal: [...Array.from({ length: 15 }, (_, i) => i + 1), 0],
      positions: [[...BOARDS.hard]],
    };
    const jobId = analysisJobId(data);
    await queue.add(ANALYSIS_JOB, data, { jobId, removeOnComplete: { age: 3600 }, attempts: 2 });
    await vi.waitFor(async () => expect(await queue.getJobState(jobId)).toBe("active"), {
      timeout: 10_000,
      interval: 50,
    });
    await new Promise((resolve) => setTimeout(resolve, 300)); // its proof under way

    first.signal("SIGTERM");
    const began = Date.now();
    const exit = await Promise.race([
      first.exited,
      new Promise<string>((resolve) => setTimeout(() => resolve("still running"), GRACE_MS + HAND_BACK_MS)),
    ]);
    expect({ exit, state: await queue.getJobState(jobId) }).toEqual({ exit: 0, state: "waiting" });
    expect(Date.now() - began).toBeLessThan(GRACE_MS + 3000);
    expect(first.logs.some((line) => line.msg === "analysis job returned to the queue (shutdown)")).toBe(
      true,
    );

    // Not abandoned: another worker takes it at once (no lock to wait out) and proves it.
    await worker();
    const finished = await vi.waitFor(
      async () => {
        const job = await Job.fromId<AnalysisJobData, AnalysisJobResult>(queue, jobId);
        expect(job?.finishedOn).toBeDefined();
        return job as Job<AnalysisJobData, AnalysisJobResult>;
      },
      { timeout: 90_000, interval: 200 },
    );
    expect(finished.failedReason).toBeUndefined();
    expect(finished.returnvalue.distances).toEqual([66]);
    expect(finished.attemptsMade).toBeLessThanOrEqual(1);
  }, 150_000);
});
