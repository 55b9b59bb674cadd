// `npm run worker`: one worker process. It brings the database schema up to date (safe beside the
// API doing the same), builds its tables, starts its solver threads and takes search jobs until
// SIGTERM/SIGINT, then shuts down in order (docs/pipeline.md), in bounded time whatever Redis does
// (src/worker-shutdown.ts). A second signal exits at once (one arriving within a second of the first
// is the same Ctrl-C delivered twice: src/shutdown-signals.ts). Spawned by `npm start` (with an IPC
// channel), it also shuts down when that parent goes away.
//
// Exit statuses (src/worker-shutdown.ts): 0 stopped cleanly; 1 failed, a second signal, or work
// abandoned at the drain's deadline; 2 a setting the machine refuses (PDB_DIR, WORKER_METRICS_PORT)
// or a bad value (src/config.ts): starting again would fail the same way.
import { loadConfigOrExit } from "../src/config.ts";
import { ensureDatabase } from "../src/db/database.ts";
import { migrate } from "../src/db/migrate.ts";
import { releaseHeldBuildLocks } from "../src/pdb-store/build-lock.ts";
import { onShutdownSignals } from "../src/shutdown-signals.ts";
import { startMetricsServer, type MetricsServer } from "../src/metrics/metrics-server.ts";
import { WorkerMetrics } from "../src/metrics/worker-metrics.ts";
import { fulfilledWithin } from "../src/with-timeout.ts";
import {
  CLOSE_STEP_MS,
  EXIT_CONFIGURATION,
  EXIT_FAILED,
  EXIT_OK,
  workerDrainMs,
} from "../src/worker-shutdown.ts";
import { createWorkerContainer } from "./container.ts";
import { SolveWorker, workerSettings } from "./solve-worker.ts";
import { type CompetitionWorkers, startCompetitionWorkers } from "./competition-workers.ts";
import { metricsPortFailure, tablesFailure } from "./startup-errors.ts";

const config = loadConfigOrExit();
const container = createWorkerContainer(config, { poolSize: config.solverThreads + 4 });
const log = container.logger;
const graceMs = config.pipeline.shutdownGraceMs;

interface Running {
  readonly worker: SolveWorker;
  readonly competition: CompetitionWorkers;
  readonly metricsServer: MetricsServer | undefined;
}
let running: Running | undefined;
let draining = false;

/** Logs, removes the table build locks this process holds, and exits. */
function exit(status: number): never {
  const locks = releaseHeldBuildLocks();
  if (locks.length > 0) log.info({ locks }, "table build interrupted: its lock files removed");
  process.exit(status);
}

// Installed before anything starts: a signal during the table build stops it too (its locks removed).
const stop = onShutdownSignals({
  drain(signal) {
    draining = true;
    if (running === undefined) {
      log.info({ signal }, "shutting down during start-up");
      void fulfilledWithin(container.close(), CLOSE_STEP_MS).then(() => {
        log.info("worker stopped");
        exit(EXIT_OK);
      });
      return;
    }
    drain(signal, running);
  },
  coalesced: (signal) => log.debug({ signal }, "same shutdown signal again: already shutting down"),
  exitNow(signal) {
    log.warn({ signal }, "second signal: exiting now");
    exit(EXIT_FAILED);
  },
});
// The parent's channel (npm start) closes when the parent exits, however it died: drain as on SIGTERM.
if (process.channel) {
  process.channel.unref();
  process.once("disconnect", () => {
    if (draining) return;
    log.warn("parent process gone: shutting down");
    stop("SIGTERM");
  });
}

/**
 * Stops taking jobs everywhere at once, gives running work WORKER_SHUTDOWN_GRACE_MS, hands back what
 * still runs, closes; every step bounded, and the whole by workerDrainMs (then it exits anyway).
 */
