import { DomainError } from "./domain-error.ts";

/** A rate limit is spent; `retryAfter` seconds until the next point is available. */
export class RateLimitedError extends DomainError {
  override readonly name = "RateLimitedError";
  readonly code = "RATE_LIMITED";

  constructor(
    readonly retryAfter: number,
    what = "requests",
  ) {
    super(`too many ${what}: retry in ${retryAfter} s`);
  }
}
