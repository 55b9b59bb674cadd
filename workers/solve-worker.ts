// One worker process' pipeline: distance tables in shared memory, the solver-thread pool, two BullMQ
// Workers (search jobs: coordinators, many at once on the main thread; unit jobs: concurrency = pool
// size), the heartbeat announcing its threads, cross-machine cancellation, the reconciler, and an
// orderly shutdown. `workers/main.ts` wires it to the configuration; tests start it in a child process.
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { Queue, Worker } from "bullmq";
import type { Job } from "bullmq";
import type { Config } from "../src/config.ts";
import type { Solve } from "../src/generated/prisma/client.ts";
import type { Logger } from "../src/logger.ts";
import type { WorkerMetrics } from "../src/metrics/worker-metrics.ts";
import { closeWithin, dropConnections } from "../src/redis/close-bullmq.ts";
import { consumerRedisOptions, createRedis, watchRedis } from "../src/redis/connection.ts";
import { fulfilledWithin } from "../src/with-timeout.ts";
import { CLOSE_STEP_MS, HAND_BACK_MS } from "../src/worker-shutdown.ts";
import {
  type Reconciler,
  createReconciler,
  SOLVE_QUEUE,
  UNIT_QUEUE,
  UNIT_STOP_TOPIC,
  type UnitJobData,
  type UnitStopMessage,
  type FleetSize,
  readFleet,
  type SolveJobData,
  type SolveJobResult,
  type SolveQueue,
  type SolveJobRepository,
  createSolveQueue,
} from "../src/solves/index.ts";
import type { WorkerContainer } from "./container.ts";
import { ActiveJobs } from "./active-jobs.ts";
import { listenForCancels } from "./cancel-listener.ts";
import { CANCELLED, SHUTDOWN } from "./abort-reasons.ts";
import { createSearchProcessor } from "./search-processor.ts";
import { Heartbeat } from "./fleet.ts";
import { SolverPool } from "./solver-pool.ts";
import { SplitCoordinator } from "./split-coordinator.ts";
import { SupersededError } from "./superseded-error.ts";
import { SplitStore } from "./split-store.ts";
import { prepareTables } from "./tables.ts";
import { describePdbEvent } from "../src/pdb-store/describe-event.ts";
import { createUnitProcessor } from "./unit-processor.ts";
import { UnitStops } from "./unit-stops.ts";

/** After the grace, running jobs are told to stop this often until the consumers have closed. */
const CANCEL_AGAIN_MS = 100;

export interface WorkerSettings {
  readonly redisUrl: string;
  readonly queuePrefix: string;
  /** Solver threads, and so unit jobs processed at once. */
  readonly threads: number;
  /** Search jobs (coordinators) processed at once. */
  readonly coordinators: number;
  /** Units of a split search in flight per live thread of the fleet. */
  readonly unitsPerThread: number;
  /** How often this process announces its threads. */
  readonly heartbeatMs: number;
  /** A unit runs at least this long before another owner's waiting unit may stop it. */
  readonly sliceMs: number;
  /** A unit in flight this long has its job looked up (lost for good: queued again). */
  readonly lostCheckMs: number;
  /** An AUTO split search's first try: whole for this long at most, then split. */
  readonly firstTryMs: number;
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
    coordinators: p.coordinators,
    unitsPerThread: p.unitsPerThread,
    heartbeatMs: p.heartbeatMs,
    sliceMs: p.unitSliceMs,
    lostCheckMs: p.lostCheckMs,
    firstTryMs: p.firstTryMs,
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
  readonly workerId: string;
  readonly threads: number;
  readonly tableBytes: number;
  readonly tablesMs: number;
  readonly rssBytes: number;
}

/** What a shutdown left behind. */
export interface ShutdownReport {
  /**
   * Jobs (search and unit job ids) still running when the hand-back time ran out (Redis away, or a
   * search that would not stop): left locked, they are taken again once their locks expire.
   */
  readonly abandoned: readonly string[];
}

/** What the worker process runs besides the search Worker (closed in order at shutdown). */
interface UnitSide {
  readonly worker: Worker<UnitJobData, void>;
  readonly queue: Queue<UnitJobData, void>;
  readonly coordinator: SplitCoordinator;
  readonly heartbeat: Heartbeat;
  readonly stopUnitStops: () => Promise<void>;
  readonly redis: ReturnType<typeof createRedis>;
}

