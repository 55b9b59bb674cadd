// The BullMQ processor of a search job. It runs on the worker process' main thread and only does
// I/O: it marks the job's Solves RUNNING, hands the search to a solver thread, forwards throttled
// progress to `job.updateProgress`, and writes the result to every Solve still waiting for it.
import { UnrecoverableError, WaitingError } from "bullmq";
import type { Job } from "bullmq";
import type { Logger } from "pino";
import type { SearchMetricsHooks } from "../src/metrics/worker-metrics.ts";
import type { SolveJobData, SolveJobResult } from "../src/queue/contracts.ts";
import { outcomeOfResult } from "../src/repositories/solve-repository.ts";
import type { SolveRepository } from "../src/repositories/solve-repository.ts";
import type { SolveAnnouncer } from "../src/services/solve-events.ts";
import { ProgressThrottle } from "./progress-throttle.ts";
import type { SolverPool } from "./solver-pool.ts";

/** Abort reasons given to `worker.cancelJob` / `worker.cancelAllJobs`. */
export const CANCELLED = "cancelled";
export const SHUTDOWN = "shutdown";

export interface SearchProcessorDeps {
  readonly pool: SolverPool;
  readonly solves: SolveRepository;
  /** Tells the API processes the job's progress and the Solves its result was written to, as committed. */
  readonly announce: SolveAnnouncer;
  readonly log: Logger;
  /** At most one `job.updateProgress` per this many ms. */
  readonly progressIntervalMs: number;
  /** How often a running search checks Postgres that someone still waits for it (missed cancel messages). */
  readonly cancelPollMs: number;
  /** Search counts, speed and queue wait for GET /metrics (src/metrics/worker-metrics.ts). */
  readonly metrics?: SearchMetricsHooks;
  /** How long a failed Solve write (Postgres away) is retried before the attempt fails; default 60 s. */
  readonly storeRetryMs?: number;
}

export type SearchJob = Job<SolveJobData, SolveJobResult>;

export function createSearchProcessor(deps: SearchProcessorDeps) {
  const { pool, solves, log } = deps;

  /** Stops the search when its signal aborts or when no Solve waits for it any more. */
  function watchCancellation(jobId: string, signal: AbortSignal | undefined): { stop: AbortController; end(): void } {
    const stop = new AbortController();
    const forward = () => stop.abort(signal?.reason);
    if (signal?.aborted) forward();
    signal?.addEventListener("abort", forward, { once: true });
    const poll = setInterval(() => {
      solves.countActive(jobId).then(
        (waiting) => {
          if (waiting === 0) stop.abort(CANCELLED);
        },
        (error: unknown) => log.warn({ err: error, jobId }, "cancel poll failed"),
      );
    }, deps.cancelPollMs);
    return {
      stop,
      end() {
        clearInterval(poll);
        signal?.removeEventListener("abort", forward);
      },
    };
  }

  /**
   * Postgres may be away for a while (a restart, a failover). A write is retried with the job's lock
   * still held (BullMQ renews it through Redis meanwhile) instead of failing the attempt: a result
   * already found is kept, and a few quick failed attempts cannot mark an accepted Solve FAILED.
   */
  async function persistently<T>(what: string, jobId: string, write: () => Promise<T>): Promise<T> {
    const deadline = Date.now() + (deps.storeRetryMs ?? 60_000);
    for (let delayMs = 100; ; delayMs = Math.min(delayMs * 2, 2000)) {
      try {
        return await write();
      } catch (error) {
        if (Date.now() + delayMs > deadline) throw error;
        log.warn({ err: error, jobId, retryInMs: delayMs }, `${what} failed; retrying`);
        await new Promise((resolve) => setTimeout(resolve, delayMs));
      }
    }
  }

  return async function processSearch(job: SearchJob, token?: string, signal?: AbortSignal): Promise<SolveJobResult> {
    const jobId = job.id;
    if (!jobId) throw new UnrecoverableError("search job without an id");
    const { data } = job;
    if (signal?.aborted && signal.reason === SHUTDOWN) return requeue(job, token);
    // The search starts while its Solves are marked RUNNING (a short search is over before Postgres
    // answers); its result is written only after the mark. A job no Solve waits for any more (a
    // duplicate, or a retry of a job whose result is written) is stopped at once.
    const cancellation = watchCancellation(jobId, signal);
    const throttle = new ProgressThrottle(deps.progressIntervalMs, (progress) => {
      job.updateProgress(progress).catch((error: unknown) => log.warn({ err: error, jobId }, "progress update failed"));
      void deps.announce.progress(jobId, progress);
    });
    const searching = pool.search(
      { spec: data.spec, algorithm: data.algorithm, heuristic: data.heuristic, timeLimitMs: data.timeLimitMs },
      {
        signal: cancellation.stop.signal,
        onProgress: (progress) => {
          deps.metrics?.searchProgress(jobId, progress);
          throttle.push(progress);
        },
      },
    );
    // Handled below, once the mark is done; meanwhile a search that throws must not be an unhandled rejection.
    searching.catch(() => undefined);
    const end = () => {
      cancellation.end();
      throttle.stop();
    };
    const abandon = async () => {
      cancellation.stop.abort(CANCELLED);
      await searching.catch(() => undefined);
      end();
    };
    let waiting: number;
    try {
      waiting = await persistently("marking the search's Solves RUNNING", jobId, () => solves.markRunning(jobId));
    } catch (error) {
      await abandon();
      throw error;
    }
    if (waiting === 0) {
      await abandon();
      return { outcome: "SKIPPED", updated: 0 };
    }
    log.info({ jobId, attempt: job.attemptsMade + 1, waiting }, "search started");
    deps.metrics?.searchStarted(jobId, job.timestamp);
    let result: Awaited<typeof searching> | undefined;
    try {
      result = await searching;
    } catch (error) {
      // A search that throws (bad options for this puzzle, a bug) throws again if retried.
      throw new UnrecoverableError(error instanceof Error ? error.message : String(error));
    } finally {
      end();
      deps.metrics?.searchEnded(jobId, result);
    }
    if (result.status === "cancelled" && cancellation.stop.signal.reason === SHUTDOWN) return requeue(job, token);
    const outcome = outcomeOfResult(result);
    // Subscribers get the rows as soon as they are committed, before the job itself completes; the
    // search is logged finished then too (the sweep for Solves that joined meanwhile comes after).
    let logged = false;
    const written = await persistently("writing the search's result", jobId, () =>
      solves.finishJob(data.canonicalKey, jobId, outcome, async (rows) => {
        await deps.announce.finished(rows);
        if (!logged) {
          logged = true;
          log.info({ jobId, status: outcome.status, length: result.length, nodes: result.nodes, ms: result.elapsedMs, updated: rows.length }, "search finished");
        } else if (rows.length > 0) {
          log.info({ jobId, updated: rows.length }, "search result written to Solves that joined it meanwhile");
        }
      }),
    );
    const updated = written.length;
    return { outcome: outcome.status, updated };
  };

  /** A search stopped by a shutdown: back to the queue, for another worker (or this one, restarted). */
  async function requeue(job: SearchJob, token: string | undefined): Promise<never> {
    await solves.requeue(job.id as string);
    await job.moveToWait(token);
    log.info({ jobId: job.id }, "search returned to the queue (shutdown)");
    throw new WaitingError();
  }
}
