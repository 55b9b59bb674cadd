// A promise with a deadline: Redis and Postgres calls on request paths and health checks must not
// wait for a server that is away.

/** `promise`, or a rejection naming `what` once `ms` have passed (the promise itself is not stopped). */
export async function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Waits for `promise` at most `ms`: true when it fulfilled in time, false when it rejected or is still
 * pending (shutdown steps that must not hold a process up; the promise itself is not stopped).
 */
export async function fulfilledWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([
      promise.then(
        () => true,
        () => false,
      ),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
