import { DomainError } from "./domain-error.ts";

/**
 * Refused while a daily puzzle's day runs (its optimal solution, a hint, an analysis): the board, or a
 * copy of it, is today's daily puzzle. `endsAt` is when the day ends (then everything is revealed).
 */
export class DailyInProgressError extends DomainError {
  override readonly name = "DailyInProgressError";
  readonly code = "DAILY_IN_PROGRESS";

  constructor(
    message: string,
    readonly endsAt: string,
  ) {
    super(message);
  }
}
