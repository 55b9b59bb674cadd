// The API's application container: configuration, connections, repositories and services, built once
// per process (the API server, a test) and closed once. Workers have a smaller one of their own
// (workers/container.ts), made from the same pieces. To add a repository or a service,
// add one line to createRepositories / createServices (and, for resources that need closing, call
// `app.onClose` where you create them).
import type { Redis } from "ioredis";
import type { Config } from "./config.ts";
import { createPrismaClient, type PrismaClient, processApplicationName } from "./db/client.ts";
import { RateLimits } from "./http/rate-limit.ts";
import { createLogger, type Logger } from "./logger.ts";
import { CompetitionRepository } from "./repositories/competition.ts";
import { DailyPuzzleRepository } from "./repositories/daily-puzzles.ts";
import { LeaderboardRepository } from "./repositories/leaderboard.ts";
import { PuzzleRepository } from "./repositories/puzzles.ts";
import { RatingRepository } from "./repositories/ratings.ts";
import { SubmissionRepository } from "./repositories/submissions.ts";
import { UserRepository } from "./repositories/users.ts";
import { AccountService } from "./services/accounts.ts";
import { AnalysisService } from "./services/analysis.ts";
import { DailyService } from "./services/daily.ts";
import { DistanceOracle } from "./services/distance-oracle.ts";
import { HintService } from "./services/hints.ts";
import { SettleOnSolve } from "./services/settle-on-solve.ts";
import { EventBus } from "./services/events.ts";
import { LeaderboardService } from "./services/leaderboard.ts";
import { PuzzleService } from "./services/puzzles.ts";
import { RatingService } from "./services/ratings.ts";
import { DEFAULT_RATING } from "./core/rating/index.ts";
import { SubmissionService } from "./services/submissions.ts";
import { createRedis, untilReady, watchRedis } from "./redis/connection.ts";
import { SolveJobRepository, SolveRepository, createSolveService } from "./solves/index.ts";
import { withTimeout } from "./with-timeout.ts";

function createRepositories(prisma: PrismaClient) {
  return {
    users: new UserRepository(prisma),
    puzzles: new PuzzleRepository(prisma),
    submissions: new SubmissionRepository(prisma),
    leaderboards: new LeaderboardRepository(prisma),
    ratings: new RatingRepository(prisma, DEFAULT_RATING),
    solves: new SolveRepository(prisma),
    solveJobs: new SolveJobRepository(prisma),
    dailies: new DailyPuzzleRepository(prisma),
    competition: new CompetitionRepository(prisma),
  };
}

type Repositories = ReturnType<typeof createRepositories>;

interface ServiceDeps {
  readonly config: Config;
  readonly logger: Logger;
  readonly prisma: PrismaClient;
  readonly redis: Redis;
  readonly events: EventBus;
  readonly repositories: Repositories;
  readonly onClose: (close: () => Promise<void>) => void;
  /** Aborted when the process begins draining (App.drain). */
  readonly draining: AbortSignal;
}

function createServices(deps: ServiceDeps) {
  const { repositories, events } = deps;
  const reconcileJobs = deps.config.pipeline.apiReconciler ? repositories.solveJobs : undefined;
  const solves = createSolveService({ ...deps, reconcileJobs });
  const ratings = new RatingService(
    repositories.ratings,
    repositories.leaderboards,
    repositories.competition,
  );
  const daily = new DailyService(
    repositories.dailies,
    solves,
    { secret: deps.config.dailySecret },
    deps.logger,
  );
  const oracle = new DistanceOracle({
    redisUrl: deps.config.redisUrl,
    prefix: deps.config.redisPrefix,
    waitMs: deps.config.analysisWaitMs,
    redisWaitMs: deps.config.pipeline.enqueueTimeoutMs,
    logger: deps.logger,
    stop: deps.draining,
  });
  deps.onClose(() => oracle.close());
  const settleOnSolve = new SettleOnSolve(
    events,
    deps.redis,
    deps.config.redisPrefix,
    repositories.competition,
    ratings,
    deps.logger,
  );
  settleOnSolve.start();
  deps.onClose(() => settleOnSolve.close());
  return {
    daily,
    analysis: new AnalysisService(oracle, daily, { leaderboards: repositories.leaderboards, ratings }),
    hints: new HintService(oracle, daily, ratings),
    settleOnSolve,
    accounts: new AccountService(repositories.users, events),
    puzzles: new PuzzleService(repositories.puzzles, repositories.users, events),
    solves,
    submissions: new SubmissionService(
      repositories.submissions,
      repositories.puzzles,
      repositories.leaderboards,
      events,
      deps.logger,
      ratings,
      (puzzle, submitter) => solves.request(null, puzzle.id, {}, submitter),
    ),
    ratings,
    leaderboards: new LeaderboardService(repositories.leaderboards, repositories.submissions, events),
  };
}

