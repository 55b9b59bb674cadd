// Connection options for every Redis client of the pipeline. Reconnection is quick and capped so a
// restarted Redis is used again within about two seconds (BullMQ's own default backs off to 20 s).
import type { RedisOptions } from "bullmq";

const RECONNECT_CAP_MS = 2000;

function retryStrategy(times: number): number {
  return Math.min(100 * 2 ** Math.min(times, 5), RECONNECT_CAP_MS);
}

/**
 * For producers in request paths (the API's Queue): commands fail at once while Redis is away
 * instead of waiting in ioredis' offline queue, so `requestSolve` stays fast and stores the Solve
 * as QUEUED for the reconciler.
 */
export function producerRedisOptions(url: string): RedisOptions {
  return { url, enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 2000, retryStrategy };
}

/** For Workers: wait for Redis to come back, forever. */
export function consumerRedisOptions(url: string): RedisOptions {
  return { url, maxRetriesPerRequest: null, connectTimeout: 2000, retryStrategy };
}
