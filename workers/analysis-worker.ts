// Exact distances for analyses and hints (src/services/analysis-jobs.ts): each job's positions are
// proved on solver threads of this worker process (the tables the solve worker prepared are shared,
// not copied), a few at a time, with throttled progress. Never on the BullMQ worker's main thread.
import { type Job, Worker } from "bullmq";
import type { Config } from "../src/config.ts";
import { tablesForThreads } from "../src/pdb-store/thread-tables.ts";
import { consumerRedisOptions } from "../src/redis/connection.ts";
import {
  ANALYSIS_QUEUE,
  type AnalysisJobData,
  type AnalysisJobProgress,
  type AnalysisJobResult,
} from "../src/services/analysis-jobs.ts";
import type { WorkerContainer } from "./container.ts";
import { SolverPool } from "./solver-pool.ts";

/** One position's proof may take this long (random 4x4 positions take well under a second with 6-6-3). */
const PROOF_LIMIT_MS = 120_000;
const PROGRESS_EVERY_MS = 250;

export class AnalysisWorker {
  private constructor(
    private readonly worker: Worker<AnalysisJobData, AnalysisJobResult>,
    private readonly pool: SolverPool,
  ) {}

  static start(
    config: Pick<Config, "redisUrl" | "redisPrefix" | "solverThreads">,
    container: WorkerContainer,
  ) {
    const pool = new SolverPool(config.solverThreads, tablesForThreads());
    const worker = new Worker<AnalysisJobData, AnalysisJobResult>(
      ANALYSIS_QUEUE,
      (job) => provePositions(pool, job),
      {
        connection: consumerRedisOptions(config.redisUrl),
        prefix: config.redisPrefix,
        concurrency: 1,
      },
    );
    worker.on("error", (error) => container.logger.debug({ err: error }, "analysis worker: Redis error"));
    worker.on("failed", (job, error) =>
      container.logger.warn({ err: error, jobId: job?.id }, "analysis job failed"),
    );
    return new AnalysisWorker(worker, pool);
  }

  async close(): Promise<void> {
    await this.worker.close();
    await this.pool.close();
  }
}

/**
 * Proves the job's positions on the pool's threads, a lane per thread. The first failure fails the
 * job, and the other lanes take no further position (before, they went on proving, up to
 * PROOF_LIMIT_MS each, for a job already failed).
 */
export async function provePositions(
  pool: Pick<SolverPool, "search" | "threads">,
  job: Pick<Job<AnalysisJobData, AnalysisJobResult>, "data" | "updateProgress">,
): Promise<AnalysisJobResult> {
  const { rows, cols, goal, positions } = job.data;
  const distances = new Array<number>(positions.length);
  const firstMoves = new Array<string>(positions.length);
  let done = 0;
  let reported = 0;
  let next = 0;
  let failed = false;
  // As many proofs at once as there are threads: short ones keep every thread busy.
  const lane = async () => {
    while (!failed && next < positions.length) {
      const i = next++;
      const result = await pool.search({
        spec: { kind: "sliding", rows, cols, start: [...positions[i]], goal: [...goal] },
        algorithm: "idastar",
        heuristic: "auto",
        timeLimitMs: PROOF_LIMIT_MS,
      });
      if (result.status !== "solved") throw new Error(`position ${i}: the proof ended ${result.status}`);
      distances[i] = result.length;
      firstMoves[i] = result.moves.slice(0, 1);
      done += 1;
      if (Date.now() - reported >= PROGRESS_EVERY_MS || done === positions.length) {
        reported = Date.now();
        const progress: AnalysisJobProgress = { done, total: positions.length };
        await job.updateProgress(progress as unknown as object);
      }
    }
  };
  // A lane's failure stops the others from taking positions (their current proof ends as it may).
  const stopOthers = (error: unknown) => {
    failed = true;
    throw error;
  };
  await Promise.all(
    Array.from({ length: Math.min(pool.threads, positions.length) }, () => lane().catch(stopOthers)),
  );
  return { distances, firstMoves };
}
