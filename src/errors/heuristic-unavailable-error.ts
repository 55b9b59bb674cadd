import { DomainError } from "./domain-error.ts";

/**
 * A pattern-database heuristic no live worker holds: a worker would have to build its tables (up to
 * gigabytes, minutes) inside a search. `available` names the heuristics (GraphQL enum names) that run.
 */
export class HeuristicUnavailableError extends DomainError {
  override readonly name = "HeuristicUnavailableError";
  readonly code = "HEURISTIC_UNAVAILABLE";

  constructor(
    message: string,
    readonly available: readonly string[],
  ) {
    super(message);
  }
}
