// What a worker process shows on its own GET /metrics (WORKER_METRICS_PORT): searches by outcome and
// duration, nodes expanded (live, from progress reports: rate() of the counter is the process'
// search speed), current nodes/s, searches running, how long jobs waited in the queue, table build
// and load times, and Node.js process metrics.
import { Counter, Gauge, Histogram, type Registry } from "prom-client";
import type { SearchProgress, SolveResult } from "../core/types.ts";
import { createMetricsRegistry } from "./registry.ts";

/** What the search processor tells the metrics (workers/search-processor.ts). */
export interface SearchMetricsHooks {
  /** A search starts; `enqueuedAt` is when its job was added (BullMQ's job.timestamp, ms). */
  searchStarted(jobId: string, enqueuedAt: number): void;
  searchProgress(jobId: string, progress: SearchProgress): void;
  /** The search ended: its result, or undefined when it threw. */
  searchEnded(jobId: string, result: SolveResult | undefined): void;
}

/** Seconds, from a quick 4x4 to an hour-long search. */
const DURATION_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300, 900, 3600];
/** Seconds a job waited, from "taken at once" to "stuck behind a long backlog". */
const WAIT_BUCKETS = [0.005, 0.025, 0.1, 0.5, 1, 5, 15, 60, 300, 900, 3600];

interface Running {
  nodes: number;
  elapsedMs: number;
  nodesPerSecond: number;
}

export class WorkerMetrics implements SearchMetricsHooks {
  readonly registry: Registry;
  private readonly running = new Map<string, Running>();
  private readonly searches: Counter<"status">;
  private readonly duration: Histogram<"status">;
  private readonly nodes: Counter;
  private readonly wait: Histogram;
  private readonly tableSeconds: Gauge<"table" | "event">;
  private readonly prepareSeconds: Gauge;

  constructor(threads: number, registry: Registry = createMetricsRegistry("worker")) {
    this.registry = registry;
    const running = this.running;
    this.searches = new Counter({
      name: "puzzle_worker_searches_total",
      help:
        "Searches ended in this process by status " +
        "(solved, timed_out, cancelled, unsolvable, budget_exhausted, failed)",
      labelNames: ["status"],
      registers: [registry],
    });
    this.duration = new Histogram({
      name: "puzzle_worker_search_duration_seconds",
      help: "Time a search ran on a solver thread, by status",
      labelNames: ["status"],
      buckets: DURATION_BUCKETS,
      registers: [registry],
    });
    this.nodes = new Counter({
      name: "puzzle_worker_nodes_expanded_total",
      help: "Search nodes expanded in this process, counted as progress is reported (rate() = nodes per second)",
      registers: [registry],
    });
    this.wait = new Histogram({
      name: "puzzle_worker_job_wait_seconds",
      help: "How long a job waited in the queue before this process started its search (since it was last added)",
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
      help: "Solver threads (= jobs run at once) in this process",
      registers: [registry],
    }).set(threads);
    new Gauge({
      name: "puzzle_worker_active_searches",
      help: "Searches running in this process now",
      registers: [registry],
      collect() {
        this.set(running.size);
      },
    });
    new Gauge({
      name: "puzzle_worker_nodes_per_second",
      help: "Sum of the current speed of the searches running in this process (from their last progress reports)",
      registers: [registry],
      collect() {
        let sum = 0;
        for (const search of running.values()) sum += search.nodesPerSecond;
        this.set(sum);
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
    this.running.set(jobId, { nodes: 0, elapsedMs: 0, nodesPerSecond: 0 });
    if (Number.isFinite(enqueuedAt) && enqueuedAt > 0)
      this.wait.observe(Math.max(0, Date.now() - enqueuedAt) / 1000);
  }

  searchProgress(jobId: string, progress: SearchProgress): void {
    const search = this.running.get(jobId);
    if (!search || progress.nodes < search.nodes) return;
    const dNodes = progress.nodes - search.nodes;
    const dMs = progress.elapsedMs - search.elapsedMs;
    this.nodes.inc(dNodes);
    if (dMs > 0) search.nodesPerSecond = (dNodes / dMs) * 1000;
    search.nodes = progress.nodes;
    search.elapsedMs = progress.elapsedMs;
  }

  searchEnded(jobId: string, result: SolveResult | undefined): void {
    const search = this.running.get(jobId);
    this.running.delete(jobId);
    const status = result?.status ?? "failed";
    this.searches.inc({ status });
    if (!result) return;
    this.duration.observe({ status }, result.elapsedMs / 1000);
    this.nodes.inc(Math.max(0, result.nodes - (search?.nodes ?? 0)));
  }
}
