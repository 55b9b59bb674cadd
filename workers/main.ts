// `npm run worker`: one worker process. It brings the database schema up to date (safe beside the
// API doing the same), builds its tables, starts its solver threads and takes search jobs until
// SIGTERM/SIGINT, then shuts down in order (docs/pipeline.md). A second signal exits at once (one
// arriving within a second of the first is the same Ctrl-C delivered twice: src/shutdown-signals.ts).
// Spawned by `npm start` (with an IPC channel), it also shuts down when that parent goes away.
import { loadConfigOrExit } from "../src/config.ts";
import { ensureDatabase } from "../src/db/database.ts";
import { migrate } from "../src/db/migrate.ts";
import { onShutdownSignals } from "../src/shutdown-signals.ts";
import { startMetricsServer, type MetricsServer } from "../src/metrics/metrics-server.ts";
import { WorkerMetrics } from "../src/metrics/worker-metrics.ts";
import { createWorkerContainer } from "./container.ts";
import { SolveWorker, workerSettings } from "./solve-worker.ts";
import { startCompetitionWorkers } from "./competition-workers.ts";

const config = loadConfigOrExit();
const container = createWorkerContainer(config, { poolSize: config.solverThreads + 4 });
const log = container.logger;

try {
  await ensureDatabase(config.databaseUrl);
  await migrate(config.databaseUrl, { logger: log });
} catch (error) {
  log.fatal({ err: error }, "database not ready");
  await container.close();
  process.exit(1);
}

const metrics = config.workerMetricsPort === undefined ? undefined : new WorkerMetrics(config.solverThreads);
const worker = await SolveWorker.start(workerSettings(config), container, metrics);
const competition = await startCompetitionWorkers(config, container);
let metricsServer: MetricsServer | undefined;
if (metrics && config.workerMetricsPort !== undefined) {
  try {
    metricsServer = await startMetricsServer(metrics.registry, config.workerMetricsPort, config.host);
    log.info({ port: metricsServer.port, host: config.host }, "metrics endpoint listening");
  } catch (error) {
    // A busy port must not keep a worker from working: it runs unobserved, and says so.
    log.error({ err: error, port: config.workerMetricsPort }, "metrics endpoint not started");
  }
}
log.info({ pid: process.pid, ...worker.stats }, "worker ready");

let draining = false;
const stop = onShutdownSignals({
  drain(signal) {
    draining = true;
    log.info({ signal }, "shutting down");
    competition
      .close()
      .then(() => worker.close())
      .then(() => metricsServer?.close())
      .then(() => container.close())
      .then(
        () => {
          log.info("worker stopped");
          process.exit(0);
        },
        (error: unknown) => {
          log.error({ err: error }, "shutdown failed");
          process.exit(1);
        },
      );
  },
  coalesced: (signal) => log.debug({ signal }, "same shutdown signal again: already shutting down"),
  exitNow(signal) {
    log.warn({ signal }, "second signal: exiting now");
    process.exit(1);
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
