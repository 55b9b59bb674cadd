import { DomainError } from "./domain-error.ts";

/** No exact analysis or hint for this board: optimal distances cannot be proved in time (5x5 and larger). */
export class AnalysisUnavailableError extends DomainError {
  override readonly name = "AnalysisUnavailableError";
  readonly code = "ANALYSIS_UNAVAILABLE";
}
