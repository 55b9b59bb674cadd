// How errors reach clients: deliberate errors as they are, the core's input errors with their
// code and field, everything else masked.
import { GraphQLError } from "graphql";
import { describe, expect, it } from "vitest";
import { IllegalMoveError, PuzzleInputError } from "../core/errors.ts";
import { BadInputError, RateLimitedError } from "../errors/index.ts";
import { formatApiError, INTERNAL_ERROR_MESSAGE } from "./errors.ts";

/** What graphql-js hands over when a resolver at `path` throws `error`. */
function thrownInResolver(error: Error): GraphQLError {
  return new GraphQLError(error.message, { path: ["field"], originalError: error });
}

const format = (error: GraphQLError) => formatApiError(error.toJSON(), error);

describe("formatApiError", () => {
  it("keeps BAD_USER_INPUT and its field", () => {
    const { formatted, unexpected } = format(thrownInResolver(new BadInputError("name is taken", "name")));
    expect(unexpected).toBe(false);
    expect(formatted).toMatchObject({
      message: "name is taken",
      extensions: { code: "BAD_USER_INPUT", field: "name" },
    });
  });

  it("keeps RATE_LIMITED's retryAfter but not its HTTP status", () => {
    const { formatted } = format(thrownInResolver(new RateLimitedError(7)));
    expect(formatted.extensions).toEqual({ code: "RATE_LIMITED", retryAfter: 7 });
  });

  it("maps the core's bad puzzle to BAD_USER_INPUT with its field", () => {
    const { formatted } = format(
      thrownInResolver(new PuzzleInputError("start repeats tile 3", "BAD_PUZZLE", "start")),
    );
    expect(formatted.extensions).toEqual({
      code: "BAD_USER_INPUT",
      category: "BAD_USER_INPUT",
      reason: "BAD_PUZZLE",
      field: "start",
    });
  });

  it("keeps ILLEGAL_MOVE visible as the code, with the 1-based index and the move", () => {
    const { formatted } = format(
      thrownInResolver(new IllegalMoveError("move 3 (U) leaves the board", 3, "U")),
    );
    expect(formatted.extensions).toEqual({
      code: "ILLEGAL_MOVE",
      category: "BAD_USER_INPUT",
      reason: "ILLEGAL_MOVE",
      field: "moves",
      index: 3,
      move: "U",
    });
  });

  it("keeps NOT_A_SOLUTION visible as the code", () => {
    const { formatted } = format(
      thrownInResolver(new PuzzleInputError("does not reach the goal", "NOT_A_SOLUTION", "moves")),
    );
    expect(formatted.extensions).toMatchObject({
      code: "NOT_A_SOLUTION",
      category: "BAD_USER_INPUT",
      field: "moves",
    });
  });

  it("masks anything else, message and all", () => {
    const { formatted, unexpected } = format(
      thrownInResolver(new Error('relation "users" does not exist: SELECT * FROM users')),
    );
    expect(unexpected).toBe(true);
    expect(formatted).toEqual({
      message: INTERNAL_ERROR_MESSAGE,
      path: ["field"],
      locations: undefined,
      extensions: { code: "INTERNAL_SERVER_ERROR" },
    });
  });

  it("leaves graphql-js' own validation errors alone", () => {
    const { formatted, unexpected } = format(new GraphQLError('Cannot query field "nope" on type "Query".'));
    expect(unexpected).toBe(false);
    expect(formatted.message).toContain("nope");
  });
});
