// Removes a test's Redis keys (queue, rate limits) once it is done with its prefix, so runs leave
// the shared Redis as they found it.
import { Redis } from "ioredis";

/** Unlinks every key under `<prefix>:`; returns how many. */
export async function deleteRedisKeys(redisUrl: string, prefix: string): Promise<number> {
  // No retries: a test may point its server at a Redis that is not there (nothing to remove then).
  const redis = new Redis(redisUrl, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  redis.on("error", () => undefined);
  try {
    try {
      await redis.connect();
    } catch {
      return 0;
    }
    let removed = 0;
    let cursor = "0";
    do {
      const [next, keys] = await redis.scan(cursor, "MATCH", `${prefix}:*`, "COUNT", 500);
      if (keys.length > 0) removed += await redis.unlink(...keys);
      cursor = next;
    } while (cursor !== "0");
    return removed;
  } finally {
    redis.disconnect();
  }
}