export class SolveWorker {
  private closing: Promise<ShutdownReport> | undefined;
  /** Both BullMQ Workers' close(), called at the first sign of shutdown: from then on no job is taken. */
  private intakeStopped: Promise<unknown> | undefined;

  private constructor(
    private readonly settings: WorkerSettings,
    private readonly log: Logger,
    private readonly pool: SolverPool,
    private readonly worker: Worker<SolveJobData, SolveJobResult>,
    private readonly queue: SolveQueue,
    private readonly stopCancels: () => Promise<void>,
    private readonly reconciler: Reconciler,
    private readonly units: UnitSide,
    private readonly active: ActiveJobs,
    readonly stats: WorkerStats,
  ) {}

  static async start(
    settings: WorkerSettings,
    {
      solveJobs,
      announce,
      events,
      logger: log,
    }: Pick<WorkerContainer, "solveJobs" | "announce" | "events" | "logger">,
    metrics?: WorkerMetrics,
  ): Promise<SolveWorker> {
    const tables = await prepareTables(settings.pdbs, settings.pdbDir, settings.threads, (event) => {
      const ms = "ms" in event ? Math.round(event.ms) : undefined;
      log.info({ table: event.table.key, ms, event: event.kind }, describePdbEvent(event));
      if (ms !== undefined) metrics?.tableEvent(event.table.key, event.kind, ms);
    });
    metrics?.tablesPrepared(tables.ms);
    const pool = new SolverPool(settings.threads, tables.buffers);
    // Every thread loads and seeds its tables before the first job is taken.
    await Promise.all(Array.from({ length: settings.threads }, () => pool.probe(undefined, 20)));
    const workerId = `${hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`;
    const connection = consumerRedisOptions(settings.redisUrl);
    // Split searches' state, results and fair-share tags; heartbeats. Waits for Redis when it is away.
    const redis = createRedis(settings.redisUrl, "consumer");
    watchRedis(redis, log);
    const store = new SplitStore(redis, settings.queuePrefix, (topic) => events.channel(topic));
    const unitQueue = new Queue<UnitJobData, void>(UNIT_QUEUE, { connection, prefix: settings.queuePrefix });
    unitQueue.on("error", (error) => log.debug({ err: error }, "unit queue error"));
    const heartbeat = new Heartbeat(
      redis,
      settings.queuePrefix,
      workerId,
      settings.threads,
      settings.heartbeatMs,
      (error) => log.debug({ err: error }, "heartbeat failed"),
      settings.pdbs,
    );
    let fleet: { threads: number; holders: FleetSize["holders"]; at: number } = {
      threads: settings.threads,
      holders: Object.fromEntries(settings.pdbs.map((pdb) => [pdb, [workerId]])),
      at: 0,
    };
    // Every coordinator's pass asks (split-run.ts): one read a second at most, shared by those asking
    // while it is under way.
    let reading: Promise<void> | undefined;
    const readLiveFleet = async () => {
      if (Date.now() - fleet.at > 1000) {
        reading ??= readFleet(redis, settings.queuePrefix)
          .catch(() => fleet)
          .then((live) => {
            fleet = { threads: Math.max(1, live.threads), holders: live.holders, at: Date.now() };
          })
          .finally(() => {
            reading = undefined;
          });
        await reading;
      }
      return fleet;
    };
    const liveThreads = async () => (await readLiveFleet()).threads;
    const coordinator = new SplitCoordinator({
      store,
      units: unitQueue,
      events,
      liveThreads,
      pdbHolders: async () => (await readLiveFleet()).holders,
      log,
      unitsPerThread: settings.unitsPerThread,
      lostCheckMs: settings.lostCheckMs,
      firstTryMs: settings.firstTryMs,
      sliceMs: settings.sliceMs,
    });
    const processor = createSearchProcessor({
      search: (jobId, token, data, hooks) => coordinator.search(jobId, token, data, hooks),
      isSuperseded: (error) => error instanceof SupersededError,
      jobs: solveJobs,
      announce,
      log,
      progressIntervalMs: settings.progressIntervalMs,
      cancelPollMs: settings.cancelPollMs,
      metrics,
    });
    const workerOptions = {
      connection,
      prefix: settings.queuePrefix,
      lockDuration: settings.lockDurationMs,
      stalledInterval: settings.stalledIntervalMs,
      maxStalledCount: settings.maxStalledCount,
      autorun: false,
    };
    const active = new ActiveJobs();
    const worker = new Worker<SolveJobData, SolveJobResult>(SOLVE_QUEUE, active.track(processor), {
      ...workerOptions,
      concurrency: settings.coordinators,
    });
    worker.on("error", (error) => log.warn({ err: error }, "worker error"));
    worker.on("stalled", (jobId) => log.warn({ jobId }, "stalled job moved back to the queue"));
    worker.on("failed", (job, error) => {
      if (job && !(error instanceof SupersededError))
        markFailedForGood(job, error, solveJobs, announce.finished, log, (id) => coordinator.discard(id));
    });
    const stops = new UnitStops();
    const unitWorker = new Worker<UnitJobData, void>(
      UNIT_QUEUE,
      active.track(
        createUnitProcessor({
          pool,
          store,
          stops,
          announce,
          workerId,
          progressIntervalMs: settings.progressIntervalMs,
          log,
          sliceMs: settings.sliceMs,
          nextOwner: async () => (await unitQueue.getPrioritized(0, 0))[0]?.data?.owner,
          pdbHolders: async () => (await readLiveFleet()).holders,
          metrics,
        }),
      ),
      // The name goes into each job it takes (BullMQ's processedBy): which process runs a unit.
      { ...workerOptions, concurrency: settings.threads, name: workerId },
    );
    unitWorker.on("error", (error) => log.warn({ err: error }, "unit worker error"));
    unitWorker.on("stalled", (jobId) => log.warn({ unit: jobId }, "stalled unit moved back to the queue"));
    unitWorker.on("failed", (job, error) => log.warn({ unit: job?.id, err: error }, "unit failed"));
    const stopCancels = listenForCancels(events, (jobId) => {
      if (worker.cancelJob(jobId, CANCELLED)) log.info({ jobId }, "search cancelled");
      const stopped = stops.stop(jobId);
      if (stopped > 0) log.info({ jobId, units: stopped }, "units cancelled");
    });
    const unitStops = events.subscribe<UnitStopMessage>(
      UNIT_STOP_TOPIC,
      (message) => typeof message?.searchId === "string",
    );
    void (async () => {
      for await (const { searchId, units } of unitStops) stops.stop(searchId, units);
    })();
    const queue = createSolveQueue({ redisUrl: settings.redisUrl, prefix: settings.queuePrefix });
    queue.on("error", (error) => log.debug({ err: error }, "reconciler queue error"));
    const reconciler = createReconciler({
      intervalMs: settings.reconcileIntervalMs,
      graceMs: settings.reconcileGraceMs,
      logger: log,
      events,
      redis,
      jobs: solveJobs,
      queue,
    });
    heartbeat.start();
    worker.run().catch((error: unknown) => log.error({ err: error }, "worker stopped"));
    unitWorker.run().catch((error: unknown) => log.error({ err: error }, "unit worker stopped"));
    reconciler.start();
    const stats: WorkerStats = {
      workerId,
      threads: settings.threads,
      tableBytes: tables.bytes,
      tablesMs: tables.ms,
      rssBytes: process.memoryUsage().rss,
    };
    const side: UnitSide = {
      worker: unitWorker,
      queue: unitQueue,
      coordinator,
      heartbeat,
      redis,
      stopUnitStops: async () => {
        await unitStops.return?.();
      },
    };
    return new SolveWorker(settings, log, pool, worker, queue, stopCancels, reconciler, side, active, stats);
  }

