// The mapping of each domain error to the GraphQL error clients see: its code and extensions, shown
// the same whether thrown inside a resolver (formatApiError) or handed to graphql-js / Apollo as a
// GraphQLError (toGraphQLError), and answered outside GraphQL (domainErrorResponse).
import { GraphQLError } from "graphql";
import { describe, expect, it } from "vitest";
import { IllegalMoveError, PuzzleInputError } from "../core/errors.ts";
import {
  BadInputError,
  type DomainError,
  ForbiddenError,
  LimitExceededError,
  NotFoundError,
  RateLimitedError,
  UnauthenticatedError,
} from "../errors/index.ts";
import { domainErrorResponse, formatApiError, toGraphQLError } from "./errors.ts";

/** What graphql-js hands over when a resolver at `path` throws `error`. */
function thrownInResolver(error: Error): GraphQLError {
  return new GraphQLError(error.message, { path: ["field"], originalError: error });
}

const format = (error: GraphQLError) => formatApiError(error.toJSON(), error);

const cases: [string, DomainError | PuzzleInputError, Record<string, unknown>, number | undefined][] = [
  [
    "BadInputError",
    new BadInputError("name is taken", "name"),
    { code: "BAD_USER_INPUT", category: "BAD_USER_INPUT", field: "name" },
    undefined,
  ],
  ["UnauthenticatedError", new UnauthenticatedError(), { code: "UNAUTHENTICATED" }, 401],
  ["ForbiddenError", new ForbiddenError("not yours"), { code: "FORBIDDEN" }, undefined],
  ["NotFoundError", new NotFoundError("no puzzle with id 9"), { code: "NOT_FOUND" }, undefined],
  ["RateLimitedError", new RateLimitedError(7), { code: "RATE_LIMITED", retryAfter: 7 }, 429],
  [
    "LimitExceededError",
    new LimitExceededError("20 open solves", 20, 20),
    { code: "LIMIT_EXCEEDED", limit: 20, open: 20 },
    undefined,
  ],
  [
    "IllegalMoveError (core)",
    new IllegalMoveError("move 2 (L) leaves the board", 2, "L"),
    {
      code: "ILLEGAL_MOVE",
      category: "BAD_USER_INPUT",
      reason: "ILLEGAL_MOVE",
      field: "moves",
      index: 2,
      move: "L",
    },
    undefined,
  ],
  [
    "PuzzleInputError NOT_A_SOLUTION (core)",
    new PuzzleInputError("does not reach the goal", "NOT_A_SOLUTION", "moves"),
    { code: "NOT_A_SOLUTION", category: "BAD_USER_INPUT", reason: "NOT_A_SOLUTION", field: "moves" },
    undefined,
  ],
];

describe.each(cases)("%s", (_, error, extensions, httpStatus) => {
  it("thrown in a resolver: its message, code and extensions, nothing masked", () => {
    const { formatted, unexpected } = format(thrownInResolver(error));
    expect(unexpected).toBe(false);
    expect(formatted).toEqual({ message: error.message, path: ["field"], locations: undefined, extensions });
  });

  it("as a GraphQLError: the same, plus the HTTP status Apollo reads (never shown)", () => {
    const graphQLError = toGraphQLError(error);
    expect(graphQLError.originalError).toBe(error);
    const { http, ...shown } = graphQLError.extensions;
    expect(shown).toEqual(extensions);
    expect((http as { status?: number } | undefined)?.status).toBe(httpStatus);
    // Thrown in a resolver, graphql-js wraps it again with the path; the client sees the same.
    const located = new GraphQLError(graphQLError.message, {
      path: ["field"],
      originalError: graphQLError,
      extensions: graphQLError.extensions,
    });
    expect(format(located).formatted.extensions).toEqual(extensions);
  });
});

describe("domainErrorResponse (answers outside GraphQL)", () => {
  it("RATE_LIMITED: 429 with retryAfter", () => {
    expect(domainErrorResponse(new RateLimitedError(3))).toEqual({
      status: 429,
      body: {
        errors: [
          { message: "too many requests: retry in 3 s", extensions: { code: "RATE_LIMITED", retryAfter: 3 } },
        ],
      },
    });
  });

  it("UNAUTHENTICATED: 401 with the given reason", () => {
    expect(domainErrorResponse(new UnauthenticatedError("invalid API token"))).toEqual({
      status: 401,
      body: { errors: [{ message: "invalid API token", extensions: { code: "UNAUTHENTICATED" } }] },
    });
  });
});
