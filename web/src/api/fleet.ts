// Whether any worker is online, from /readyz's heartbeat count (no GraphQL field reports it): a
// queued search waits for one. Null when the server does not say (an old server, Redis down).
export async function workersOnline(): Promise<number | null> {
  try {
    const response = await fetch("/readyz");
    const body = (await response.json()) as { workers?: unknown };
    return typeof body.workers === "number" ? body.workers : null;
  } catch {
    return null;
  }
}

/** Said beside a 4x4 hint or analysis that waits for a proof while no worker is online. */
export const NO_WORKER_TO_PROVE = "No worker is online: it starts when one is.";

/** How often a proof's wait asks again whether a worker is online (its own poll runs every second). */
const WORKER_RECHECK_MS = 5000;

/**
 * workersOnline for a wait that polls every second: asked at most every WORKER_RECHECK_MS, the last
 * answer given in between.
 */
export function workerWatch(): () => Promise<number | null> {
  let askedAt = Number.NEGATIVE_INFINITY;
  let last: number | null = null;
  return async () => {
    if (Date.now() - askedAt >= WORKER_RECHECK_MS) {
      askedAt = Date.now();
      last = await workersOnline();
    }
    return last;
  };
}
