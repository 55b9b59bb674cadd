// Recognising Postgres failures in Prisma's (and pg's) errors without depending on their classes:
// constraint violations, and Postgres being away (one place, used by src/graphql/errors.ts).

/** True for a unique-constraint violation (Prisma's P2002). */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "P2002";
}

/** Seconds a client is told to wait when the database is away (a restart takes a few). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

// How Postgres being away shows, at each layer an error may come from:
/** Prisma's codes: can't reach, timed out, connection closed, pool timeout, too many connections. */
const PRISMA_CODES = new Set(["P1001", "P1002", "P1008", "P1017", "P2024", "P2037"]);
/** @prisma/adapter-pg's DriverAdapterError kinds for socket errors (its mapSocketError) and 53300. */
const ADAPTER_KINDS = new Set([
  "DatabaseNotReachable",
  "ConnectionClosed",
  "SocketTimeout",
  "TooManyConnections",
]);
/** Node's socket errors, as pg raises them outside Prisma's mapping. */
const SOCKET_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EAI_AGAIN"]);
/**
 * SQLSTATEs: class 08 (connection exception), 57P01-57P03 (admin shutdown, crash shutdown, cannot
 * connect now: a restart), 53300 (too many connections), 57014 (a statement cancelled: by the
 * statement timeout of src/db/client.ts, or by an operator).
 */
const SQLSTATE = /^(08\w{3}|57P0[123]|53300|57014)$/;
/**
 * pg's plain Errors when the server goes while a client waits or connects, or when a pooled client
 * whose connection broke is used again (seen during `npm run faults`' Postgres restart), or when a
 * connected server gave no answer within the query timeout (src/db/client.ts).
 */
const PG_MESSAGES =
  /^Connection terminated( unexpectedly| due to connection timeout)?$|^timeout exceeded when trying to connect$|^Client has encountered a connection error and is not queryable$|^Query read timeout$/;

function isUnavailableHere(error: object): boolean {
  const { code, kind, message } = error as { code?: unknown; kind?: unknown; message?: unknown };
  if (typeof code === "string" && (PRISMA_CODES.has(code) || SOCKET_CODES.has(code) || SQLSTATE.test(code))) {
    return true;
  }
  if (typeof kind === "string" && ADAPTER_KINDS.has(kind)) return true;
  return typeof message === "string" && PG_MESSAGES.test(message);
}

/**
 * True when `error` (a Prisma error, a driver adapter error, a pg or socket error, or one wrapping
 * such an error in `cause`) says Postgres could not be reached or dropped the connection: a
 * transient outage to answer with SERVICE_UNAVAILABLE, not a bug.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<object>();
  let current: unknown = error;
  while (typeof current === "object" && current !== null && !seen.has(current)) {
    seen.add(current);
    if (isUnavailableHere(current)) return true;
    const adapterError = (current as { meta?: { driverAdapterError?: { cause?: unknown } } }).meta
      ?.driverAdapterError;
    if (adapterError?.cause && isDatabaseUnavailable(adapterError.cause)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
