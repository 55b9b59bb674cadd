import { DomainError } from "./domain-error.ts";

/** Input the client can fix. `field` names the argument or input field at fault ("name", "first", ...). */
export class BadInputError extends DomainError {
  override readonly name = "BadInputError";
  readonly code = "BAD_INPUT";

  constructor(
    message: string,
    readonly field: string,
  ) {
    super(message);
  }
}
