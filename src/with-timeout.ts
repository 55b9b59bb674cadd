// A promise with a deadline: Redis and Postgres calls on request paths and health checks, and the
// steps of a shutdown, must not wait for a server that is away. p-timeout keeps the timer honest
// (cleared when the promise settles first); these names say what each caller gets back.
import pTimeout from "p-timeout";

/** `promise`, or a rejection naming `what` once `ms` have passed (the promise itself is not stopped). */
export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return pTimeout(promise, { milliseconds: ms, message: `${what} timed out after ${ms} ms` });
}

/**
 * Waits for `promise` at most `ms`: true when it fulfilled in time, false when it rejected or is still
 * pending (shutdown steps that must not hold a process up; the promise itself is not stopped).
 */
export function fulfilledWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  const fulfilled = promise.then(
    () => true,
    () => false,
  );
  return pTimeout(fulfilled, { milliseconds: ms, fallback: () => false });
}

/**
 * `promise`'s value, or `late` once `ms` have passed; a rejection in time passes through (one after
 * the deadline is handled by p-timeout's own handlers, never unhandled).
 */
export function valueWithin<T, L>(promise: Promise<T>, ms: number, late: L): Promise<T | L> {
  return pTimeout<T | L>(promise, { milliseconds: ms, fallback: () => late });
}
