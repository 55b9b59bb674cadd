// Shared by the tests of a Redis that hangs (connected, not answering): making it hang, and timing an
// answer that must not wait for it.
import { Redis } from "ioredis";
import { expect } from "vitest";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { RedisChild } from "../pipeline/redis-child.ts";

/** A test server on a Redis of its own that the test can make hang. */
export interface HangRig {
  readonly redis: RedisChild;
  readonly server: TestServer;
  /** Makes Redis hang for `seconds` (see hangRedis). */
  hang(seconds: number): Promise<void>;
  close(): Promise<void>;
}

export async function startHangRig(env: Record<string, string>): Promise<HangRig> {
  const redis = await RedisChild.start({ debugCommands: true });
  const server = await startTestServer({ env: { ...env, REDIS_URL: redis.url } });
  let sleeper: Redis | undefined;
  return {
    redis,
    server,
    async hang(seconds) {
      sleeper = await hangRedis(redis, seconds);
    },
    async close() {
      sleeper?.disconnect();
      // SIGKILL ends the sleep; a fresh server on the port lets the API close as it normally does.
      await redis.stop();
      await redis.start();
      await server.close();
      await redis.stop();
    },
  };
}

/**
 * `work`'s result and how long it took; rejects, naming `what`, once `limitMs` is well past (an answer
 * that waited).
 */
export async function timed<T>(
  limitMs: number,
  work: () => Promise<T>,
  what = "request",
): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what}: no answer within ${limitMs + 1000} ms`)),
      limitMs + 1000,
    );
  });
  try {
    const value = await Promise.race([work(), late]);
    return { value, ms: performance.now() - started };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Makes `redis` (started with `debugCommands`) hang for `seconds`: DEBUG SLEEP on a connection of its
 * own, then waits until a PING goes unanswered. Returns that connection (disconnect it after the test).
 */
async function hangRedis(redis: RedisChild, seconds: number): Promise<Redis> {
  const sleeper = new Redis(redis.url, { maxRetriesPerRequest: 0, retryStrategy: () => null });
  sleeper.on("error", () => undefined);
  await sleeper.ping();
  void sleeper.call("DEBUG", "SLEEP", String(seconds)).catch(() => undefined);
  const probe = new Redis(redis.url, { maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on("error", () => undefined);
  try {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const answered = await Promise.race([
      probe.ping().then(() => true),
      new Promise((resolve) => setTimeout(() => resolve(false), 300)),
    ]);
    expect(answered, "Redis still answers: DEBUG SLEEP did not take").toBe(false);
  } finally {
    probe.disconnect();
  }
  return sleeper;
}
