// `npm start`: brings the database up to date (creating it if missing), starts the API, and runs one
// worker process (dist/workers/main.js, when built) beside it, restarting it if it dies. SIGTERM or
// SIGINT drains the API and stops the worker; a second signal (a second Ctrl-C, not the same one
// delivered twice) exits at once.
//
// The worker runs in a process group of its own: Ctrl-C signals the terminal's foreground group, and
// the worker must get exactly one SIGTERM, from here, so that it drains (its running searches go
// back to the queue). An IPC channel ties it to this process: were this one killed outright, the
// channel closes and the worker shuts down the same way (workers/main.ts).
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { loadConfigOrExit, type Config } from "./config.ts";
import { projectRoot } from "./project-root.ts";
import { prepareDatabase } from "./db/prepare.ts";
import { createLogger, type Logger } from "./logger.ts";
import { startServer } from "./server.ts";
import { onShutdownSignals } from "./shutdown-signals.ts";
import { tunedEnvironment } from "./tuned-environment.ts";
import { EXIT_CONFIGURATION, workerDrainMs } from "./worker-shutdown.ts";

const WORKER_ENTRY = join(projectRoot, "dist", "workers", "main.js");
/** Beyond the worker's own drain deadline (which it keeps: src/worker-shutdown.ts), before SIGKILL. */
const KILL_MARGIN_MS = 5000;

interface Supervisor {
  stop(): Promise<void>;
  /** A second signal: the worker exits at once too. */
  hurry(): void;
}

/**
 * Runs the worker process, restarting it with a growing delay (1 s .. 30 s) if it exits on its own;
 * but a worker exiting EXIT_CONFIGURATION (a setting refused: it would fail again) is not restarted:
 * `onConfigurationError` is called instead.
 */
function superviseWorker(config: Config, logger: Logger, onConfigurationError: () => void): Supervisor {
  let child: ChildProcess | undefined;
  let stopping = false;
  let delayMs = 1000;
  let restartTimer: NodeJS.Timeout | undefined;

  const start = () => {
    const startedAt = Date.now();
    // The worker searches: it starts with the product's settings (huge pages for its tables).
    const current = spawn(process.execPath, [WORKER_ENTRY], {
      stdio: ["inherit", "inherit", "inherit", "ipc"],
      detached: true,
      env: tunedEnvironment(process.env),
    });
    child = current;
    logger.info({ pid: current.pid }, "worker started");
    current.on("exit", (code, signal) => {
      if (child === current) child = undefined;
      if (stopping) return;
      if (code === EXIT_CONFIGURATION) {
        logger.fatal(
          { code },
          "worker refused its configuration (its last log line says which setting); not restarting it: stopping",
        );
        onConfigurationError();
        return;
      }
      if (Date.now() - startedAt > 60_000) delayMs = 1000; // it had been healthy: start over quickly
      logger.error({ code, signal, restartInMs: delayMs }, "worker exited; restarting");
      restartTimer = setTimeout(start, delayMs);
      delayMs = Math.min(delayMs * 2, 30_000);
    });
  };
  start();

  return {
    async stop() {
      stopping = true;
      clearTimeout(restartTimer);
      const current = child;
      if (current === undefined || current.exitCode !== null || current.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => current.once("exit", () => resolve()));
      current.kill("SIGTERM");
      // The worker's drain (WORKER_SHUTDOWN_GRACE_MS, the hand-back, the closing steps) is bounded
      // by itself; SIGKILL only past that, so a search it is handing back is never cut off.
      const killAfterMs = workerDrainMs(config.pipeline.shutdownGraceMs) + KILL_MARGIN_MS;
      const kill = setTimeout(() => {
        logger.error(
          { pid: current.pid, killAfterMs },
          "worker still running after its drain deadline: killed",
        );
        current.kill("SIGKILL");
      }, killAfterMs);
      await exited;
      clearTimeout(kill);
    },
    hurry() {
      child?.kill("SIGTERM");
    },
  };
}

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const logger = createLogger(config, "main");
  process.on("unhandledRejection", (reason) => logger.error({ err: reason }, "unhandled promise rejection"));

  try {
    await prepareDatabase(config.databaseUrl, logger);
  } catch (error) {
    logger.fatal({ err: error }, (error as Error).message);
    process.exit(1);
  }
  let server: Awaited<ReturnType<typeof startServer>>;
  try {
    server = await startServer(config);
  } catch (error) {
    logger.fatal(
      { err: error },
      `cannot start the API on ${config.host}:${config.port}: ${(error as Error).message}`,
    );
    process.exit(1);
  }

  let worker: Supervisor | undefined;
  if (!config.startWorker) {
    logger.info("START_WORKER=false: no worker process (run `npm run worker` separately)");
  } else if (!existsSync(WORKER_ENTRY)) {
    logger.warn({ entry: WORKER_ENTRY }, "no worker built: solves will wait in the queue until one runs");
  } else {
    worker = superviseWorker(config, logger, () => shutDown("worker configuration", EXIT_CONFIGURATION));
  }

  let shuttingDown = false;
  function shutDown(reason: string, status = 0): void {
    if (shuttingDown) return;
    shuttingDown = true;
    logger.info({ reason }, "shutting down");
    void Promise.allSettled([server.close(), worker?.stop()]).then((results) => {
      const failed = results.filter((r) => r.status === "rejected");
      for (const failure of failed)
        logger.error({ err: (failure as PromiseRejectedResult).reason }, "shutdown step failed");
      process.exit(failed.length === 0 ? status : 1);
    });
  }

  onShutdownSignals({
    drain(signal) {
      shutDown(signal);
    },
    coalesced(signal) {
      logger.debug({ signal }, "same shutdown signal again: already shutting down");
    },
    exitNow(signal) {
      logger.warn({ signal }, "second signal: exiting now");
      worker?.hurry();
      process.exit(1);
    },
  });
}

await main();
