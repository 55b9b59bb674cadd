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