  /**
   * Stops taking jobs at once (search and unit jobs); running ones go on. Called by close(), and
   * first thing on a signal (workers/main.ts), before anything that may wait for Redis.
   */
  stopIntake(): void {
    // BullMQ's close() stops fetching synchronously, then waits for the running jobs.
    this.intakeStopped ??= Promise.all([this.worker.close(), this.units.worker.close()]);
  }

  /**
   * Stops taking jobs, lets running searches and units finish for `graceMs` (default
   * `shutdownGraceMs`; 0 when start-up failed, as nothing waits for them), then stops the rest (they
   * go back to the queue for another worker) and closes everything. Bounded whatever Redis does: a
   * job not handed back within HAND_BACK_MS after the grace is abandoned (reported), and each closing
   * step gets CLOSE_STEP_MS: workerDrainMs(graceMs) in all. A second call returns the first's promise.
   */
  close(graceMs = this.settings.shutdownGraceMs): Promise<ShutdownReport> {
    this.closing ??= this.shutdown(graceMs);
    return this.closing;
  }

  private async shutdown(graceMs: number): Promise<ShutdownReport> {
    const { units, log, settings } = this;
    this.stopIntake();
    // Repeated until the consumers have closed: a job whose fetch was under way when intake stopped
    // starts after the first cancel, with a signal of its own (likely with a grace of 0, at start-up).
    let again: NodeJS.Timeout | undefined;
    const stopRunning = () => {
      this.worker.cancelAllJobs(SHUTDOWN);
      units.worker.cancelAllJobs(SHUTDOWN);
      again = setTimeout(stopRunning, CANCEL_AGAIN_MS);
    };
    const grace = setTimeout(() => {
      log.info("shutdown deadline reached: stopping running searches");
      stopRunning();
    }, graceMs);
    // Leaving the fleet and stopping the reconciler both need Redis or Postgres: bounded, meanwhile.
    const aside = Promise.all([
      fulfilledWithin(units.heartbeat.stop(), CLOSE_STEP_MS),
      fulfilledWithin(this.reconciler.stop(), CLOSE_STEP_MS),
    ]);
    const closed = await fulfilledWithin(this.intakeStopped ?? Promise.resolve(), graceMs + HAND_BACK_MS);
    clearTimeout(grace);
    clearTimeout(again);
    const abandoned = closed ? [] : this.active.list();
    if (!closed) {
      // Redis away (BullMQ's close waits for it forever), or a job that would not stop.
      dropConnections(this.worker);
      dropConnections(units.worker);
      if (abandoned.length > 0)
        log.error(
          { abandoned, lockMs: settings.lockDurationMs },
          "shutdown: running jobs could not be handed back; abandoned (taken again once their locks expire)",
        );
      else log.warn("shutdown: the job consumers did not close (Redis away?); connections dropped");
    }
    await aside;
    await Promise.all([
      fulfilledWithin(this.stopCancels(), CLOSE_STEP_MS),
      fulfilledWithin(units.stopUnitStops(), CLOSE_STEP_MS),
      fulfilledWithin(units.coordinator.close(), CLOSE_STEP_MS),
      closeWithin(this.queue, CLOSE_STEP_MS),
      closeWithin(units.queue, CLOSE_STEP_MS),
      fulfilledWithin(this.pool.close(), CLOSE_STEP_MS),
      fulfilledWithin(
        units.redis.status === "ready" ? units.redis.quit() : Promise.reject(new Error("offline")),
        CLOSE_STEP_MS,
      ).then((quit) => {
        if (!quit) units.redis.disconnect();
      }),
    ]);
    return { abandoned };
  }
}

/** After the last attempt (or an unrecoverable error), the job's Solves are marked FAILED and its split state discarded. */
function markFailedForGood(
  job: Job<SolveJobData, SolveJobResult>,
  error: Error,
  jobs: SolveJobRepository,
  announce: (written: readonly Solve[]) => Promise<void>,
  log: Logger,
  /** Its split state and units, which no coordinator will read again (SplitCoordinator.discard). */
  discard: (jobId: string) => Promise<void>,
): void {
  job
    .getState()
    .then(async (state) => {
      if (state !== "failed" || !job.id) return;
      const written = await jobs.finishJobDurably(
        job.data.canonicalKey,
        job.id,
        { status: "FAILED", error: error.message.slice(0, 500) },
        announce,
      );
      log.error({ jobId: job.id, err: error, updated: written.length }, "search failed");
      await discard(job.id);
    })
    .catch((failure: unknown) =>
      log.error({ err: failure, jobId: job.id }, "could not mark a failed search"),
    );
}
