// What a worker process shows on its own GET /metrics (WORKER_METRICS_PORT): searches it coordinated
// by outcome and duration, the unit jobs its solver threads run (threads busy, how long each waited
// for a thread), the nodes its threads expanded (rate() of the counter is the process' search speed),
// table build and load times, and Node.js process metrics.
//
// A search runs as unit jobs that any thread of any worker process takes (docs/distributed.md): its
// coordinator (search job, main thread) sees the whole fleet's nodes in its progress, so nodes are
// counted here only by the process whose threads expanded them (each unit's nodes when it ends, a
// whole search's as it reports progress), never from the coordinator: summed over the fleet, each
// node once.
import { Counter, Gauge, Histogram, type Registry } from "prom-client";
import type { SolveResult } from "../core/types.ts";
import { createMetricsRegistry } from "./registry.ts";

/** What the search processor (a search's coordinator) tells the metrics (workers/search-processor.ts). */
export interface SearchMetricsHooks {
  /** A search starts; `enqueuedAt` is when its job was added (BullMQ's job.timestamp, ms). */
  searchStarted(jobId: string, enqueuedAt: number): void;
  /** The search ended: its result, or undefined when it threw. Its nodes are not counted here. */
  searchEnded(jobId: string, result: SolveResult | undefined): void;
  /** Another worker's coordinator took the search over: it goes on there, and ends (is counted) there. */
  searchHandedOver(jobId: string): void;
}

/** A unit job: one unit of a split search, or a whole search on one thread. */
export type UnitKind = "unit" | "whole";

/** What the unit processor (the process' solver threads) tells the metrics (workers/unit-processor.ts). */
export interface UnitMetricsHooks {
  /** A unit job takes a solver thread of this process, `waitedMs` after it was queued. */
  unitStarted(jobId: string, kind: UnitKind, waitedMs: number): void;
  /** A whole search's progress report: the nodes it expanded so far. */
  unitProgress(jobId: string, nodes: number): void;
  /** The unit job's thread is free again; `nodes`: what it expanded in all (0 if unknown). */
  unitEnded(jobId: string, nodes: number): void;
}

/** Seconds, from a quick 4x4 to an hour-long search. */
const DURATION_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300, 900, 3600];
/** Seconds a job waited, from "taken at once" to "stuck behind a long backlog". */
const WAIT_BUCKETS = [0.005, 0.025, 0.1, 0.5, 1, 5, 15, 60, 300, 900, 3600];

/** puzzle_worker_nodes_per_second is the nodes counted over this window, per second. */
const SPEED_WINDOW_MS = 5000;

export class WorkerMetrics implements SearchMetricsHooks, UnitMetricsHooks {
  readonly registry: Registry;
  /** Searches this process coordinates now. */
  private readonly running = new Set<string>();
  /** Unit jobs on this process' threads now, and the nodes already counted for each. */
  private readonly units = new Map<string, number>();
  /** Nodes counted, with when (ms), over the last SPEED_WINDOW_MS. */
  private readonly recent: { at: number; nodes: number }[] = [];
  private readonly searches: Counter<"status">;
  private readonly duration: Histogram<"status">;
  private readonly nodes: Counter;
  private readonly wait: Histogram;
  private readonly unitWait: Histogram<"kind">;
  private readonly tableSeconds: Gauge<"table" | "event">;
  private readonly prepareSeconds: Gauge;

