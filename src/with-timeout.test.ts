import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { fulfilledWithin, valueWithin, withTimeout } from "./with-timeout.ts";

const never = new Promise<never>(() => undefined);

describe("withTimeout", () => {
  it("passes a value that comes in time", async () => {
    await expect(withTimeout(Promise.resolve(7), 50, "x")).resolves.toBe(7);
  });

  it("rejects naming what was late", async () => {
    await expect(withTimeout(never, 20, "fleet read")).rejects.toThrow("fleet read timed out after 20 ms");
  });

  it("passes a rejection that comes in time", async () => {
    await expect(withTimeout(Promise.reject(new Error("boom")), 50, "x")).rejects.toThrow("boom");
  });
});

describe("fulfilledWithin", () => {
  it("is true for a promise fulfilled in time, false when it rejects or is late", async () => {
    expect(await fulfilledWithin(sleep(5), 200)).toBe(true);
    expect(await fulfilledWithin(Promise.reject(new Error("no")), 200)).toBe(false);
    expect(await fulfilledWithin(never, 20)).toBe(false);
  });
});

describe("valueWithin", () => {
  it("gives the value in time, the late marker after the deadline", async () => {
    expect(await valueWithin(Promise.resolve("v"), 50, "late")).toBe("v");
    expect(await valueWithin(sleep(200, "v"), 20, "late")).toBe("late");
  });

  it("passes a rejection that comes in time", async () => {
    await expect(valueWithin(Promise.reject(new Error("boom")), 50, "late")).rejects.toThrow("boom");
  });

  it("leaves no unhandled rejection when the late promise fails afterwards", async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on("unhandledRejection", onUnhandled);
    try {
      const failsLate = sleep(30).then(() => {
        throw new Error("late failure");
      });
      expect(await valueWithin(failsLate, 5, "late")).toBe("late");
      await sleep(60);
      expect(unhandled).toEqual([]);
    } finally {
      process.off("unhandledRejection", onUnhandled);
    }
  });
});