export type Services = ReturnType<typeof createServices>;

interface ReadinessCheck {
  readonly ready: boolean;
  readonly checks: Record<string, "ok" | string>;
}

export interface App {
  readonly config: Config;
  readonly logger: Logger;
  readonly prisma: PrismaClient;
  /** Commands fail at once while Redis is unreachable (no offline queue): callers must cope. */
  readonly redis: Redis;
  readonly events: EventBus;
  readonly rateLimits: RateLimits;
  readonly repositories: Repositories;
  readonly services: Services;
  /**
   * Aborted by drain(): what waits for other processes within a request (a 4x4 hint or analysis waiting
   * for the workers' proof) stops waiting and answers at once, so requests in flight are answered
   * before the server closes connections and this container.
   */
  readonly draining: AbortSignal;
  /** The process begins shutting down (the API server's close() calls it first); close() implies it. */
  drain(): void;
  /** Registers a clean-up run by close(), in reverse order of registration. */
  onClose(close: () => Promise<void>): void;
  /** Resolves once Redis is connected, or after `timeoutMs` whatever its state. */
  redisReady(timeoutMs: number): Promise<void>;
  /** Postgres and Redis both answer within `timeoutMs`. */
  checkReadiness(timeoutMs?: number): Promise<ReadinessCheck>;
  close(): Promise<void>;
}

export interface CreateAppOptions {
  readonly logger?: Logger;
  /** Name in the logs ("api", "worker"). */
  readonly name?: string;
  readonly poolSize?: number;
}

export function createApp(config: Config, options: CreateAppOptions = {}): App {
  const logger = options.logger ?? createLogger(config, options.name);
  const prisma = createPrismaClient(config.databaseUrl, {
    poolSize: options.poolSize,
    applicationName: processApplicationName(options.name ?? "api"),
  });
  const redis = createRedis(config.redisUrl, "producer");
  watchRedis(redis, logger);
  const closers: (() => Promise<void>)[] = [];
  const onClose = (close: () => Promise<void>) => void closers.push(close);
  const events = new EventBus({
    redisUrl: config.redisUrl,
    prefix: config.redisPrefix,
    publisher: redis,
    logger,
  });
  const repositories = createRepositories(prisma);
  const draining = new AbortController();
  const services = createServices({
    config,
    logger,
    prisma,
    redis,
    events,
    repositories,
    onClose,
    draining: draining.signal,
  });
  let closing: Promise<void> | undefined;

  return {
    config,
    logger,
    prisma,
    redis,
    events,
    rateLimits: new RateLimits(config, redis, logger),
    repositories,
    services,
    draining: draining.signal,
    drain: () => draining.abort(),
    onClose,
    redisReady: (timeoutMs) => untilReady(redis, timeoutMs),
    async checkReadiness(timeoutMs = 2000) {
      const probes: Record<string, () => Promise<unknown>> = {
        postgres: () => prisma.$queryRaw`SELECT 1`,
        redis: async () => {
          // Right after start-up (or during a reconnection) the connection gets the same deadline.
          await untilReady(redis, timeoutMs);
          return redis.ping();
        },
      };
      const entries = await Promise.all(
        Object.entries(probes).map(async ([name, probe]) => {
          try {
            await withTimeout(probe(), timeoutMs, name);
            return [name, "ok"] as const;
          } catch (error) {
            return [name, error instanceof Error ? error.message : String(error)] as const;
          }
        }),
      );
      return { ready: entries.every(([, state]) => state === "ok"), checks: Object.fromEntries(entries) };
    },
    close() {
      draining.abort();
      closing ??= (async () => {
        for (const close of closers.reverse()) {
          await close().catch((error: unknown) => logger.warn({ err: error }, "clean-up failed"));
        }
        await events.close();
        await prisma.$disconnect();
        await redis.quit().catch(() => redis.disconnect());
      })();
      return closing;
    },
  };
}
