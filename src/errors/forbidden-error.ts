import { DomainError } from "./domain-error.ts";

/** The user is known but may not do this (e.g. cancel someone else's Solve). */
export class ForbiddenError extends DomainError {
  override readonly name = "ForbiddenError";
  readonly code = "FORBIDDEN";
}
