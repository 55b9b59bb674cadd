// Where errors become what clients see: the one mapping from domain errors (src/errors/, thrown by
// services, guards and argument parsing) and the core's input errors to GraphQL errors with a stable
// `extensions.code`, used over HTTP (Apollo's formatError), over WebSocket (src/http/websocket.ts) and
// for answers outside GraphQL (the auth and rate limit step). Postgres being away (a restart) is
// SERVICE_UNAVAILABLE with `retryAfter` (HTTP 503 + Retry-After). Anything else is a bug: masked as
// INTERNAL_SERVER_ERROR (no message, stack or SQL reaches the client) and logged.
import { unwrapResolverError } from "@apollo/server/errors";
import { GraphQLError, type GraphQLFormattedError } from "graphql";
import { IllegalMoveError, PuzzleInputError } from "../core/errors.ts";
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from "../db/errors.ts";
import {
  BadInputError,
  DailyInProgressError,
  DomainError,
  HeuristicUnavailableError,
  LimitExceededError,
  RateLimitedError,
  UnauthenticatedError,
} from "../errors/index.ts";

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

/**
 * A domain error's extensions. `http` (UNAUTHENTICATED 401, RATE_LIMITED 429 with its Retry-After
 * header) sets the HTTP status and headers when the error reaches Apollo as a GraphQLError (see
 * toGraphQLError); it is never shown to clients.
 */
function domainErrorExtensions(error: DomainError): Record<string, unknown> {
  if (error instanceof BadInputError) {
    // Every input error, whatever its code, carries `category: "BAD_USER_INPUT"`.
    return { code: "BAD_USER_INPUT", category: "BAD_USER_INPUT", field: error.field };
  }
  if (error instanceof UnauthenticatedError) return { code: error.code, http: { status: 401 } };
  if (error instanceof RateLimitedError) {
    const headers = new Map([["retry-after", String(error.retryAfter)]]);
    return { code: error.code, retryAfter: error.retryAfter, http: { status: 429, headers } };
  }
  if (error instanceof LimitExceededError) return { code: error.code, limit: error.limit, open: error.open };
  if (error instanceof DailyInProgressError) return { code: error.code, endsAt: error.endsAt };
  if (error instanceof HeuristicUnavailableError) return { code: error.code, available: error.available };
  // FORBIDDEN, NOT_FOUND: the code alone.
  return { code: error.code };
}

/** The extensions of an error clients may see as it is; undefined for anything else. */
function knownErrorExtensions(error: unknown): Record<string, unknown> | undefined {
  if (error instanceof DomainError) return domainErrorExtensions(error);
  if (error instanceof PuzzleInputError) return puzzleInputExtensions(error);
  return undefined;
}

const SERVICE_UNAVAILABLE_MESSAGE = `the database is unavailable: retry in ${DATABASE_RETRY_AFTER_SECONDS} s`;

/** Postgres away: what clients see instead of the driver's words. */
const SERVICE_UNAVAILABLE = {
  code: "SERVICE_UNAVAILABLE",
  retryAfter: DATABASE_RETRY_AFTER_SECONDS,
} as const;

/** The `retryAfter` of a formatted error answered with SERVICE_UNAVAILABLE, for the HTTP status and header. */
export function serviceUnavailableRetryAfter(error: GraphQLFormattedError): number | undefined {
  return error.extensions?.code === SERVICE_UNAVAILABLE.code ? SERVICE_UNAVAILABLE.retryAfter : undefined;
}

/**
 * A domain error as a GraphQLError, for the places that must hand graphql-js or Apollo one: a scalar's
 * parser, an Apollo plugin, a WebSocket operation refused before it runs, and the guards whose HTTP
 * status (401, 429) Apollo reads from `extensions.http` before formatError is called.
 */
export function toGraphQLError(error: DomainError | PuzzleInputError): GraphQLError {
  return new GraphQLError(error.message, { originalError: error, extensions: knownErrorExtensions(error) });
}

export const INTERNAL_ERROR_MESSAGE = "internal server error";

/**
 * Apollo's own request errors that carry a client's HTTP status (4xx) but no code, such as a
 * persisted query whose sha256Hash does not match its query or of an unknown version: Apollo would
 * code them INTERNAL_SERVER_ERROR, though they are the client's, as its other request errors
 * (BAD_REQUEST) are.
 */
function isUncodedClientError(error: unknown): boolean {
  if (!(error instanceof GraphQLError) || error.extensions.code !== undefined) return false;
  const status = (error.extensions.http as { status?: unknown } | undefined)?.status;
  return typeof status === "number" && status >= 400 && status < 500;
}

/** What the client sees for `error`, and whether it was unexpected (to be logged). */
export function formatApiError(
  formatted: GraphQLFormattedError,
  error: unknown,
): { formatted: GraphQLFormattedError; unexpected: boolean } {
  const original = unwrapResolverError(error);
  const known = knownErrorExtensions(original);
  if (known !== undefined) {
    const { http: _http, ...extensions } = known;
    return {
      formatted: {
        message: (original as Error).message,
        locations: formatted.locations,
        path: formatted.path,
        extensions,
      },
      unexpected: false,
    };
  }
  if (isDatabaseUnavailable(original)) {
    return {
      formatted: {
        message: SERVICE_UNAVAILABLE_MESSAGE,
        locations: formatted.locations,
        path: formatted.path,
        extensions: { ...SERVICE_UNAVAILABLE },
      },
      unexpected: false,
    };
  }
  // GraphQLErrors are deliberate (mapped ones, graphql-js validation, Apollo's request errors): shown
  // as is, minus any stack trace. Anything else escaped a resolver by accident.
  if (
    original instanceof GraphQLError ||
    (error instanceof GraphQLError && error.originalError === undefined)
  ) {
    const { stacktrace: _stack, http: _http, ...extensions } = formatted.extensions ?? {};
    if (isUncodedClientError(original)) extensions.code = "BAD_REQUEST";
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

/** A domain error answered outside GraphQL execution: its HTTP status and body. */
export function domainErrorResponse(error: DomainError): {
  status: number;
  body: { errors: GraphQLFormattedError[] };
} {
  const { http, ...extensions } = domainErrorExtensions(error);
  const status = (http as { status?: number } | undefined)?.status ?? 400;
  return { status, body: errorBody(error.message, extensions) };
}

/** An error answered outside GraphQL execution when Postgres is away: 503, its body and Retry-After. */
export function serviceUnavailableResponse(
  error: unknown,
): { status: number; retryAfter: number; body: { errors: GraphQLFormattedError[] } } | undefined {
  if (!isDatabaseUnavailable(error)) return undefined;
  return {
    status: 503,
    retryAfter: SERVICE_UNAVAILABLE.retryAfter,
    body: errorBody(SERVICE_UNAVAILABLE_MESSAGE, { ...SERVICE_UNAVAILABLE }),
  };
}
