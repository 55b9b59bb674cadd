// Domain errors (one class per file). Moves that are illegal or do not solve a puzzle are the core's
// own input errors (src/core/errors.ts: PuzzleInputError, IllegalMoveError), mapped alongside these.
export { AnalysisUnavailableError } from "./analysis-unavailable-error.ts";
export { BadInputError } from "./bad-input-error.ts";
export { DailyInProgressError } from "./daily-in-progress-error.ts";
export { DomainError } from "./domain-error.ts";
export { ForbiddenError } from "./forbidden-error.ts";
export { HeuristicUnavailableError } from "./heuristic-unavailable-error.ts";
export { LimitExceededError } from "./limit-exceeded-error.ts";
export { NotFoundError } from "./not-found-error.ts";
export { RateLimitedError } from "./rate-limited-error.ts";
export { UnauthenticatedError } from "./unauthenticated-error.ts";
