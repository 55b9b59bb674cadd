import { describe, expect, it } from "vitest";
import type { LocalExecutor } from "../local-executor/executor.ts";
import { SplitThreads } from "./split-threads.ts";

/** A stand-in executor (no threads): counts its starts and closes; `ready` says whether it is up. */
function fakeStarts() {
  const made = { starts: 0, closes: 0, ready: false };
  const start = () => {
    made.starts++;
    return {
      threadsUp: () => made.ready,
      close: async () => {
        made.closes++;
      },
    } as unknown as LocalExecutor;
  };
  return { made, start };
}

describe("when a split search's threads start", () => {
  it("a 24-puzzle's start at once, before the first try", () => {
    const { made, start } = fakeStarts();
    const threads = new SplitThreads(25, start, 20, () => 0);
    expect(made.starts).toBe(1);
    expect(threads.started).toBe(true);
  });

  it("a 15-puzzle's only once its first try has run the delay, and once", () => {
    const { made, start } = fakeStarts();
    let now = 1000;
    const threads = new SplitThreads(16, start, 20, () => now);
    expect(threads.up()).toBe(false); // no first try yet: nothing is due
    threads.firstTryStarts();
    now = 1019;
    expect(threads.up()).toBe(false);
    expect(made.starts).toBe(0);
    now = 1020;
    expect(threads.up()).toBe(false); // started, not up yet
    made.ready = true;
    expect(threads.up()).toBe(true);
    expect(made.starts).toBe(1);
  });

  it("a puzzle answered before the delay never starts them, and closing costs nothing", async () => {
    const { made, start } = fakeStarts();
    const threads = new SplitThreads(16, start, 20, () => 0);
    threads.firstTryStarts();
    expect(threads.up()).toBe(false);
    await threads.close();
    expect(made).toMatchObject({ starts: 0, closes: 0 });
    expect(threads.started).toBe(false);
  });

  it("`running` starts them if the first try ended for another reason, and close stops them", async () => {
    const { made, start } = fakeStarts();
    const threads = new SplitThreads(16, start, 20, () => 0);
    threads.running;
    threads.running;
    await threads.close();
    expect(made).toMatchObject({ starts: 1, closes: 1 });
  });
});
