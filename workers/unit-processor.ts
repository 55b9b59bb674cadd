// The BullMQ processor of unit jobs: one unit of a split search (or a whole search that is not
// split) on a free solver thread, its outcome pushed onto its search's results list for the
// coordinator. Units of a search stop within milliseconds when their search is stopped (a cancel,
// a time limit, or a shorter answer that made them useless): see UnitStops.
import { DelayedError, WaitingError } from "bullmq";
import type { Job } from "bullmq";
import type { Logger } from "pino";
import type { SlidingSpec, SolveResult } from "../src/core/types.ts";
import type { UnitMetricsHooks } from "../src/metrics/worker-metrics.ts";
import {
  type SolveAnnouncer,
  UNIT_DONE_TOPIC,
  UNIT_JOB,
  type UnitJobData,
  type SearchFailure,
  type UnitOutcome,
} from "../src/solves/index.ts";
import { ProgressThrottle } from "./progress-throttle.ts";
import { SHUTDOWN } from "./abort-reasons.ts";
import { SearchFailedError } from "./search-failed-error.ts";
import type { SolverPool } from "./solver-pool.ts";
import { DeferredLiveness } from "./deferred-liveness.ts";
import type { SplitStore, UnitLiveness } from "./split-store.ts";
import { waitsForHolder } from "./table-holders.ts";
import type { UnitStops } from "./unit-stops.ts";

export type UnitJob = Job<UnitJobData, void>;

export interface UnitProcessorDeps {
  readonly pool: SolverPool;
  readonly store: SplitStore;
  readonly stops: UnitStops;
  readonly announce: SolveAnnouncer;
  readonly workerId: string;
  readonly progressIntervalMs: number;
  readonly log: Logger;
  /**
   * A unit running this long is stopped (and its coordinator splits it into its children) when the
   * next unit queued belongs to another owner: no user waits behind another's long unit for longer.
   */
  readonly sliceMs: number;
  /** The owner of the unit job next in line (the highest priority queued), if any. */
  readonly nextOwner: () => Promise<string | undefined>;
  /**
   * The live workers holding each pattern database (heartbeats): a unit needing one this worker
   * lacks waits for another that holds it (table-holders.ts).
   */
  readonly pdbHolders: () => Promise<Readonly<Record<string, readonly string[]>>>;
  /** Threads busy, nodes expanded and waits for a thread, for GET /metrics (src/metrics/worker-metrics.ts). */
  readonly metrics?: UnitMetricsHooks;
}

/** A unit left for a worker holding its pattern database is taken again after this long. */
const LEAVE_FOR_HOLDER_MS = 1000;

/** Abort reason of a unit stopped at the end of its time slice. */
const SLICED = "sliced";