  constructor(threads: number, registry: Registry = createMetricsRegistry("worker")) {
    this.registry = registry;
    const running = this.running;
    const units = this.units;
    const speed = () => this.speed();
    this.searches = new Counter({
      name: "puzzle_worker_searches_total",
      help:
        "Searches this process coordinated that ended, by status " +
        "(solved, timed_out, cancelled, unsolvable, budget_exhausted, failed): one per search, whatever its units",
      labelNames: ["status"],
      registers: [registry],
    });
    this.duration = new Histogram({
      name: "puzzle_worker_search_duration_seconds",
      help: "Time from a search's start to its result (coordinated by this process), by status",
      labelNames: ["status"],
      buckets: DURATION_BUCKETS,
      registers: [registry],
    });
    this.nodes = new Counter({
      name: "puzzle_worker_nodes_expanded_total",
      help:
        "Search nodes expanded by this process' solver threads: a unit's when it ends, a whole search's " +
        "as it reports progress (rate() = nodes per second; summed over workers, each node once)",
      registers: [registry],
    });
    this.wait = new Histogram({
      name: "puzzle_worker_job_wait_seconds",
      help:
        "How long a search job waited for a coordinator of this process (since it was last added); " +
        "the wait for a solver thread is puzzle_worker_unit_wait_seconds",
      buckets: WAIT_BUCKETS,
      registers: [registry],
    });
    this.unitWait = new Histogram({
      name: "puzzle_worker_unit_wait_seconds",
      help:
        "How long a unit job waited in the queue before one of this process' solver threads took it, " +
        "by kind (whole: a search on one thread, i.e. the search's wait for a thread; unit: one unit of a split search)",
      labelNames: ["kind"],
      buckets: WAIT_BUCKETS,
      registers: [registry],
    });
    this.tableSeconds = new Gauge({
      name: "puzzle_worker_table_seconds",
      help: "Time to build, load or save each pattern-database table at start-up, by table and event",
      labelNames: ["table", "event"],
      registers: [registry],
    });
    this.prepareSeconds = new Gauge({
      name: "puzzle_worker_tables_prepare_seconds",
      help: "Time to prepare every table (3x3, Rotation Game, pattern databases) before the first job",
      registers: [registry],
    });
    new Gauge({
      name: "puzzle_worker_threads",
      help: "Solver threads (= unit jobs run at once) in this process",
      registers: [registry],
    }).set(threads);
    new Gauge({
      name: "puzzle_worker_busy_threads",
      help: "Solver threads of this process running a unit job now (<= puzzle_worker_threads)",
      registers: [registry],
      collect() {
        this.set(units.size);
      },
    });
    new Gauge({
      name: "puzzle_worker_active_searches",
      help:
        "Searches this process coordinates now (up to WORKER_COORDINATORS; their units run on any " +
        "worker's threads, or wait for one): not threads in use, see puzzle_worker_busy_threads",
      registers: [registry],
      collect() {
        this.set(running.size);
      },
    });
    new Gauge({
      name: "puzzle_worker_nodes_per_second",
      help: "Nodes this process' solver threads expanded over the last 5 s, per second",
      registers: [registry],
      collect() {
        this.set(speed());
      },
    });
  }

  tableEvent(table: string, event: string, ms: number): void {
    this.tableSeconds.set({ table, event }, ms / 1000);
  }

  tablesPrepared(ms: number): void {
    this.prepareSeconds.set(ms / 1000);
  }

  searchStarted(jobId: string, enqueuedAt: number): void {
    this.running.add(jobId);
    if (Number.isFinite(enqueuedAt) && enqueuedAt > 0)
      this.wait.observe(Math.max(0, Date.now() - enqueuedAt) / 1000);
  }

  searchEnded(jobId: string, result: SolveResult | undefined): void {
    this.running.delete(jobId);
    const status = result?.status ?? "failed";
    this.searches.inc({ status });
    if (result) this.duration.observe({ status }, result.elapsedMs / 1000);
  }

  searchHandedOver(jobId: string): void {
    this.running.delete(jobId);
  }

  unitStarted(jobId: string, kind: UnitKind, waitedMs: number): void {
    this.units.set(jobId, 0);
    if (Number.isFinite(waitedMs)) this.unitWait.observe({ kind }, Math.max(0, waitedMs) / 1000);
  }

  unitProgress(jobId: string, nodes: number): void {
    const counted = this.units.get(jobId);
    if (counted === undefined || !(nodes > counted)) return;
    this.count(nodes - counted);
    this.units.set(jobId, nodes);
  }

  unitEnded(jobId: string, nodes: number): void {
    const counted = this.units.get(jobId);
    if (counted === undefined) return;
    this.units.delete(jobId);
    if (nodes > counted) this.count(nodes - counted);
  }

  private count(nodes: number): void {
    this.nodes.inc(nodes);
    const now = Date.now();
    this.recent.push({ at: now, nodes });
    this.prune(now);
  }

  private prune(now: number): void {
    let old = 0;
    while (old < this.recent.length && this.recent[old].at <= now - SPEED_WINDOW_MS) old++;
    if (old > 0) this.recent.splice(0, old);
  }

  /** Nodes per second over the last SPEED_WINDOW_MS. */
  private speed(): number {
    this.prune(Date.now());
    let sum = 0;
    for (const entry of this.recent) sum += entry.nodes;
    return (sum * 1000) / SPEED_WINDOW_MS;
  }
}
