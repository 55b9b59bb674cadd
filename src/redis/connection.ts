// Every Redis connection of the platform (the API's client, the event bus' subscriber, BullMQ queues
// and workers) is made with one of two profiles and reconnects on one curve: quick and capped, so a
// restarted Redis is used again within about two seconds (BullMQ's own default backs off to 20 s).
import { Redis } from "ioredis";
import type { Logger } from "../logger.ts";

const RETRY_CAP_MS = 2000;

/**
 * The one retry curve: 100 ms, doubling, capped at 2 s (attempt 0 is the first retry). Redis
 * reconnections use it, and so do writes retried while Postgres is away (workers/search-processor.ts).
 */
export function retryDelayMs(attempt: number): number {
  return Math.min(100 * 2 ** Math.min(attempt, 5), RETRY_CAP_MS);
}

/**
 * - producer: for request paths (the API's client, the API's Queue): commands fail at once while Redis
 *   is away instead of waiting in ioredis' offline queue, so `requestSolve` stays fast and stores the
 *   Solve as QUEUED for the reconciler (and, on the clients createRedis makes, after
 *   PRODUCER_COMMAND_TIMEOUT_MS while it is connected but does not answer);
 * - consumer: for BullMQ Workers and pub/sub subscribers: wait for Redis to come back, forever.
 */
export type RedisProfile = "producer" | "consumer";

/** Fits both ioredis' `RedisOptions` and BullMQ's `connection`. */
export interface RedisConnectionOptions {
  readonly url: string;
  readonly enableOfflineQueue?: boolean;
  readonly maxRetriesPerRequest: number | null;
  readonly connectTimeout: number;
  readonly retryStrategy: (times: number) => number;
}

const PROFILES: Readonly<
  Record<RedisProfile, Pick<RedisConnectionOptions, "enableOfflineQueue" | "maxRetriesPerRequest">>
> = {
  producer: { enableOfflineQueue: false, maxRetriesPerRequest: 1 },
  consumer: { maxRetriesPerRequest: null },
};

/** Connection options of a profile, for ioredis (`new Redis(url, options)`) and BullMQ (`connection`). */
function redisOptions(url: string, profile: RedisProfile): RedisConnectionOptions {
  return { url, ...PROFILES[profile], connectTimeout: 2000, retryStrategy: retryDelayMs };
}

export function producerRedisOptions(url: string): RedisConnectionOptions {
  return redisOptions(url, "producer");
}

export function consumerRedisOptions(url: string): RedisConnectionOptions {
  return redisOptions(url, "consumer");
}

/**
 * How long a producer client's command may go unanswered before it fails ("Command timed out"). A
 * closed connection fails commands at once (no offline queue), but a Redis that is connected and does
 * not answer (stuck, stopped, DEBUG SLEEP) would hold them, and the requests awaiting them, for as
 * long as it hangs. Every command the platform sends on these clients takes well under a millisecond.
 * Not in producerRedisOptions: BullMQ makes its own connections from those and bounds its calls itself
 * (`requestSolve` by ENQUEUE_TIMEOUT_MS, metrics by their scrape deadline); a command timeout there
 * would also reach the blocking commands of any Worker or QueueEvents built from the same options.
 */
const PRODUCER_COMMAND_TIMEOUT_MS = 1000;

/** A client of the profile. */
export function createRedis(url: string, profile: RedisProfile): Redis {
  const { url: _, ...options } = redisOptions(url, profile);
  return new Redis(url, {
    ...options,
    ...(profile === "producer" ? { commandTimeout: PRODUCER_COMMAND_TIMEOUT_MS } : {}),
  });
}

/** Resolves when `redis` is connected, or after `ms` (the command that follows then fails fast). */
export function untilReady(redis: Redis, ms: number): Promise<void> {
  if (redis.status === "ready") return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      redis.off("ready", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    redis.on("ready", done);
  });
}

/** Logs Redis connection errors once per outage instead of once per reconnection attempt. */
export function watchRedis(redis: Redis, logger: Logger): void {
  let down = false;
  redis.on("error", (error) => {
    if (!down) logger.warn({ err: error }, "Redis unreachable; retrying");
    down = true;
  });
  redis.on("ready", () => {
    if (down) logger.info("Redis reachable again");
    down = false;
  });
}
