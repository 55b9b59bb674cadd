// The BullMQ processor of a search job. It runs on the worker process' main thread and only does
// I/O: it hands the search to the coordinator (as units that any thread of the fleet takes), marks the job's Solves RUNNING when the search lasts,
// forwards throttled progress to `job.updateProgress`, and writes the result to every Solve still
// waiting for it.
import { DelayedError, UnrecoverableError, WaitingError } from "bullmq";
import type { Job } from "bullmq";
import type { Logger } from "pino";
import type { SearchProgress, SolveResult } from "../src/core/types.ts";
import type { SearchMetricsHooks } from "../src/metrics/worker-metrics.ts";
import type { Solve } from "../src/generated/prisma/client.ts";
import { retryDelayMs } from "../src/redis/connection.ts";
import {
  type SolveAnnouncer,
  type SolveJobData,
  type SolveJobResult,
  type SolveOutcome,
  type SolveJobRepository,
  outcomeOfResult,
} from "../src/solves/index.ts";
import { CANCELLED, SHUTDOWN, SUPERSEDED } from "./abort-reasons.ts";
import { ProgressThrottle } from "./progress-throttle.ts";
import type { CoordinatorHooks } from "./split-coordinator.ts";
import { SupersededError } from "./superseded-error.ts";

/** Runs a search job's search (workers/split-coordinator.ts) with the job's lock token. */
type SearchRunner = (
  jobId: string,
  token: string,
  data: SolveJobData,
  hooks: CoordinatorHooks,
) => Promise<SolveResult>;

export interface SearchProcessorDeps {
  readonly search: SearchRunner;
  /** Recognises the error of a coordinator superseded by another one (not a failure of the search). */
  readonly isSuperseded?: (error: unknown) => boolean;
  readonly jobs: SolveJobRepository;
  /** Tells the API processes the job's progress and the Solves its result was written to, as committed. */
  readonly announce: SolveAnnouncer;
  readonly log: Logger;
  /** At most one `job.updateProgress` per this many ms. */
  readonly progressIntervalMs: number;
  /** How often a running search checks Postgres that someone still waits for it (missed cancel messages). */
  readonly cancelPollMs: number;
  /**
   * Searches coordinated and their outcomes, for GET /metrics (src/metrics/worker-metrics.ts). Not
   * their nodes: the progress is the fleet's, counted by the processes whose threads did the work.
   */
  readonly metrics?: SearchMetricsHooks;
  /** How long a failed Solve write (Postgres away) is retried before the attempt fails; default 60 s. */
  readonly storeRetryMs?: number;
  /** A search still running after this long is marked RUNNING first; default MARK_RUNNING_AFTER_MS. */
  readonly markRunningAfterMs?: number;
}

export type SearchJob = Job<SolveJobData, SolveJobResult>;

/** A search job taken again while its earlier run here stops is put off this long (see processSearch). */
const RETAKE_DELAY_MS = 1000;

/** A search still running after this long has its Solves marked RUNNING before its result is written. */
const MARK_RUNNING_AFTER_MS = 10;

/**
 * The job's data with what an earlier run of it left on its Solves (SolveJobRepository.jobStart), where
 * the data lacks it: a job BullMQ runs again (a failed attempt, a stalled job taken again) carries
 * neither the proven bound nor the start that the reconciler's re-added job carries.
 *
 * The bound: the higher of the data's and `stored`; a split search that finds no state of it in
 * Redis is planned from it instead of h(root). Sound whatever run proved it: it bounds the board's
 * true distance (docs/distributed.md, "Redis restarted empty"). A search that resumes from its state
 * in Redis, or runs whole, does not use it.
 *
 * The start: the data's, else `started` (the first run's), so that the time limit counts from the
 * search's first start as it does after the reconciler re-adds a job. A search that resumes from its
 * state in Redis keeps the start saved there.
 */
function withEarlierRun(data: SolveJobData, stored: number | null, started: Date | null): SolveJobData {
  let out = data;
  if (stored !== null && (data.provenLowerBound === undefined || data.provenLowerBound < stored))
    out = { ...out, provenLowerBound: stored };
  if (started !== null && data.startedAt === undefined) out = { ...out, startedAt: started.getTime() };
  return out;
}

