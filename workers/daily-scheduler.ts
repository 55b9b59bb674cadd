// The daily puzzles' scheduler (docs/competition.md): a BullMQ job scheduler fires at 00:00 UTC, and
// each worker process adds a catch-up job for today when it starts; a job creates (or finds) the
// day's puzzle of every category, proves its optimum through the solving pipeline and publishes it.
// Any number of worker processes may run this: the scheduler is one per id in Redis, the catch-up
// job one per id while it waits or runs, and DailyService.ensure is idempotent in Postgres anyway.
import { Queue, Worker } from "bullmq";
import type { Config } from "../src/config.ts";
import { closeWithin } from "../src/redis/close-bullmq.ts";
import { consumerRedisOptions, producerRedisOptions } from "../src/redis/connection.ts";
import { DailyPuzzleRepository } from "../src/repositories/daily-puzzles.ts";
import { PuzzleRepository } from "../src/repositories/puzzles.ts";
import { DAILY_CATEGORIES } from "../src/services/daily-boards.ts";
import { DAILY_QUEUE, DailyService, utcDay } from "../src/services/daily.ts";
import { createSolveService } from "../src/solves/index.ts";
import { fulfilledWithin } from "../src/with-timeout.ts";
import type { WorkerContainer } from "./container.ts";

const SCHEDULER_ID = "daily-puzzles-midnight";
const JOB = "create-daily-puzzles";

interface DailyJobData {
  /** The day to create; absent: the day the job runs (the cron job). */
  readonly date?: string;
}

export class DailyScheduler {
  private constructor(
    private readonly queue: Queue<DailyJobData>,
    private readonly worker: Worker<DailyJobData>,
    private readonly closeSolves: () => Promise<void>,
  ) {}

  /** Registers the midnight scheduler, adds today's catch-up job and starts taking daily jobs. */
  static async start(
    config: Pick<Config, "redisUrl" | "redisPrefix" | "pipeline" | "dailySecret">,
    container: WorkerContainer,
  ): Promise<DailyScheduler> {
    const log = container.logger;
    const closers: (() => Promise<void>)[] = [];
    const solves = createSolveService({
      config,
      logger: log,
      events: container.events,
      repositories: { solves: container.solves, puzzles: new PuzzleRepository(container.prisma) },
      onClose: (close) => void closers.push(close),
    });
    const daily = new DailyService(
      new DailyPuzzleRepository(container.prisma),
      solves,
      { secret: config.dailySecret },
      log,
    );
    const connection = { prefix: config.redisPrefix };
    const queue = new Queue<DailyJobData>(DAILY_QUEUE, {
      ...connection,
      connection: producerRedisOptions(config.redisUrl),
    });
    queue.on("error", (error) => log.debug({ err: error }, "daily queue: Redis error"));
    const worker = new Worker<DailyJobData>(
      DAILY_QUEUE,
      async (job, _token, signal) => {
        const date = job.data.date ?? utcDay(new Date());
        // All at once: a slow 4x4 proof must not hold back the others' publication.
        const rows = await Promise.all(
          DAILY_CATEGORIES.map((category) => daily.ensure(date, category, signal)),
        );
        const unpublished = rows.filter((row) => row.publishedAt === null).map((row) => row.category);
        if (unpublished.length > 0) throw new Error(`not published yet: ${unpublished.join(", ")}`);
        return { date };
      },
      { ...connection, connection: consumerRedisOptions(config.redisUrl), concurrency: 1 },
    );
    worker.on("error", (error) => log.debug({ err: error }, "daily worker: Redis error"));
    worker.on("failed", (job, error) =>
      log.warn({ err: error, jobId: job?.id, attempts: job?.attemptsMade }, "daily puzzles job failed"),
    );
    const options = { attempts: 5, backoff: { type: "exponential", delay: 30_000 }, removeOnComplete: true };
    await queue.upsertJobScheduler(
      SCHEDULER_ID,
      { pattern: "0 0 * * *", tz: "UTC" },
      { name: JOB, opts: options },
    );
    const today = utcDay(new Date());
    await queue.add(JOB, { date: today }, { ...options, jobId: `catch-up-${today}` });
    log.info({ date: today }, "daily puzzles scheduled");
    return new DailyScheduler(queue, worker, async () => {
      for (const close of closers.reverse()) await close();
    });
  }

  /** Takes no further job (BullMQ's close() stops fetching at once). */
  stopIntake(): void {
    this.worker.close().catch(() => undefined);
  }

  /** Each step bounded by `ms` (Redis may be away: workers/main.ts' shutdown). */
  async close(ms: number): Promise<void> {
    // A 4x4 proof can take minutes: stop waiting for it (the job is retried; the search itself goes on).
    this.worker.cancelAllJobs("shutdown");
    await closeWithin(this.worker, ms);
    await closeWithin(this.queue, ms);
    await fulfilledWithin(this.closeSolves(), ms);
  }
}
