import { DomainError } from "./domain-error.ts";

/** The operation needs a user and there is none (no token, or one that matches no user). */
export class UnauthenticatedError extends DomainError {
  override readonly name = "UnauthenticatedError";
  readonly code = "UNAUTHENTICATED";

  constructor(message = "this operation needs an API token: send `Authorization: Bearer <token>`") {
    super(message);
  }
}
