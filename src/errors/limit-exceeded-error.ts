import { DomainError } from "./domain-error.ts";

/**
 * A per-user quota of things that stay open (not a rate): e.g. QUEUED or RUNNING Solves. Retrying
 * helps once some finish or are cancelled, so there is no `retryAfter`; `limit` and `open` say where
 * the user stands.
 */
export class LimitExceededError extends DomainError {
  override readonly name = "LimitExceededError";
  readonly code = "LIMIT_EXCEEDED";

  constructor(
    message: string,
    readonly limit: number,
    readonly open: number,
  ) {
    super(message);
  }
}
