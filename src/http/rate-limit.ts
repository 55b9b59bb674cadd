// Rate limits kept in Redis (rate-limiter-flexible), so every API process shares the counts:
//   - requests: every GraphQL request or WebSocket operation, per user (token) or per IP when anonymous;
//   - signUps: per IP, strict;
//   - work: operations that create work (createPuzzle, requestSolve, hint...), per user;
//   - authFailures: tokens that matched no user, per IP; once spent, tokens from that IP are refused
//     before Postgres is asked (src/http/auth.ts).
// If Redis is away, each process falls back to counting in memory, so requests keep being served
// and limited, never refused because Redis is down. "Away" includes a Redis that is connected but does
// not answer (stuck, stopped with SIGSTOP, DEBUG SLEEP): a count that Redis has not made within
// REDIS_DEADLINE_MS is made in memory, and so is every count after it until Redis answers a PING
// (a request waits for a hanging Redis once, not once per request).
import { setTimeout as sleep } from "node:timers/promises";
import type { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";
import type { Config } from "../config.ts";
import type { Logger } from "../logger.ts";
import { valueWithin } from "../with-timeout.ts";

export type RateLimitKind = "requests" | "signUps" | "work" | "authFailures";

export type RateDecision =
  | { readonly allowed: true }
  | { readonly allowed: false; readonly retryAfter: number };

/** How long a count waits for Redis before it is made in memory (Redis answers in well under 1 ms). */
const REDIS_DEADLINE_MS = 500;
const LATE = Symbol("late");

interface Limiter {
  /** The count every API process shares. */
  readonly shared: RateLimiterRedis;
  /** This process' own count, while Redis is away. */
  readonly local: RateLimiterMemory;
}

export class RateLimits {
  private readonly limiters: Record<RateLimitKind, Limiter>;
  /** Set from a count Redis did not make in time until Redis answers again: counts go to memory. */
  private unresponsive = false;

  constructor(
    config: Pick<Config, "rateLimits" | "redisPrefix">,
    private readonly redis: Redis,
    private readonly logger: Logger,
  ) {
    const make = (name: string, points: number, duration: number): Limiter => ({
      shared: new RateLimiterRedis({
        storeClient: redis,
        keyPrefix: `${config.redisPrefix}:rl:${name}`,
        points,
        duration,
        // A closed connection fails at once (and the count is made in memory) rather than waiting.
        rejectIfRedisNotReady: true,
      }),
      local: new RateLimiterMemory({ keyPrefix: `mem:${name}`, points, duration }),
    });
    const limits = config.rateLimits;
    this.limiters = {
      requests: make("req", limits.requests, limits.windowSeconds),
      signUps: make("signup", limits.signUps, limits.signUpWindowSeconds),
      work: make("work", limits.work, limits.workWindowSeconds),
      authFailures: make("authfail", limits.authFailures, limits.authFailureWindowSeconds),
    };
  }

  /** Takes one point from `key`'s budget of `kind`. */
  async consume(kind: RateLimitKind, key: string): Promise<RateDecision> {
    try {
      await this.count(kind, "consume", key);
      return { allowed: true };
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) {
        return { allowed: false, retryAfter: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)) };
      }
      // Neither Redis nor the memory fallback answered: let the request through rather than fail it.
      this.logger.warn({ err: rejection, kind }, "rate limiter failed; request allowed");
      return { allowed: true };
    }
  }

  /** Gives back one point of `key`'s budget of `kind` that was taken but not spent. Best effort. */
  async refund(kind: RateLimitKind, key: string): Promise<void> {
    try {
      await this.count(kind, "reward", key);
    } catch (error) {
      this.logger.debug({ err: error, kind }, "rate limit point not given back");
    }
  }

  /**
   * `operation` on the shared count, or on this process' own when Redis is closed, fails, or does not
   * answer within REDIS_DEADLINE_MS. Rejects with a RateLimiterRes when the budget is spent.
   */
  private async count(
    kind: RateLimitKind,
    operation: "consume" | "reward",
    key: string,
  ): Promise<RateLimiterRes> {
    const { shared, local } = this.limiters[kind];
    if (!this.unresponsive) {
      try {
        const outcome = await valueWithin(shared[operation](key), REDIS_DEADLINE_MS, LATE);
        if (outcome !== LATE) return outcome;
        this.countInMemoryUntilRedisAnswers(); // it may still end, or never: the count is made in memory
      } catch (error) {
        if (error instanceof RateLimiterRes) throw error;
        // Redis closed, or the command failed (timed out...): the count is made in memory.
      }
    }
    return local[operation](key);
  }

  private countInMemoryUntilRedisAnswers(): void {
    if (this.unresponsive) return;
    this.unresponsive = true;
    this.logger.warn(
      { deadlineMs: REDIS_DEADLINE_MS },
      "Redis does not answer: rate limits count in memory until it does",
    );
    void this.untilRedisAnswers().then((answered) => {
      this.unresponsive = false;
      if (answered) this.logger.info("Redis answers again: rate limits count in Redis");
    });
  }

  /**
   * True once Redis answers a PING; false as soon as the connection is not ready (closed: the limiters
   * then go to memory at once by themselves, and back to Redis when it reconnects).
   */
  private async untilRedisAnswers(): Promise<boolean> {
    for (;;) {
      try {
        await this.redis.ping();
        return true;
      } catch {
        if (this.redis.status !== "ready") return false;
      }
      await sleep(100); // a PING failed on a live connection (the command timeout): ask again
    }
  }
}

/** The key of a client's request budget: its user when authenticated, else its IP. */
export function clientKey(userId: number | null | undefined, ip: string): string {
  return userId === null || userId === undefined ? `ip:${ip}` : `user:${userId}`;
}
