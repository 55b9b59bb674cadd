import { describe, expect, it } from "vitest";
import { SearchWakeups } from "./search-wakeups.ts";

/** Which settles first: the wait, or a timer of `ms` started beside it. */
async function first(wait: Promise<void>, ms: number): Promise<"wait" | "timer"> {
  let timer: NodeJS.Timeout | undefined;
  const other = new Promise<"timer">((resolve) => {
    timer = setTimeout(() => resolve("timer"), ms);
  });
  const winner = await Promise.race([wait.then(() => "wait" as const), other]);
  clearTimeout(timer);
  return winner;
}

describe("the coordinator's wake-ups", () => {
  it("wake a waiting coordinator when its search's unit reports", async () => {
    const wakeups = new SearchWakeups();
    await wakeups.coordinate("s1", async () => {
      const wait = wakeups.wait("s1", 60_000);
      wakeups.notify("s1");
      expect(await first(wait, 5_000)).toBe("wait");
    });
  });

  it("keep a report that comes while the coordinator is not waiting: its next wait returns at once", async () => {
    const wakeups = new SearchWakeups();
    await wakeups.coordinate("s1", async () => {
      wakeups.notify("s1"); // the coordinator is folding, saving or queueing
      expect(await first(wakeups.wait("s1", 60_000), 5_000)).toBe("wait");
      // Kept once: the wait after it sleeps its time again.
      expect(await first(wakeups.wait("s1", 60_000), 50)).toBe("timer");
    });
  });

  it("keep nothing for searches not coordinated here, nor after a search ended", async () => {
    const wakeups = new SearchWakeups();
    wakeups.notify("elsewhere");
    await wakeups.coordinate("s1", async () => {
      expect(await first(wakeups.wait("elsewhere", 60_000), 50)).toBe("timer");
    });
    wakeups.notify("s1");
    await wakeups.coordinate("s1", async () => {
      expect(await first(wakeups.wait("s1", 60_000), 50)).toBe("timer");
    });
  });

  it("end a wait when its signal aborts", async () => {
    const wakeups = new SearchWakeups();
    const controller = new AbortController();
    const wait = wakeups.wait("s1", 60_000, controller.signal);
    controller.abort();
    expect(await first(wait, 5_000)).toBe("wait");
  });
});
