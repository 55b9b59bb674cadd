// One worker process' pipeline: distance tables in shared memory, the solver-thread pool, the BullMQ
// Worker (concurrency = pool size), cross-machine cancellation, the reconciler, and an orderly
// shutdown. `workers/main.ts` wires it to the configuration; tests start it in a child process.
import { Worker } from "bullmq";
import type { Job } from "bullmq";
import type { Config } from "../src/config.ts";
import type { Solve } from "../src/generated/prisma/client.ts";
import type { Logger } from "../src/logger.ts";
import type { WorkerMetrics } from "../src/metrics/worker-metrics.ts";
import { consumerRedisOptions } from "../src/redis/connection.ts";
import {
  Reconciler,
  SOLVE_QUEUE,
  type SolveJobData,
  type SolveJobResult,
  type SolveQueue,
  type SolveRepository,
  createSolveQueue,
} from "../src/solves/index.ts";
import type { WorkerContainer } from "./container.ts";
import { listenForCancels } from "./cancel-listener.ts";
import { CANCELLED, SHUTDOWN, createSearchProcessor } from "./search-processor.ts";
import { SolverPool } from "./solver-pool.ts";
import { prepareTables } from "./tables.ts";

export interface WorkerSettings {
  readonly redisUrl: string;
  readonly queuePrefix: string;
  /** Solver threads, and so jobs processed at once. */
  readonly threads: number;
  readonly progressIntervalMs: number;
  readonly cancelPollMs: number;
  /** A job whose lock is not renewed for this long is considered stalled (its worker died). */
  readonly lockDurationMs: number;
  readonly stalledIntervalMs: number;
  readonly maxStalledCount: number;
  /** On SIGTERM, running searches get this long to finish before they are stopped and re-queued. */
  readonly shutdownGraceMs: number;
  readonly reconcileIntervalMs: number;
  readonly reconcileGraceMs: number;
  /** Pattern databases to load or build before taking jobs ("663", ...). */
  readonly pdbs: readonly string[];
  /** Where pattern databases are stored (PDB_DIR). */
  readonly pdbDir: string;
}

export function workerSettings(
  config: Pick<Config, "redisUrl" | "redisPrefix" | "solverThreads" | "pipeline" | "pdbDir">,
): WorkerSettings {
  const p = config.pipeline;
  return {
    redisUrl: config.redisUrl,
    queuePrefix: config.redisPrefix,
    threads: config.solverThreads,
    progressIntervalMs: p.progressIntervalMs,
    cancelPollMs: p.cancelPollMs,
    lockDurationMs: p.lockDurationMs,
    stalledIntervalMs: p.stalledIntervalMs,
    maxStalledCount: p.maxStalledCount,
    shutdownGraceMs: p.shutdownGraceMs,
    reconcileIntervalMs: p.reconcileIntervalMs,
    reconcileGraceMs: p.reconcileGraceMs,
    pdbs: p.workerPdbs,
    pdbDir: config.pdbDir,
  };
}

export interface WorkerStats {
  readonly threads: number;
  readonly tableBytes: number;
  readonly tablesMs: number;
  readonly rssBytes: number;
}

export class SolveWorker {
  private closing: Promise<void> | undefined;

  private constructor(
    private readonly settings: WorkerSettings,
    private readonly log: Logger,
    private readonly pool: SolverPool,
    private readonly worker: Worker<SolveJobData, SolveJobResult>,
    private readonly queue: SolveQueue,
    private readonly stopCancels: () => Promise<void>,
    private readonly reconciler: Reconciler,
    readonly stats: WorkerStats,
  ) {}

