// What a hostile request may get back: a JSON answer below 500 whose errors all carry one of the
// API's codes, with no stack trace, no SQL and no driver or ORM message.
import { expect } from "vitest";
import type { GraphQLResponse } from "../helpers/graphql.ts";

/** Every code a client may see for bad input (docs/api.md, docs/operations.md). */
export const CLIENT_ERROR_CODES: ReadonlySet<string> = new Set([
  "BAD_USER_INPUT",
  "ILLEGAL_MOVE",
  "NOT_A_SOLUTION",
  "UNAUTHENTICATED",
  "FORBIDDEN",
  "NOT_FOUND",
  "RATE_LIMITED",
  "LIMIT_EXCEEDED",
  "GRAPHQL_PARSE_FAILED",
  "GRAPHQL_VALIDATION_FAILED",
  "BAD_REQUEST",
  "PAYLOAD_TOO_LARGE",
  "OPERATION_RESOLUTION_FAILURE",
]);

/** A stack trace, a module path, the ORM's or the driver's words, or SQL (upper case: "select" is English too). */
const LEAKS = [
  /\n\s+at |\bat [\w.<>]+ \(|node_modules|prisma|invocation|ECONN|stacktrace/i,
  /\b(SELECT|INSERT INTO|UPDATE|DELETE FROM) ["a-z_*]/,
];

/** Fails when `text` shows something of the server's insides. */
export function expectNoLeak(text: string, context: string): void {
  for (const leak of LEAKS) expect(text, context).not.toMatch(leak);
}

/** Fails unless `response` is a well-formed refusal or success (never a 5xx, a leak or an unknown code). */
export function expectCodedAnswer(response: GraphQLResponse<unknown>, what = ""): void {
  const { status, body } = response;
  const context = `${what} -> ${status} ${JSON.stringify(body).slice(0, 500)}`;
  expect(status, context).toBeLessThan(500);
  expectNoLeak(JSON.stringify(body), context);
  for (const error of body.errors ?? []) {
    expect(CLIENT_ERROR_CODES.has(String(error.extensions?.code)), context).toBe(true);
  }
  if (status !== 200) expect(body.errors?.length ?? 0, context).toBeGreaterThan(0);
}

/** Rejects when `promise` takes longer than `ms`: a hung request fails the test instead of stalling it. */
export async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
