// The API's errors: each has a stable `extensions.code` clients can switch on. Services and
// resolvers throw these; the core's PuzzleInputError is mapped here; anything else is a bug and is
// masked as INTERNAL_SERVER_ERROR (no message, stack or SQL reaches the client) and logged.
import { unwrapResolverError } from "@apollo/server/errors";
import { GraphQLError, type GraphQLFormattedError } from "graphql";
import { IllegalMoveError, PuzzleInputError } from "../core/errors.ts";

/**
 * Input the client can fix. `field` names the argument or input field at fault ("name", "start",
 * "first", ...). Every input error, whatever its code, carries `category: "BAD_USER_INPUT"`.
 */
export class BadUserInputError extends GraphQLError {
  constructor(message: string, field: string, extensions: Record<string, unknown> = {}) {
    super(message, {
      extensions: { code: "BAD_USER_INPUT", category: "BAD_USER_INPUT", field, ...extensions },
    });
  }
}

export class UnauthenticatedError extends GraphQLError {
  constructor(message = "this operation needs an API token: send `Authorization: Bearer <token>`") {
    super(message, { extensions: { code: "UNAUTHENTICATED", http: { status: 401 } } });
  }
}

export class ForbiddenError extends GraphQLError {
  constructor(message: string) {
    super(message, { extensions: { code: "FORBIDDEN" } });
  }
}

export class NotFoundError extends GraphQLError {
  constructor(message: string) {
    super(message, { extensions: { code: "NOT_FOUND" } });
  }
}

export class RateLimitedError extends GraphQLError {
  constructor(
    readonly retryAfter: number,
    what = "requests",
  ) {
    super(`too many ${what}: retry in ${retryAfter} s`, {
      extensions: { code: "RATE_LIMITED", retryAfter, http: { status: 429 } },
    });
  }
}

/**
 * A per-user quota of things that stay open (not a rate): e.g. QUEUED or RUNNING Solves. Retrying
 * helps once some finish or are cancelled, so there is no `retryAfter`; `limit` and `open` say where
 * the user stands.
 */
export class LimitExceededError extends GraphQLError {
  constructor(message: string, extensions: { limit: number; open: number }) {
    super(message, { extensions: { code: "LIMIT_EXCEEDED", ...extensions } });
  }
}

/**
 * The core's input errors. ILLEGAL_MOVE and NOT_A_SOLUTION keep their own code (with the 1-based
 * `index` and the `move` of an illegal move); BAD_PUZZLE and BAD_OPTION become BAD_USER_INPUT.
 * All keep `field` and `category: "BAD_USER_INPUT"`; `reason` is the core's code.
 */
function puzzleInputExtensions(error: PuzzleInputError): Record<string, unknown> {
  const code =
    error.code === "ILLEGAL_MOVE" || error.code === "NOT_A_SOLUTION" ? error.code : "BAD_USER_INPUT";
  const extensions: Record<string, unknown> = { code, category: "BAD_USER_INPUT", reason: error.code };
  if (error.field !== undefined) extensions.field = error.field;
  if (error instanceof IllegalMoveError) {
    extensions.index = error.index;
    extensions.move = error.move;
  }
  return extensions;
}

export const INTERNAL_ERROR_MESSAGE = "internal server error";

/** What the client sees for `error`, and whether it was unexpected (to be logged). */
export function formatApiError(
  formatted: GraphQLFormattedError,
  error: unknown,
): { formatted: GraphQLFormattedError; unexpected: boolean } {
  const original = unwrapResolverError(error);
  if (original instanceof PuzzleInputError) {
    return {
      formatted: {
        message: original.message,
        locations: formatted.locations,
        path: formatted.path,
        extensions: puzzleInputExtensions(original),
      },
      unexpected: false,
    };
  }
  // GraphQLErrors are deliberate (ours, graphql-js validation, Apollo's request errors): shown as is,
  // minus any stack trace. Anything else escaped a resolver by accident.
  if (
    original instanceof GraphQLError ||
    (error instanceof GraphQLError && error.originalError === undefined)
  ) {
    const { stacktrace: _stack, http: _http, ...extensions } = formatted.extensions ?? {};
    return { formatted: { ...formatted, extensions }, unexpected: false };
  }
  return {
    formatted: {
      message: INTERNAL_ERROR_MESSAGE,
      locations: formatted.locations,
      path: formatted.path,
      extensions: { code: "INTERNAL_SERVER_ERROR" },
    },
    unexpected: true,
  };
}

/** A plain JSON body for errors answered outside GraphQL execution (rate limits, bad bodies). */
export function errorBody(
  message: string,
  extensions: Record<string, unknown>,
): { errors: GraphQLFormattedError[] } {
  return { errors: [{ message, extensions }] };
}
