// The coordinator's wake-ups: a unit's `unit-done` message wakes the coordinator of its search
// when it waits, and when it does not (it is folding, saving or queueing), its next wait returns at
// once. A wake-up that came between two waits was lost before, and the coordinator slept a whole
// poll interval with an outcome pending (docs/distributed.md, "Results").

export class SearchWakeups {
  private readonly waiting = new Map<string, () => void>();
  /** The searches being coordinated here (wake-ups of others are not kept). */
  private readonly running = new Set<string>();
  /** Searches of `running` woken while not waiting. */
  private readonly missed = new Set<string>();

  /** Runs `body` as the coordination of `searchId`: wake-ups that come between waits are kept. */
  async coordinate<T>(searchId: string, body: () => Promise<T>): Promise<T> {
    this.running.add(searchId);
    try {
      return await body();
    } finally {
      this.running.delete(searchId);
      this.missed.delete(searchId);
    }
  }

  /** A unit of `searchId` reported. */
  notify(searchId: string): void {
    const wake = this.waiting.get(searchId);
    if (wake !== undefined) wake();
    else if (this.running.has(searchId)) this.missed.add(searchId);
  }

  /** Resolves after `ms`, or at once or earlier when a unit of the search reports, or `signal` aborts. */
  wait(searchId: string, ms: number, signal?: AbortSignal): Promise<void> {
    if (this.missed.delete(searchId)) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiting.delete(searchId);
        signal?.removeEventListener("abort", done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.waiting.set(searchId, done);
      signal?.addEventListener("abort", done, { once: true });
    });
  }
}
