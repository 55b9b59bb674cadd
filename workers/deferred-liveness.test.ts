import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DeferredLiveness, LIVENESS_AFTER_MS } from "./deferred-liveness.ts";
import type { UnitLiveness } from "./split-store.ts";

/** A liveness question that counts its calls and answers `answer`. */
function asker(answer: UnitLiveness) {
  const ask = vi.fn(() => Promise.resolve(answer));
  return ask;
}

describe("a unit's deferred liveness check", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("asks nothing of a unit that ends before LIVENESS_AFTER_MS", async () => {
    const ask = asker("ended");
    const liveness = new DeferredLiveness(ask);
    await vi.advanceTimersByTimeAsync(LIVENESS_AFTER_MS - 1);
    expect(liveness.settle()).toBeUndefined();
    await vi.advanceTimersByTimeAsync(10 * LIVENESS_AFTER_MS);
    expect(ask).not.toHaveBeenCalled();
    expect(liveness.signal.aborted).toBe(false);
  });

  it("asks once the unit has run LIVENESS_AFTER_MS, and stops it when its search ended", async () => {
    const ask = asker("ended");
    const liveness = new DeferredLiveness(ask);
    await vi.advanceTimersByTimeAsync(LIVENESS_AFTER_MS);
    expect(ask).toHaveBeenCalledTimes(1);
    expect(liveness.signal.aborted).toBe(true);
    expect(await liveness.settle()).toBe("ended");
    expect(ask).toHaveBeenCalledTimes(1);
  });

  it("lets a unit of a live search run on, asking once", async () => {
    const ask = asker("live");
    const liveness = new DeferredLiveness(ask);
    await vi.advanceTimersByTimeAsync(100 * LIVENESS_AFTER_MS);
    expect(ask).toHaveBeenCalledTimes(1);
    expect(liveness.signal.aborted).toBe(false);
    expect(await liveness.now()).toBe("live");
    expect(await liveness.settle()).toBe("live");
    expect(ask).toHaveBeenCalledTimes(1);
  });

  it("asks at once when asked now (a unit queued again), and not again at the timer", async () => {
    const ask = asker("replaced");
    const liveness = new DeferredLiveness(ask);
    expect(await liveness.now()).toBe("replaced");
    expect(liveness.signal.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(10 * LIVENESS_AFTER_MS);
    expect(ask).toHaveBeenCalledTimes(1);
  });

  it("hands a Redis error to whoever awaits the answer, without an unhandled rejection", async () => {
    const ask = vi.fn(() => Promise.reject(new Error("Connection is closed.")));
    const liveness = new DeferredLiveness(ask, 5);
    await vi.advanceTimersByTimeAsync(5);
    expect(liveness.signal.aborted).toBe(false);
    await expect(liveness.settle()).rejects.toThrow("Connection is closed.");
  });
});
