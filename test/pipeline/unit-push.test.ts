// A unit's outcome pushed onto its search's results list on a real Redis (workers/split-store.ts,
// PUSH): only while the search is live with the unit's plan, the same answer LIVENESS gives. A unit
// that ends before it asked (workers/deferred-liveness.ts) relies on it: an ended search's or an
// older plan's outcome is refused, and its thread time still counts for fairness.
import { describe, expect, it } from "vitest";
import { splitKeys } from "../../src/solves/index.ts";
import { useCoordinatorRedis } from "./coordinator-redis.ts";

const open = useCoordinatorRedis();

const outcome = (unitJobId: string) => ({ unitJobId, result: null, thread: "t", runs: 1 });

async function push(searchId: string, unit: string, owner: string, epoch?: string) {
  return open.store.push(searchId, outcome(unit), { owner, tag: 0, costMs: 50 }, "unit-done", epoch);
}

async function listed(searchId: string): Promise<string[]> {
  return (await open.store.pending(searchId)).map((o) => o.unitJobId);
}

describe("a unit's push", () => {
  it("lists the outcome of a live search's unit of its plan, and answers as LIVENESS does", async () => {
    const searchId = "push-live";
    expect(await open.store.claim(searchId, "A", { epoch: "aaaaaa" })).toBe(true);
    await open.redis.set(splitKeys(open.config.redisPrefix, searchId).state, "{}");
    expect(await open.store.liveness(searchId, "aaaaaa")).toBe("live");
    expect(await push(searchId, "u1", "ann", "aaaaaa")).toBe("live");
    // A whole search's unit (no epoch) of a live search.
    expect(await push(searchId, "u2", "ann")).toBe("live");
    expect(await listed(searchId)).toEqual(["u1", "u2"]);

    // The search planned afresh: an older plan's unit is refused.
    expect(await open.store.claim(searchId, "B", { epoch: "bbbbbb" })).toBe(true);
    expect(await open.store.liveness(searchId, "aaaaaa")).toBe("replaced");
    expect(await push(searchId, "u3", "ann", "aaaaaa")).toBe("replaced");
    expect(await push(searchId, "u4", "ann", "bbbbbb")).toBe("live");
    expect(await listed(searchId)).toEqual(["u1", "u2", "u4"]);

    // Its state gone: refused, and no results list left behind.
    await open.store.clear(searchId);
    expect(await open.store.liveness(searchId, "bbbbbb")).toBe("ended");
    expect(await push(searchId, "u5", "ann", "bbbbbb")).toBe("ended");
    expect(await open.redis.exists(splitKeys(open.config.redisPrefix, searchId).results)).toBe(0);
  });

  it("counts a refused unit's thread time for fairness", async () => {
    expect(await open.store.priorities("dan", 1)).toEqual([{ tag: 0, priority: 1 }]);
    expect(await push("push-gone", "u1", "dan", "cccccc")).toBe("ended");
    expect(await open.store.priorities("dan", 1)).toEqual([{ tag: 50, priority: 51 }]);
  });
});
