// How often a live region may speak (see announcer.ts). No DOM here, so it is tested without a browser.

export class AnnounceThrottle {
  private last = Number.NEGATIVE_INFINITY;

  constructor(private readonly intervalMs: number) {}

  /** Whether a routine update at `now` (ms) may be read out; if so the interval starts again. */
  allow(now: number): boolean {
    if (now - this.last < this.intervalMs) return false;
    this.last = now;
    return true;
  }

  /** An important message was read at `now`: routine updates wait a whole interval after it. */
  forced(now: number): void {
    this.last = now;
  }
}