/** Whether `promise` settles (either way) within `ms`. */
function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    const settled = () => {
      clearTimeout(timer);
      resolve(true);
    };
    promise.then(settled, settled);
  });
}

export function createSearchProcessor(deps: SearchProcessorDeps) {
  const { jobs, log } = deps;

  /**
   * Stops the search when its signal aborts or when no Solve waits for it any more. The same poll
   * stores the bound the search has proved (`proved`, raised by its progress) on those of its Solves
   * that hold less: a search whose state Redis lost is planned again from it (docs/distributed.md,
   * "Redis restarted empty").
   */
  function watchCancellation(
    jobId: string,
    signal: AbortSignal | undefined,
  ): { stop: AbortController; proved(bound: number): void; end(): void } {
    const stop = new AbortController();
    const forward = () => stop.abort(signal?.reason);
    if (signal?.aborted) forward();
    signal?.addEventListener("abort", forward, { once: true });
    let proven: number | undefined;
    const poll = setInterval(() => {
      // The statement updates only the rows holding less (a follower that joined since included):
      // a poll whose bound has not risen writes nothing.
      jobs.pollActive(jobId, proven).then(
        (waiting) => {
          if (waiting === 0) stop.abort(CANCELLED);
        },
        (error: unknown) => log.warn({ err: error, jobId }, "cancel poll failed"),
      );
    }, deps.cancelPollMs);
    return {
      stop,
      proved(bound) {
        if (proven === undefined || bound > proven) proven = bound;
      },
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
    for (let attempt = 0; ; attempt++) {
      const delayMs = retryDelayMs(attempt);
      try {
        return await write();
      } catch (error) {
        if (Date.now() + delayMs > deadline) throw error;
        log.warn({ err: error, jobId, retryInMs: delayMs }, `${what} failed; retrying`);
        await new Promise((resolve) => setTimeout(resolve, delayMs));
      }
    }
  }

  // This process' runs of search jobs, by job id: each one's stop, aborted when a later take of the
  // same job supersedes it.
  const runs = new Map<string, AbortController>();

  return async function processSearch(
    job: SearchJob,
    token?: string,
    signal?: AbortSignal,
  ): Promise<SolveJobResult> {
    const jobId = job.id;
    if (!jobId) throw new UnrecoverableError("search job without an id");
    const earlier = runs.get(jobId);
    if (earlier !== undefined) {
      // This process still runs an earlier take of the job, which lost its lock (Redis went away and
      // the job was added again, or the lock expired). BullMQ's lock manager knows a job by its id:
      // when the earlier run ends it would stop renewing this take's lock, and the job would stall
      // again and again until it failed. So the earlier run stops (writing nothing), and the job is
      // taken again once it has ended.
      earlier.abort(SUPERSEDED);
      log.warn({ jobId }, "search job taken again while its earlier run goes on here: that run stops");
      await job.moveToDelayed(Date.now() + RETAKE_DELAY_MS, token);
      throw new DelayedError();
    }
    const run = new AbortController();
    runs.set(jobId, run);
    // A shutdown hands the search back once it has stopped, and a split search stops its units
    // through Redis: with Redis away that never comes and the job is abandoned (taken again when its
    // lock expires). So its Solves go back to QUEUED in Postgres at the shutdown itself, not RUNNING
    // while nobody runs them; a result that still comes is written to QUEUED Solves as to RUNNING ones.
    const onShutdown = () => {
      if (signal?.reason !== SHUTDOWN) return;
      jobs
        .requeue(jobId)
        .catch((error: unknown) => log.warn({ err: error, jobId }, "shutdown: Solves not set QUEUED"));
    };
    signal?.addEventListener("abort", onShutdown, { once: true });
    try {
      const stop = signal === undefined ? run.signal : AbortSignal.any([signal, run.signal]);
      return await runSearch(job, jobId, token, signal, stop);
    } finally {
      signal?.removeEventListener("abort", onShutdown);
      if (runs.get(jobId) === run) runs.delete(jobId);
    }
  };

  /** One run of a search job; `stop` is BullMQ's signal (shutdown) or this process superseding the run. */
  async function runSearch(
    job: SearchJob,
    jobId: string,
    token: string | undefined,
    signal: AbortSignal | undefined,
    stop: AbortSignal,
  ): Promise<SolveJobResult> {
    if (signal?.aborted && signal.reason === SHUTDOWN) return requeue(job, token);
    const startedAt = new Date();
    // The board's optimum proven since this job was queued (by a job of other options): no search.
    // The same read gives the bound and start an earlier run of this job left on its Solves (see
    // withEarlierRun).
    const {
      known,
      provenBound,
      startedAt: firstStart,
    } = await persistently("reading a known answer", jobId, () =>
      jobs.jobStart(job.data.canonicalKey, jobId),
    );
    if (known !== null) return answerFromKnown(jobId, job.data.canonicalKey, known, startedAt);
    const data = withEarlierRun(job.data, provenBound, firstStart);
    const cancellation = watchCancellation(jobId, stop);
    const throttle = new ProgressThrottle(deps.progressIntervalMs, (progress) => {
      job
        .updateProgress(progress)
        .catch((error: unknown) => log.warn({ err: error, jobId }, "progress update failed"));
      void deps.announce.progress(jobId, progress);
    });
    // Progress goes out once the Solves are marked RUNNING; until then only the latest report is kept
    // (and the thread posts none before the mark could be due).
    const markAfterMs = deps.markRunningAfterMs ?? MARK_RUNNING_AFTER_MS;
    let live = false;
    let early: SearchProgress | undefined;
    const searching = deps.search(jobId, token ?? "", data, {
      signal: cancellation.stop.signal,
      onProgress: (progress) => {
        // A split search's proven bound (a whole search's thread reports to the API directly).
        if (progress.lowerBound !== undefined) cancellation.proved(progress.lowerBound);
        if (live) throttle.push(progress);
        else early = progress;
      },
    });
    // Handled below; meanwhile a search that throws must not be an unhandled rejection.
    searching.catch(() => undefined);
    const end = () => {
      cancellation.end();
      throttle.stop();
    };
    const abandon = async () => {
      cancellation.stop.abort(CANCELLED);
      const stopped = await searching.catch(() => undefined);
      end();
      return stopped;
    };
    // Most searches end within a millisecond or two: their result is written at once, with no
    // RUNNING mark before it (and no progress). A search still running after markRunningAfterMs is
    // marked RUNNING (its result is written only after the mark); a job no Solve waits for any more
    // (a duplicate, or a retry of a job whose result is written) is stopped then.
    const quick = await settlesWithin(searching, markAfterMs);
    if (quick) {
      log.info({ jobId, attempt: job.attemptsMade + 1 }, "search started");
    } else {
      let waiting: number;
      try {
        waiting = await persistently("marking the search's Solves RUNNING", jobId, () =>
          jobs.markRunning(jobId),
        );
      } catch (error) {
        await abandon();
        throw error;
      }
      if (waiting === 0) {
        const stopped = await abandon();
        // Stopped here, not by a shutdown or a later take of the job: what it proved goes to the
        // Solves that ended without it (see fillEnded).
        if (stopped !== undefined && cancellation.stop.signal.reason === CANCELLED)
          await fillEnded(data.canonicalKey, jobId, stopped, startedAt);
        return { outcome: "SKIPPED", updated: 0 };
      }
      live = true;
      if (early !== undefined) throttle.push(early);
      log.info({ jobId, attempt: job.attemptsMade + 1, waiting }, "search started");
    }
    deps.metrics?.searchStarted(jobId, job.timestamp);
    let result: Awaited<typeof searching> | undefined;
    let superseded = false;
    try {
      result = await searching;
      // Stopped because this process took the job again: the later take writes the result.
      superseded = result.status === "cancelled" && cancellation.stop.signal.reason === SUPERSEDED;
    } catch (error) {
      // Another worker holds the job now (this one lost its lock): it carries the search on.
      superseded = deps.isSuperseded?.(error) === true;
      if (superseded) throw error;
      // A search that throws (bad options for this puzzle, a bug) throws again if retried.
      throw new UnrecoverableError(error instanceof Error ? error.message : String(error));
    } finally {
      end();
      if (superseded) deps.metrics?.searchHandedOver(jobId);
      else deps.metrics?.searchEnded(jobId, result);
    }
    if (superseded) throw new SupersededError(`search ${jobId}: taken again by this worker`);
    if (result.status === "cancelled" && cancellation.stop.signal.reason === SHUTDOWN)
      return requeue(job, token);
    const outcome = outcomeOfResult(result);
    // To every Solve still waiting (followers that joined meanwhile included); the job completes only
    // once the rows are on disk.
    const written = await writeOutcome(
      "writing the search's result",
      data.canonicalKey,
      jobId,
      outcome,
      startedAt,
    );
    log.info(
      {
        jobId,
        status: outcome.status,
        length: result.length,
        nodes: result.nodes,
        ms: result.elapsedMs,
        updated: written,
      },
      "search finished",
    );
    if (quick && written === 0) return { outcome: "SKIPPED", updated: 0 };
    return { outcome: outcome.status, updated: written };
  }

  /**
   * One locked write of `outcome` to every Solve still waiting for the job (SolveJobRepository.
   * finishJobDurably, `cached` for a known answer); returns how many rows it wrote. Subscribers get
   * the rows as soon as they are committed; it resolves only once they are on disk. Should the flush
   * fail (Postgres crashed), the write is made again: it is conditional, so a result that survived is
   * not written twice (its rows are counted once), and one that was lost is written again.
   */
  async function writeOutcome(
    what: string,
    canonicalKey: string,
    jobId: string,
    outcome: SolveOutcome,
    startedAt: Date,
    cached = false,
  ): Promise<number> {
    const written = new Set<number>();
    const announce = async (rows: Solve[]) => {
      await deps.announce.finished(rows);
      for (const row of rows) written.add(row.id);
    };
    await persistently(what, jobId, () =>
      jobs.finishJobDurably(canonicalKey, jobId, outcome, announce, startedAt, cached),
    );
    return written.size;
  }

  /**
   * A search that found no Solve waiting for it once it had run (markRunning: none) was stopped; its
   * figures still go, through the result's conditional write, to the job's Solves that ended while no
   * coordinator ran it: cancelled (cancelSolve writes no figures: the coordinator's write of the
   * stopped search does) or ended TIMED_OUT by the reconciler at their limit (no node count). Such a
   * job is one whose coordinator's worker died or hung and that this worker took over: the search
   * resumes from its state in Redis, so its figures are the search's, not this run's. Before, this
   * run wrote nothing and those Solves kept null figures for good. The write matches no Solve waiting
   * (there is none), and a Solve that has its figures keeps them.
   */
  async function fillEnded(
    canonicalKey: string,
    jobId: string,
    stopped: SolveResult,
    startedAt: Date,
  ): Promise<void> {
    const outcome = outcomeOfResult(stopped);
    if (outcome.status !== "CANCELLED" && outcome.status !== "TIMED_OUT") return;
    const filled = await writeOutcome(
      "writing a stopped search's figures",
      canonicalKey,
      jobId,
      outcome,
      startedAt,
    );
    if (filled > 0)
      log.info(
        { jobId, stop: outcome.status, lowerBound: outcome.lowerBound, nodes: stopped.nodes, filled },
        "search stopped with no Solve waiting: its figures written to the Solves that ended without them",
      );
  }

  /**
   * Writes a known optimal answer (SolveJobRepository.jobStart) to every Solve waiting for the job,
   * marked `cached`, through the same locked write as a search's result (followers that join after it
   * find the answer themselves).
   */
  async function answerFromKnown(
    jobId: string,
    canonicalKey: string,
    known: SolveOutcome,
    startedAt: Date,
  ): Promise<SolveJobResult> {
    const updated = await writeOutcome("writing a known answer", canonicalKey, jobId, known, startedAt, true);
    log.info({ jobId, length: known.length, updated }, "answered from a known optimal solve, no search");
    return updated === 0 ? { outcome: "SKIPPED", updated: 0 } : { outcome: "SOLVED", updated };
  }

  /** A search stopped by a shutdown: back to the queue, for another worker (or this one, restarted). */
  async function requeue(job: SearchJob, token: string | undefined): Promise<never> {
    await jobs.requeue(job.id as string);
    await job.moveToWait(token);
    log.info({ jobId: job.id }, "search returned to the queue (shutdown)");
    throw new WaitingError();
  }
}
