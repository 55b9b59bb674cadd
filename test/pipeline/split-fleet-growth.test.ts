// A worker that joins while a split search runs gets units from the coordinator's next pass
// (docs/distributed.md, "The fleet"): the coordinator re-reads the live fleet on every pass, keeps
// units enough in flight for it, and widens the plan. Before, the fleet was re-read only with the
// lost-unit look-up (SPLIT_LOST_CHECK_MS, 5 s): a newcomer that missed the one unit queued waited for
// it. Real Redis and BullMQ; the coordinator in this process, no unit worker (the queue shows what
// it handed out), and a lost-unit look-up far beyond the test.
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CANCELLED } from "../../workers/abort-reasons.ts";
import { SplitCoordinator } from "../../workers/split-coordinator.ts";
import { CoordinatorRedis, hardSearch } from "./coordinator-redis.ts";

let open: CoordinatorRedis;

beforeAll(() => {
  open = new CoordinatorRedis();
});

afterAll(() => open?.close());

/** Unit jobs handed out and not yet taken by any thread. */
async function queuedUnits(): Promise<number> {
  return open.units.getJobCountByTypes("waiting", "prioritized");
}

/** Polls `check` every 20 ms until it holds; false after `ms`. */
async function eventually(check: () => Promise<boolean>, ms: number): Promise<boolean> {
  for (const deadline = Date.now() + ms; Date.now() < deadline; ) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return check();
}

describe("a split search whose fleet grows", () => {
  it("hands the newcomer's threads units on its next pass, not at the lost-unit look-up", async () => {
    const searchId = "solve-fleet-growth";
    let threads = 1;
    const lines: Record<string, unknown>[] = [];
    const log = pino({ level: "info" }, { write: (line: string) => lines.push(JSON.parse(line)) });
    const { store, units, events } = open;
    const coordinator = new SplitCoordinator({
      store,
      units,
      events,
      liveThreads: async () => threads,
      log,
      unitsPerThread: 2,
      lostCheckMs: 600_000,
    });
    const data = hardSearch({ split: true });
    const stop = new AbortController();
    const searching = coordinator.search(searchId, "A", data, { signal: stop.signal });
    try {
      // One thread: two units in flight (unitsPerThread), both queued since nothing takes them.
      expect(await eventually(async () => (await queuedUnits()) === 2, 5000)).toBe(true);
      const planned = lines.find((line) => line.msg === "split search planned");
      expect(planned).toMatchObject({ threads: 1 });
      // Two workers join: three threads. On a following pass (every 250 ms at most), six units are
      // in flight and the plan has eight units per thread; the look-up is ten minutes away.
      threads = 3;
      expect(await eventually(async () => (await queuedUnits()) === 6, 5000)).toBe(true);
      const widened = lines.find((line) => line.msg === "split search widened");
      expect(widened).toMatchObject({ threads: 3 });
      expect(Number(widened?.units)).toBeGreaterThanOrEqual(24);
      // No unit was called lost: the look-up never ran.
      expect(lines.filter((line) => line.msg === "unit lost: queued again")).toEqual([]);
      stop.abort(CANCELLED);
      expect(await searching).toMatchObject({ status: "cancelled" });
      expect(await queuedUnits()).toBe(0);
    } finally {
      stop.abort(CANCELLED);
      await searching.catch(() => undefined);
      await coordinator.close();
      await store.clear(searchId);
    }
  }, 30_000);
});
