// Rate limits kept in Redis (rate-limiter-flexible), so every API process shares the counts:
//   - requests: every GraphQL request or WebSocket operation, per user (token) or per IP when anonymous;
//   - signUps: per IP, strict;
//   - work: operations that create work (createPuzzle, requestSolve, hint...), per user;
//   - authFailures: tokens that matched no user, per IP; once spent, tokens from that IP are refused
//     before Postgres is asked (src/http/auth.ts).
// If Redis is away, each process falls back to counting in memory (the "insurance" limiter), so
// requests keep being served and limited, never refused because Redis is down.
import type { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";
import type { Config } from "../config.ts";
import type { Logger } from "../logger.ts";

export type RateLimitKind = "requests" | "signUps" | "work" | "authFailures";

export type RateDecision =
  | { readonly allowed: true }
  | { readonly allowed: false; readonly retryAfter: number };

export class RateLimits {
  private readonly limiters: Record<RateLimitKind, RateLimiterRedis>;

  constructor(
    config: Pick<Config, "rateLimits" | "redisPrefix">,
    redis: Redis,
    private readonly logger: Logger,
  ) {
    const make = (name: string, points: number, duration: number) =>
      new RateLimiterRedis({
        storeClient: redis,
        keyPrefix: `${config.redisPrefix}:rl:${name}`,
        points,
        duration,
        rejectIfRedisNotReady: true,
        insuranceLimiter: new RateLimiterMemory({ keyPrefix: `mem:${name}`, points, duration }),
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
      await this.limiters[kind].consume(key);
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
      await this.limiters[kind].reward(key);
    } catch (error) {
      this.logger.debug({ err: error, kind }, "rate limit point not given back");
    }
  }
}

/** The key of a client's request budget: its user when authenticated, else its IP. */
export function clientKey(userId: number | null | undefined, ip: string): string {
  return userId === null || userId === undefined ? `ip:${ip}` : `user:${userId}`;
}
