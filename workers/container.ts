// A worker process' container: only what the pipeline's consumer side needs (Postgres, one Redis
// client to publish with, the event bus, the Solve repositories and announcer), built from the same
// pieces as the API's (src/app.ts), which workers never load: no rate limits, accounts or boards.
import type { Config } from "../src/config.ts";
import { createPrismaClient, type PrismaClient, processApplicationName } from "../src/db/client.ts";
import { createLogger, type Logger } from "../src/logger.ts";
import { createRedis, watchRedis } from "../src/redis/connection.ts";
import { EventBus } from "../src/services/events.ts";
import {
  type SolveAnnouncer,
  SolveJobRepository,
  SolveRepository,
  solveAnnouncer,
} from "../src/solves/index.ts";

export interface WorkerContainer {
  readonly config: Config;
  readonly logger: Logger;
  readonly prisma: PrismaClient;
  readonly events: EventBus;
  readonly solves: SolveRepository;
  /** The rows of the search jobs this worker runs, and the reconciler's. */
  readonly solveJobs: SolveJobRepository;
  /** Progress and finished Solves, to the API processes. */
  readonly announce: SolveAnnouncer;
  close(): Promise<void>;
}

export function createWorkerContainer(
  config: Config,
  options: { readonly poolSize?: number } = {},
): WorkerContainer {
  const logger = createLogger(config, "worker");
  const prisma = createPrismaClient(config.databaseUrl, {
    poolSize: options.poolSize,
    applicationName: processApplicationName("worker"),
  });
  // Publishing never waits for an absent Redis (events are hints; Postgres holds the rows).
  const publisher = createRedis(config.redisUrl, "producer");
  watchRedis(publisher, logger);
  const events = new EventBus({ redisUrl: config.redisUrl, prefix: config.redisPrefix, publisher, logger });
  let closing: Promise<void> | undefined;
  return {
    config,
    logger,
    prisma,
    events,
    solves: new SolveRepository(prisma),
    solveJobs: new SolveJobRepository(prisma),
    announce: solveAnnouncer(events),
    close() {
      closing ??= (async () => {
        await events.close();
        await prisma.$disconnect();
        await publisher.quit().catch(() => publisher.disconnect());
      })();
      return closing;
    },
  };
}
