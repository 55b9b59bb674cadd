import { DomainError } from "./domain-error.ts";

/** No such puzzle, Solve, ... */
export class NotFoundError extends DomainError {
  override readonly name = "NotFoundError";
  readonly code = "NOT_FOUND";
}
