// Exact distances for analyses and hints (src/services/analysis-jobs.ts): each job's positions are
// proved on solver threads of this worker process (the tables the solve worker prepared are shared,
// not copied), a few at a time, with throttled progress. Never on the BullMQ worker's main thread.
// On shutdown a running job gets the grace to finish, then its proofs stop and it goes back to the
// queue for another worker, as a search does (docs/pipeline.md, "SIGTERM").
import { type Job, WaitingError, Worker } from "bullmq";
import type { Config } from "../src/config.ts";
import type { Logger } from "../src/logger.ts";
import { tablesForThreads } from "../src/pdb-store/thread-tables.ts";
import { closeWithin } from "../src/redis/close-bullmq.ts";
import { consumerRedisOptions } from "../src/redis/connection.ts";
import {
  ANALYSIS_QUEUE,
  type AnalysisJobData,
  type AnalysisJobProgress,
  type AnalysisJobResult,
} from "../src/services/analysis-jobs.ts";
import { HAND_BACK_MS } from "../src/worker-shutdown.ts";
import { SHUTDOWN } from "./abort-reasons.ts";
import { ActiveJobs } from "./active-jobs.ts";
import type { WorkerContainer } from "./container.ts";
import { SolverPool } from "./solver-pool.ts";

/** One position's proof may take this long (random 4x4 positions take well under a second with 6-6-3). */
const PROOF_LIMIT_MS = 120_000;
const PROGRESS_EVERY_MS = 250;

export class AnalysisWorker {
  private constructor(
    private readonly worker: Worker<AnalysisJobData, AnalysisJobResult>,
    private readonly pool: SolverPool,
    private readonly active: ActiveJobs,
  ) {}

  static start(
    config: Pick<Config, "redisUrl" | "redisPrefix" | "solverThreads">,
    container: WorkerContainer,
  ) {
    const pool = new SolverPool(config.solverThreads, tablesForThreads());
    const active = new ActiveJobs();
    const worker = new Worker<AnalysisJobData, AnalysisJobResult>(
      ANALYSIS_QUEUE,
      active.track((job, token, signal) => proveOrHandBack(pool, job, token, signal, container.logger)),
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
    return new AnalysisWorker(worker, pool, active);
  }

  /** Takes no further job (BullMQ's close() stops fetching at once); a running one goes on. */
  stopIntake(): void {
    this.worker.close().catch(() => undefined);
  }

  /**
   * Gives the running job `graceMs` to finish; then its proofs stop and it goes back to the queue
   * (proveOrHandBack), and the worker closes. Returns the job it had to abandon: not handed back
   * within HAND_BACK_MS more (Redis away), it is taken again once its lock expires.
   */
  async close(graceMs: number): Promise<string[]> {
    this.stopIntake();
    const running = this.active.list();
    const grace = setTimeout(() => this.worker.cancelAllJobs(SHUTDOWN), graceMs);
    const closed = await closeWithin(this.worker, graceMs + HAND_BACK_MS);
    clearTimeout(grace);
    const abandoned = closed ? [] : running.filter((id) => this.active.list().includes(id));
    await this.pool.close().catch(() => undefined);
    return abandoned;
  }
}

/**
 * The job's proofs (provePositions); stopped by a shutdown (`signal` aborted with SHUTDOWN), the job
 * goes back to the queue for another worker (moveToWait: no attempt counted, its lock released), and
 * its proofs start again there.
 */
async function proveOrHandBack(
  pool: SolverPool,
  job: Job<AnalysisJobData, AnalysisJobResult>,
  token: string | undefined,
  signal: AbortSignal | undefined,
  log: Logger,
): Promise<AnalysisJobResult> {
  try {
    return await provePositions(pool, job, signal);
  } catch (error) {
    if (signal?.aborted !== true || signal.reason !== SHUTDOWN) throw error;
    await job.moveToWait(token);
    log.info({ jobId: job.id }, "analysis job returned to the queue (shutdown)");
    throw new WaitingError();
  }
}

/**
 * Proves the job's positions on the pool's threads, a lane per thread. The first failure fails the
 * job, and the other lanes take no further position (before, they went on proving, up to
 * PROOF_LIMIT_MS each, for a job already failed). Aborting `signal` stops the proofs under way
 * (they end cancelled) and the job with them.
 */
export async function provePositions(
  pool: Pick<SolverPool, "search" | "threads">,
  job: Pick<Job<AnalysisJobData, AnalysisJobResult>, "data" | "updateProgress">,
  signal?: AbortSignal,
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
      if (signal?.aborted) throw new Error(`the proofs were stopped (${String(signal.reason)})`);
      const i = next++;
      const result = await pool.search(
        {
          spec: { kind: "sliding", rows, cols, start: [...positions[i]], goal: [...goal] },
          algorithm: "idastar",
          heuristic: "auto",
          timeLimitMs: PROOF_LIMIT_MS,
        },
        { signal },
      );
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
