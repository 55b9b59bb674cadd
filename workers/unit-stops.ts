// The running units of one worker process, by search, so that a stop message (UNIT_STOP_TOPIC from
// a coordinator, SOLVE_CANCEL_TOPIC from a cancel) reaches them at once. A search stopped as a whole
// is remembered for a minute: a unit of it taken from the queue after the message is not started.
import { LRUCache } from "lru-cache";
import { CANCELLED } from "./abort-reasons.ts";

export interface UnitStop {
  readonly signal: AbortSignal;
  end(): void;
}

export class UnitStops {
  private readonly running = new Map<string, Map<string, AbortController>>();
  private readonly stopped = new LRUCache<string, true>({ max: 10_000, ttl: 60_000 });

  /** A unit starts: its stop follows the search's stops and BullMQ's own `signal` (shutdown). */
  register(searchId: string, unitJobId: string, signal?: AbortSignal): UnitStop {
    const controller = new AbortController();
    const forward = () => controller.abort(signal?.reason);
    if (signal?.aborted) forward();
    signal?.addEventListener("abort", forward, { once: true });
    if (this.stopped.has(searchId)) controller.abort(CANCELLED);
    let units = this.running.get(searchId);
    if (units === undefined) {
      units = new Map();
      this.running.set(searchId, units);
    }
    units.set(unitJobId, controller);
    return {
      signal: controller.signal,
      end: () => {
        signal?.removeEventListener("abort", forward);
        units.delete(unitJobId);
        if (units.size === 0 && this.running.get(searchId) === units) this.running.delete(searchId);
      },
    };
  }

  /** Stops the listed units of a search, or all of them (and any taken later) when `units` is absent. */
  stop(searchId: string, units?: readonly string[]): number {
    if (units === undefined) this.stopped.set(searchId, true);
    const running = this.running.get(searchId);
    if (running === undefined) return 0;
    let count = 0;
    for (const [id, controller] of running) {
      if (units !== undefined && !units.includes(id)) continue;
      controller.abort(CANCELLED);
      count++;
    }
    return count;
  }
}