export function createUnitProcessor(deps: UnitProcessorDeps) {
  const { pool, store, stops } = deps;

  /**
   * Aborts `slice` (SLICED) once the job has run `firstMs`, and at every SPLIT_UNIT_SLICE_MS after,
   * when the next unit in line belongs to another owner. Returns what ends the checks.
   */
  function sliceWhenOthersWait(
    owner: string | undefined,
    firstMs: number,
    slice: AbortController,
  ): () => void {
    const check = () => {
      deps.nextOwner().then(
        (next) => {
          if (next !== undefined && next !== owner) slice.abort(SLICED);
        },
        () => undefined,
      );
    };
    let every: NodeJS.Timeout | undefined;
    const first = setTimeout(() => {
      check();
      every = setInterval(check, deps.sliceMs);
    }, firstMs);
    return () => {
      clearTimeout(first);
      clearInterval(every);
    };
  }

  async function run(job: UnitJob, stop: AbortSignal): Promise<{ result: unknown; threadId?: number }> {
    const { data } = job;
    const slice = new AbortController();
    if (job.name === UNIT_JOB && data.task !== undefined) {
      const both = AbortSignal.any([stop, slice.signal]);
      const endChecks = sliceWhenOthersWait(data.owner, deps.sliceMs, slice);
      try {
        const { threadId, ...result } = await pool.unit(data.spec as SlidingSpec, data.task, both);
        // JSON has no Infinity: null means "nothing above the bound" (fold reads it as exhausted).
        const nextBound = Number.isFinite(result.nextBound) ? result.nextBound : null;
        const sliced = result.stopped === true && slice.signal.aborted && !stop.aborted;
        return { result: { ...result, nextBound, ...(sliced ? { sliced } : {}) }, threadId };
      } finally {
        endChecks();
      }
    }
    // A whole search reports its progress itself, as an unsplit search always did; after a time
    // slice, with its earlier slices' nodes and thread time.
    const before = data.before ?? { nodes: 0, ms: 0 };
    const throttle = new ProgressThrottle(deps.progressIntervalMs, (progress) => {
      void deps.announce.progress(data.searchId, progress);
    });
    const jobId = job.id as string;
    // An IDA* search run whole is time-sliced as units are (its coordinator goes on from the bound it
    // proved), first after data.sliceMs, which doubles from one slice to the next.
    const endChecks =
      data.sliceMs === undefined ? () => undefined : sliceWhenOthersWait(data.owner, data.sliceMs, slice);
    try {
      const result: SolveResult = await pool.search(
        {
          spec: data.spec,
          algorithm: data.algorithm ?? "auto",
          heuristic: data.heuristic ?? "auto",
          // What was left of the limit when the job was queued, less the time it waited since.
          timeLimitMs: Math.max(1, (data.timeLimitMs ?? 60_000) - Math.max(0, Date.now() - job.timestamp)),
          ...(data.fromBound === undefined ? {} : { fromBound: data.fromBound }),
          ...(data.firstTry === true ? { forecastTimeLimit: true } : {}),
        },
        {
          signal: AbortSignal.any([stop, slice.signal]),
          progressAfterMs: 10,
          onProgress: (progress) => {
            deps.metrics?.unitProgress(jobId, progress.nodes);
            throttle.push({
              ...progress,
              nodes: progress.nodes + before.nodes,
              elapsedMs: progress.elapsedMs + before.ms,
            });
          },
        },
      );
      const sliced = result.status === "cancelled" && slice.signal.aborted && !stop.aborted;
      return { result: sliced ? { ...result, sliced } : result };
    } finally {
      endChecks();
      throttle.stop();
    }
  }

  /** A unit whose search no longer wants it: its outcome (if it ran) is not pushed. */
  function dropped(job: UnitJob, liveness: Exclude<UnitLiveness, "live">): void {
    const why = liveness === "ended" ? "unit of an ended search" : "unit of a replaced plan";
    deps.log.info({ jobId: job.data.searchId, unit: job.id }, `${why}: outcome dropped`);
  }

  return async function processUnit(job: UnitJob, token?: string, signal?: AbortSignal): Promise<void> {
    const jobId = job.id as string;
    const { searchId } = job.data;
    const stop = stops.register(searchId, jobId, signal);
    try {
      // Stopped before it started (a cancel raced the queue): nothing to search. A unit of a split
      // search says so (0 nodes, stopped), since its coordinator waits for the units it stopped.
      if (stop.signal.aborted && signal?.reason !== SHUTDOWN) {
        if (job.name === UNIT_JOB && job.data.task !== undefined) {
          const result = { solution: null, nodes: 0, nextBound: null, stopped: true };
          const outcome: UnitOutcome = { unitJobId: jobId, result, thread: "", runs: job.attemptsStarted };
          const fair = { owner: job.data.owner ?? "platform", tag: job.data.tag, costMs: 0 };
          await store.push(searchId, outcome, fair, UNIT_DONE_TOPIC, job.data.epoch);
        }
        return;
      }
      // A unit left queued by a search that ended without its coordinator (cancelled while its job
      // waited, failed for good), or by an older plan of a search planned afresh since (its state was
      // lost while its units were not: the epoch in the state differs from the unit's): nobody would
      // fold its outcome. A unit running LIVENESS_AFTER_MS asks, and stops if so; a shorter one's
      // outcome is dropped by the push, which checks the same. Not marked stopped: a search re-added
      // under the same id (Redis lost its data) queues units again once its new state is saved.
      const liveness = new DeferredLiveness(() => store.liveness(searchId, job.data.epoch));
      const began = performance.now();
      const kind = job.name === UNIT_JOB && job.data.task !== undefined ? "unit" : "whole";
      deps.metrics?.unitStarted(jobId, kind, (job.processedOn ?? Date.now()) - job.timestamp);
      let ran: { result: unknown; threadId?: number; failure?: SearchFailure };
      let nodes = 0;
      try {
        ran = await run(job, AbortSignal.any([stop.signal, liveness.signal]));
        nodes = (ran.result as { nodes?: number } | null)?.nodes ?? 0;
      } catch (error) {
        if (signal?.aborted && signal.reason === SHUTDOWN) {
          void liveness.settle(); // no question after this; an answer on its way is not awaited
          throw error;
        }
        ran = { result: null, failure: failureOf(error) };
      } finally {
        // The thread is free; its work counts whether or not the outcome is pushed (the nodes were expanded).
        deps.metrics?.unitEnded(jobId, nodes);
      }
      const known = await liveness.settle();
      if (known !== undefined && known !== "live") return dropped(job, known);
      const { result, threadId, failure } = ran;
      const costMs = performance.now() - began;
      // Another live worker holds the tables: the job waits for one of its threads (the
      // coordinator still counts it in flight, and stops it with the search's time limit).
      // Otherwise the failure is pushed, and the search fails with it.
      if (
        failure?.pdb !== undefined &&
        waitsForHolder(failure.pdb, await deps.pdbHolders(), deps.workerId, job.attemptsStarted)
      ) {
        // Queued again only while its search wants it: else it would come back forever.
        const wanted = await liveness.now();
        if (wanted !== "live") return dropped(job, wanted);
        deps.log.info(
          { jobId: searchId, unit: jobId, pdb: failure.pdb },
          "unit left for a worker holding its table",
        );
        await job.moveToDelayed(Date.now() + LEAVE_FOR_HOLDER_MS, token);
        throw new DelayedError();
      }
      if (signal?.aborted && signal.reason === SHUTDOWN) {
        // Back to the queue for another worker; the coordinator still counts it in flight.
        const wanted = await liveness.now();
        if (wanted !== "live") return dropped(job, wanted);
        await job.moveToWait(token);
        throw new WaitingError();
      }
      // Pushed even when the search was stopped (cancelled, out of time, answered): its coordinator
      // waits a moment for the work of the units it stopped; once its state is gone the push only
      // counts the thread time for fairness (split-store.ts).
      const outcome: UnitOutcome = {
        unitJobId: jobId,
        result,
        thread: `${deps.workerId}/${threadId ?? 0}`,
        runs: job.attemptsStarted,
        ...(failure === undefined ? {} : { failure }),
      };
      const fair = { owner: job.data.owner ?? "platform", tag: job.data.tag, costMs };
      const pushed = await store.push(searchId, outcome, fair, UNIT_DONE_TOPIC, job.data.epoch);
      if (pushed !== "live") return dropped(job, pushed);
      if (failure !== undefined) deps.log.warn({ jobId: searchId, unit: jobId, failure }, "unit failed");
    } finally {
      stop.end();
    }
  };
}

/** A failed search thread (its error, or a thread that died): the same unit fails again if retried. */
function failureOf(error: unknown): SearchFailure {
  if (error instanceof SearchFailedError) return error.failure;
  return { code: "SEARCH_FAILED", message: error instanceof Error ? error.message : String(error) };
}