function drain(signal: NodeJS.Signals, { worker, competition, metricsServer }: Running): void {
  log.info({ signal, graceMs }, "shutting down");
  const deadlineMs = workerDrainMs(graceMs);
  setTimeout(() => {
    log.error({ deadlineMs }, "shutdown took too long: exiting with its work abandoned");
    exit(EXIT_FAILED);
  }, deadlineMs);
  worker.stopIntake();
  competition.stopIntake();
  Promise.all([worker.close(), competition.close(graceMs, CLOSE_STEP_MS)])
    .then(async ([report]) => {
      await fulfilledWithin(metricsServer?.close() ?? Promise.resolve(), CLOSE_STEP_MS);
      await fulfilledWithin(container.close(), CLOSE_STEP_MS);
      const abandoned = [...report.abandoned, ...competition.abandoned()];
      if (abandoned.length > 0) {
        log.error({ abandoned }, "worker stopped with work abandoned");
        exit(EXIT_FAILED);
      }
      log.info("worker stopped");
      exit(EXIT_OK);
    })
    .catch((error: unknown) => {
      log.error({ err: error }, "shutdown failed");
      exit(EXIT_FAILED);
    });
}

try {
  await ensureDatabase(config.databaseUrl);
  await migrate(config.databaseUrl, { logger: log });
} catch (error) {
  log.fatal({ err: error }, "database not ready");
  await fulfilledWithin(container.close(), CLOSE_STEP_MS);
  exit(EXIT_FAILED);
}

/** A start-up step failed: says why (naming the setting when it is one), and exits. */
async function startupFailed(
  error: unknown,
  failure: { message: string; setting?: string } | undefined,
  started: Partial<Running>,
): Promise<never> {
  // A setting the machine refuses: the message says it all (no stack trace to read).
  if (failure)
    log.fatal({ setting: failure.setting, code: (error as NodeJS.ErrnoException).code }, failure.message);
  else log.fatal({ err: error }, `worker start-up failed: ${(error as Error).message}`);
  started.worker?.stopIntake();
  started.competition?.stopIntake();
  // The jobs first, then the connections they use: a daily-puzzles catch-up under way would otherwise
  // fail its attempt on a closed pool ("Cannot use a pool after calling end on the pool"). No grace
  // for a search taken meanwhile: it goes back to the queue at once, and the wait covers the worker's
  // whole close (workerDrainMs(0)), so the pool is not ended under a search still handing back.
  await fulfilledWithin(
    Promise.all([started.worker?.close(0), started.competition?.close(CLOSE_STEP_MS, CLOSE_STEP_MS)]),
    workerDrainMs(0),
  );
  await fulfilledWithin(container.close(), CLOSE_STEP_MS);
  exit(failure ? EXIT_CONFIGURATION : EXIT_FAILED);
}

const metrics = config.workerMetricsPort === undefined ? undefined : new WorkerMetrics(config.solverThreads);
let worker: SolveWorker;
try {
  worker = await SolveWorker.start(workerSettings(config), container, metrics);
} catch (error) {
  await startupFailed(error, tablesFailure(error, config.pdbDir), {});
  throw error; // not reached
}
if (draining) worker.stopIntake(); // a signal came during start-up: take no job before exiting
let competition: CompetitionWorkers;
try {
  competition = await startCompetitionWorkers(config, container);
} catch (error) {
  await startupFailed(error, undefined, { worker });
  throw error;
}
if (draining) competition.stopIntake();
let metricsServer: MetricsServer | undefined;
if (metrics && config.workerMetricsPort !== undefined) {
  try {
    metricsServer = await startMetricsServer(metrics.registry, config.workerMetricsPort, config.host);
    log.info({ port: metricsServer.port, host: config.host }, "metrics endpoint listening");
  } catch (error) {
    // Its /healthz is what a container's healthcheck asks: a worker without it would stay unhealthy.
    await startupFailed(error, metricsPortFailure(error, config.workerMetricsPort, config.host), {
      worker,
      competition,
    });
  }
}
if (draining) {
  // A signal came while the last step started: the start-up branch above is already exiting.
} else {
  running = { worker, competition, metricsServer };
  log.info({ pid: process.pid, ...worker.stats }, "worker ready");
}
