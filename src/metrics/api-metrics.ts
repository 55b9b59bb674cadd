// What an API process shows on GET /metrics (docs/operations.md explains how to read it):
//   - GraphQL requests over HTTP by root field and outcome, and their latency;
//   - HTTP responses by route and status (401, 413 and 429 are answered before GraphQL runs);
//   - Solves by status and the age of the oldest QUEUED one (Postgres, the source of truth);
//   - the solve queue's jobs (searches, i.e. their coordinators) and the unit queue's jobs (the work
//     the solver threads take) by state, searches waiting for a thread, and the live fleet's workers
//     and threads (heartbeats), from Redis;
//   - whether Postgres and Redis answered the last scrape;
//   - Node.js process metrics.
// Store-backed values are read at scrape time (cached for a second), never on the request path.
import type { RequestHandler } from "express";
import { Queue } from "bullmq";
import { Counter, Gauge, Histogram, type Registry } from "prom-client";
import type { App } from "../app.ts";
import { SolveStatus } from "../generated/prisma/enums.ts";
import { QUEUE_CLOSE_MS, closeWithin } from "../redis/close-bullmq.ts";
import { producerRedisOptions } from "../redis/connection.ts";
import {
  UNIT_QUEUE,
  createSolveQueue,
  readFleet,
  searchIdOfUnitJob,
  type SolveQueue,
} from "../solves/index.ts";
import { createMetricsRegistry, metricsHandler } from "./registry.ts";
import { Snapshot } from "./snapshot.ts";

/** Seconds: from a table-answered 3x3 solve (~1 ms) to a slow read under load. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Queue states worth watching (finished jobs leave Redis at once: docs/pipeline.md). */
const QUEUE_STATES = ["waiting", "prioritized", "active", "delayed", "failed", "waiting-children"] as const;

const ROUTES = new Set(["/graphql", "/healthz", "/readyz", "/metrics"]);

interface SolveCounts {
  readonly byStatus: ReadonlyMap<string, number>;
  readonly oldestQueuedSeconds: number;
}

/** What the scrape reads from Redis, in one snapshot. */
interface QueueCounts {
  readonly searchJobs: Record<string, number>;
  readonly unitJobs: Record<string, number>;
  /** Searches none of whose work holds a solver thread now (queued, or coordinated with units only queued). */
  readonly searchesWaiting: number;
  readonly fleet: { readonly workers: number; readonly threads: number };
}

export class ApiMetrics {
  readonly registry: Registry;
  readonly graphqlRequests: Counter<"operation" | "type" | "code">;
  readonly graphqlDuration: Histogram<"operation" | "type">;
  private readonly httpResponses: Counter<"route" | "status">;
  private readonly httpAborted: Counter<"route">;
  private readonly queue: SolveQueue;
  private readonly units: Queue;

