// The fair-share arithmetic of SplitStore on a real Redis (docs/pipeline.md, "Fairness"): an owner's
// units start at the later of its finish tag (its units' thread time added up) and the clock (the
// largest start tag of a unit finished), and their BullMQ priority is that start's lead over the
// clock, plus one.
import { describe, expect, it } from "vitest";
import { useCoordinatorRedis } from "./coordinator-redis.ts";

const open = useCoordinatorRedis();

/** A finished unit of `owner`, started at `tag`, that took `costMs` of thread time. */
async function finished(owner: string, tag: number, costMs: number): Promise<void> {
  const outcome = { unitJobId: "u", result: null, thread: "t", runs: 1 };
  await open.store.push("gone", outcome, { owner, tag, costMs }, "unit-done");
}

describe("fair-share priorities", () => {
  it("put an owner with less thread time first", async () => {
    expect(await open.store.priorities("ann", 2)).toEqual([
      { tag: 0, priority: 1 },
      { tag: 0, priority: 1 },
    ]);
    await finished("ann", 0, 400);
    expect(await open.store.priorities("ann", 1)).toEqual([{ tag: 400, priority: 401 }]);
    expect(await open.store.priorities("bea", 1)).toEqual([{ tag: 0, priority: 1 }]);

    // The clock moves to the start tag of a unit finished: Bea's unit started at 300.
    await finished("bea", 300, 100);
    expect(await open.store.priorities("ann", 1)).toEqual([{ tag: 400, priority: 101 }]);
    expect(await open.store.priorities("bea", 1)).toEqual([{ tag: 400, priority: 101 }]);
    // An owner idle since the clock passed its tag starts at the clock: no credit saved up.
    expect(await open.store.priorities("cat", 1)).toEqual([{ tag: 300, priority: 1 }]);
  });
});