  static async start(
    settings: WorkerSettings,
    {
      solves,
      announce,
      events,
      logger: log,
    }: Pick<WorkerContainer, "solves" | "announce" | "events" | "logger">,
    metrics?: WorkerMetrics,
  ): Promise<SolveWorker> {
    const tables = prepareTables(settings.pdbs, settings.pdbDir, (event) => {
      const ms = "ms" in event ? Math.round(event.ms) : undefined;
      log.info({ table: event.table.key, ms }, `pattern database table ${event.kind}`);
      if (ms !== undefined) metrics?.tableEvent(event.table.key, event.kind, ms);
    });
    metrics?.tablesPrepared(tables.ms);
    const pool = new SolverPool(settings.threads, tables.buffers);
    // Every thread loads and seeds its tables before the first job is taken.
    await Promise.all(Array.from({ length: settings.threads }, () => pool.probe(undefined, 20)));
    const processor = createSearchProcessor({
      pool,
      solves,
      announce,
      log,
      progressIntervalMs: settings.progressIntervalMs,
      cancelPollMs: settings.cancelPollMs,
      metrics,
    });
    const worker = new Worker<SolveJobData, SolveJobResult>(SOLVE_QUEUE, processor, {
      connection: consumerRedisOptions(settings.redisUrl),
      prefix: settings.queuePrefix,
      concurrency: settings.threads,
      lockDuration: settings.lockDurationMs,
      stalledInterval: settings.stalledIntervalMs,
      maxStalledCount: settings.maxStalledCount,
      autorun: false,
    });
    worker.on("error", (error) => log.warn({ err: error }, "worker error"));
    worker.on("stalled", (jobId) => log.warn({ jobId }, "stalled job moved back to the queue"));
    worker.on("failed", (job, error) => {
      if (job) markFailedForGood(job, error, solves, announce.finished, log);
    });
    const stopCancels = listenForCancels(events, (jobId) => {
      if (worker.cancelJob(jobId, CANCELLED)) log.info({ jobId }, "search cancelled");
    });
    const queue = createSolveQueue({ redisUrl: settings.redisUrl, prefix: settings.queuePrefix });
    queue.on("error", (error) => log.debug({ err: error }, "reconciler queue error"));
    const reconciler = new Reconciler(solves, queue, {
      intervalMs: settings.reconcileIntervalMs,
      graceMs: settings.reconcileGraceMs,
      onError: (error) => log.debug({ err: error }, "reconcile pass failed"),
      onEnqueued: (jobId) => log.info({ jobId }, "reconciler re-added a missing job"),
      onFinished: announce.finished,
    });
    worker.run().catch((error: unknown) => log.error({ err: error }, "worker stopped"));
    reconciler.start();
    const stats: WorkerStats = {
      threads: settings.threads,
      tableBytes: tables.bytes,
      tablesMs: tables.ms,
      rssBytes: process.memoryUsage().rss,
    };
    return new SolveWorker(settings, log, pool, worker, queue, stopCancels, reconciler, stats);
  }

  /**
   * Stops taking jobs, lets running searches finish for `shutdownGraceMs`, then stops the rest
   * (they go back to the queue for another worker) and closes everything.
   */
  close(): Promise<void> {
    this.closing ??= this.shutdown();
    return this.closing;
  }

  private async shutdown(): Promise<void> {
    const deadline = setTimeout(() => {
      this.log.info("shutdown deadline reached: stopping running searches");
      this.worker.cancelAllJobs(SHUTDOWN);
    }, this.settings.shutdownGraceMs);
    try {
      await this.reconciler.stop();
      await this.worker.close();
    } finally {
      clearTimeout(deadline);
      await Promise.allSettled([this.stopCancels(), this.queue.close(), this.pool.close()]);
    }
  }
}

/** After the last attempt (or an unrecoverable error), the job's Solves are marked FAILED. */
function markFailedForGood(
  job: Job<SolveJobData, SolveJobResult>,
  error: Error,
  solves: SolveRepository,
  announce: (written: readonly Solve[]) => Promise<void>,
  log: Logger,
): void {
  job
    .getState()
    .then(async (state) => {
      if (state !== "failed" || !job.id) return;
      const written = await solves.finishJobDurably(
        job.data.canonicalKey,
        job.id,
        { status: "FAILED", error: error.message.slice(0, 500) },
        announce,
      );
      log.error({ jobId: job.id, err: error, updated: written.length }, "search failed");
    })
    .catch((failure: unknown) =>
      log.error({ err: failure, jobId: job.id }, "could not mark a failed search"),
    );
}