  constructor(app: App, registry: Registry = createMetricsRegistry("api")) {
    this.registry = registry;
    const log = app.logger;
    this.queue = createSolveQueue({ redisUrl: app.config.redisUrl, prefix: app.config.redisPrefix });
    this.queue.on("error", (error) => log.debug({ err: error }, "metrics queue: Redis error"));
    this.units = new Queue(UNIT_QUEUE, {
      connection: producerRedisOptions(app.config.redisUrl),
      prefix: app.config.redisPrefix,
    });
    this.units.on("error", (error) => log.debug({ err: error }, "metrics unit queue: Redis error"));
    const solves = new Snapshot(() => readSolveCounts(app), {
      ttlMs: 1000,
      timeoutMs: 1000,
      onError: (error) => log.warn({ err: error }, "metrics: Solve counts unavailable"),
    });
    const jobs = new Snapshot(() => this.readQueues(app), {
      ttlMs: 1000,
      timeoutMs: 1000,
      onError: (error) => log.warn({ err: error }, "metrics: queue counts unavailable"),
    });

    this.graphqlRequests = new Counter({
      name: "puzzle_graphql_requests_total",
      help:
        "GraphQL requests over HTTP by root field (`multiple` when several, `unknown` when invalid), " +
        "operation type and outcome (`OK` or the first error's code)",
      labelNames: ["operation", "type", "code"],
      registers: [registry],
    });
    this.graphqlDuration = new Histogram({
      name: "puzzle_graphql_request_duration_seconds",
      help: "Time from receiving a GraphQL request over HTTP to sending its response, by root field and operation type",
      labelNames: ["operation", "type"],
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    });
    this.httpResponses = new Counter({
      name: "puzzle_http_responses_total",
      help: "HTTP responses by route (/graphql, /healthz, /readyz, /metrics or other) and status code",
      labelNames: ["route", "status"],
      registers: [registry],
    });
    this.httpAborted = new Counter({
      name: "puzzle_http_requests_aborted_total",
      help: "HTTP requests whose client closed the connection before the response was sent (not counted in puzzle_http_responses_total)",
      labelNames: ["route"],
      registers: [registry],
    });
    new Gauge({
      name: "puzzle_store_up",
      help: "1 when the store answered the last scrape's queries, else 0 (postgres: Solve counts; redis: queue counts)",
      labelNames: ["store"],
      registers: [registry],
      async collect() {
        const [counts, queued] = await Promise.all([solves.get(), jobs.get()]);
        this.set({ store: "postgres" }, counts === undefined ? 0 : 1);
        this.set({ store: "redis" }, queued === undefined ? 0 : 1);
      },
    });
    new Gauge({
      name: "puzzle_solves",
      help: "Solve rows by status (Postgres)",
      labelNames: ["status"],
      registers: [registry],
      async collect() {
        const counts = await solves.get();
        this.reset();
        // Every status is shown, 0 included, so a rate or an alert never sees a series vanish.
        if (counts)
          for (const status of Object.values(SolveStatus))
            this.set({ status }, counts.byStatus.get(status) ?? 0);
      },
    });
    new Gauge({
      name: "puzzle_solve_oldest_queued_seconds",
      help: "How long the oldest Solve still QUEUED has waited (0 when none waits)",
      registers: [registry],
      async collect() {
        const counts = await solves.get();
        if (counts) this.set(counts.oldestQueuedSeconds);
      },
    });
    new Gauge({
      name: "puzzle_solve_queue_jobs",
      help:
        "Search jobs in the BullMQ solve queue by state (waiting + prioritized = not yet taken by a " +
        "coordinator; active = coordinated, running on threads or waiting for them: see puzzle_solve_searches_waiting)",
      labelNames: ["state"],
      registers: [registry],
      async collect() {
        const counts = await jobs.get();
        this.reset();
        if (counts)
          for (const [state, count] of Object.entries(counts.searchJobs)) this.set({ state }, count);
      },
    });
    new Gauge({
      name: "puzzle_unit_queue_jobs",
      help:
        "Unit jobs (the work solver threads take: units of split searches, whole searches) by state " +
        "(active = solver threads busy over the fleet; waiting + prioritized: includes the units a " +
        "running search keeps queued ahead of its threads)",
      labelNames: ["state"],
      registers: [registry],
      async collect() {
        const counts = await jobs.get();
        this.reset();
        if (counts) for (const [state, count] of Object.entries(counts.unitJobs)) this.set({ state }, count);
      },
    });
    new Gauge({
      name: "puzzle_solve_searches_waiting",
      help:
        "Searches none of whose work is on a solver thread now: search jobs not yet taken, and " +
        "coordinated searches whose units all wait in the unit queue (the real queue depth)",
      registers: [registry],
      async collect() {
        const counts = await jobs.get();
        if (counts) this.set(counts.searchesWaiting);
      },
    });
    new Gauge({
      name: "puzzle_fleet_workers",
      help: "Live worker processes (their heartbeats in Redis)",
      registers: [registry],
      async collect() {
        const counts = await jobs.get();
        if (counts) this.set(counts.fleet.workers);
      },
    });
    new Gauge({
      name: "puzzle_fleet_solver_threads",
      help: "Solver threads of the live worker processes (their heartbeats in Redis)",
      registers: [registry],
      async collect() {
        const counts = await jobs.get();
        if (counts) this.set(counts.fleet.threads);
      },
    });
  }

  /** Both queues' counts, the searches waiting for a thread and the live fleet: a few Redis reads. */
  private async readQueues(app: App): Promise<QueueCounts> {
    const [searchJobs, unitJobs, queuedSearches, coordinated, running, fleet] = await Promise.all([
      this.queue.getJobCounts(...QUEUE_STATES),
      this.units.getJobCounts(...QUEUE_STATES),
      this.queue.getJobCountByTypes("waiting", "prioritized", "delayed"),
      this.queue.getRanges(["active"], 0, -1),
      this.units.getRanges(["active"], 0, -1),
      readFleet(app.redis, app.config.redisPrefix),
    ]);
    const holding = new Set(running.map(searchIdOfUnitJob));
    const searchesWaiting = queuedSearches + coordinated.filter((id) => !holding.has(id)).length;
    return { searchJobs, unitJobs, searchesWaiting, fleet };
  }

  /** Counts every HTTP response by route and status, and every request its client abandoned. */
  httpMiddleware(): RequestHandler {
    return (req, res, next) => {
      // Read now: routers mounted on a path (/graphql) rewrite req.url while they run.
      const path = req.path;
      const route = ROUTES.has(path) ? path : "other";
      res.once("close", () => {
        if (res.writableFinished) this.httpResponses.inc({ route, status: String(res.statusCode) });
        else this.httpAborted.inc({ route });
      });
      next();
    };
  }

  handler(): RequestHandler {
    return metricsHandler(this.registry);
  }

  async close(): Promise<void> {
    await Promise.all([closeWithin(this.queue, QUEUE_CLOSE_MS), closeWithin(this.units, QUEUE_CLOSE_MS)]);
  }
}

async function readSolveCounts(app: App): Promise<SolveCounts> {
  const [groups, oldest] = await Promise.all([
    app.prisma.solve.groupBy({ by: ["status"], _count: { _all: true } }),
    // The (status, id) index: the oldest QUEUED row is the one with the lowest id.
    app.prisma.solve.findFirst({
      where: { status: "QUEUED" },
      orderBy: { id: "asc" },
      select: { queuedAt: true },
    }),
  ]);
  return {
    byStatus: new Map(groups.map((group) => [group.status, group._count._all])),
    oldestQueuedSeconds: oldest ? Math.max(0, (Date.now() - oldest.queuedAt.getTime()) / 1000) : 0,
  };
}
