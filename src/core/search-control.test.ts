// The search-control protocol on its own (deadline, node budget, cancellation, progress cadence),
// then the same protocol seen through each of the four searches that use it.
import { afterEach, describe, expect, it, vi } from "vitest";
import { solveWithPartition } from "./pdb/index.ts";
import { solveRotation } from "./rotation/solve.ts";
import { createRotationSpec } from "./rotation/board.ts";
import { POLL_INTERVAL, SearchControl } from "./search-control.ts";
import { aStar } from "./sliding/astar.ts";
import { LinearConflictHeuristic } from "./sliding/heuristic.ts";
import { idaStar } from "./sliding/idastar.ts";
import type { SearchProgress, SolveOptions } from "./types.ts";

function waitUntil(control: SearchControl, elapsedMs: number): void {
  while (control.elapsedMs() < elapsedMs) {
    // busy wait: the protocol reads performance.now()
  }
}

describe("SearchControl", () => {
  it("stops at the deadline, not before", () => {
    const control = new SearchControl({ timeLimitMs: 15 });
    expect(control.poll(0, 0)).toBe(false);
    expect(control.stopReason).toBeUndefined();
    waitUntil(control, 15);
    expect(control.poll(0, 0)).toBe(true);
    expect(control.stopReason).toBe("timed_out");
    expect(new SearchControl({ timeLimitMs: 0 }).newBound(0, 0)).toBe(true);
  });

  it("stops at the node budget, and counts down to it exactly", () => {
    const control = new SearchControl({ maxNodes: 100 });
    expect(control.poll(99, 0)).toBe(false);
    expect(control.countdown(0)).toBe(100);
    expect(control.countdown(90)).toBe(10);
    expect(control.countdown(100)).toBe(1);
    expect(control.poll(100, 0)).toBe(true);
    expect(control.stopReason).toBe("budget_exhausted");
    // Counted steps of up to 4 nodes: the countdown shrinks so the overshoot stays below one step.
    const generated = new SearchControl({ maxNodes: 100 }, { pollEvery: 64, nodesPerStep: 4 });
    expect(generated.countdown(0)).toBe(25);
    expect(generated.countdown(90)).toBe(3);
    expect(new SearchControl({ maxNodes: 10 ** 9 }).countdown(0)).toBe(POLL_INTERVAL);
    expect(new SearchControl({}).countdown(10 ** 12)).toBe(POLL_INTERVAL);
  });

  it("stops when cancelled, and keeps the first reason", () => {
    let cancelled = false;
    const control = new SearchControl({ isCancelled: () => cancelled, maxNodes: 1000 });
    expect(control.poll(10, 0)).toBe(false);
    expect(() => control.stoppedBy()).toThrow(/not stopped/);
    cancelled = true;
    expect(control.poll(10, 0)).toBe(true);
    expect(control.stopReason).toBe("cancelled");
    cancelled = false;
    expect(control.poll(2000, 0)).toBe(true);
    control.stop("budget_exhausted");
    expect(control.stoppedBy()).toBe("cancelled");
  });

  it("lets work before the search (a table build) stop on cancellation and the clock, not the budget", () => {
    expect(new SearchControl({ maxNodes: 0 }).interrupted()).toBe(false);
    expect(new SearchControl({ isCancelled: () => true }).interrupted()).toBe(true);
    const late = new SearchControl({ timeLimitMs: 0 });
    expect(late.interrupted()).toBe(true);
    expect(late.stopReason).toBe("timed_out");
  });

  describe("forecastTimeLimit", () => {
    let clock = 0;
    afterEach(() => vi.restoreAllMocks());
    /** A control on a clock the test moves, and its iterations' starts as `[ms, nodes]` pairs. */
    function iterations(options: SolveOptions, starts: readonly (readonly [number, number])[]): boolean[] {
      clock = 0;
      vi.spyOn(performance, "now").mockImplementation(() => clock);
      const control = new SearchControl(options);
      return starts.map(([ms, nodes], i) => {
        clock = ms;
        return control.newBound(nodes, 60 + 2 * i);
      });
    }

    it("stops at an iteration's start when its forecast ends past the limit", () => {
      // 20 k nodes in 10 ms, then 160 k in 70 ms: growth 8, the next iteration forecast at 560 ms,
      // from 80 ms to 640 ms: past 250 ms.
      const starts = [
        [0, 0],
        [10, 20_000],
        [80, 180_000],
      ] as const;
      expect(iterations({ timeLimitMs: 250, forecastTimeLimit: true }, starts)).toEqual([false, false, true]);
      // The same search without the option, or with time to spare, goes on.
      expect(iterations({ timeLimitMs: 250 }, starts)).toEqual([false, false, false]);
      expect(iterations({ timeLimitMs: 700, forecastTimeLimit: true }, starts)).toEqual([
        false,
        false,
        false,
      ]);
    });

    it("says timed_out with every bound below the iteration proven, and forecasts from the last two", () => {
      clock = 0;
      vi.spyOn(performance, "now").mockImplementation(() => clock);
      const control = new SearchControl({ timeLimitMs: 250, forecastTimeLimit: true });
      const at = (ms: number, nodes: number, bound: number) => {
        clock = ms;
        return control.newBound(nodes, bound);
      };
      expect(at(0, 0, 70)).toBe(false);
      expect(at(2, 15_000, 72)).toBe(false);
      // 15 k then 45 k nodes (growth 3) in 18 ms: 54 ms forecast, 20 + 54 < 250.
      expect(at(20, 60_000, 74)).toBe(false);
      // 45 k then 450 k (growth 10) in 100 ms: 1 s forecast, 120 + 1000 > 250.
      expect(at(120, 510_000, 76)).toBe(true);
      expect(control.stoppedBy()).toBe("timed_out");
    });

    it("forecasts nothing from iterations under 10,000 nodes (the clock's grain, a cold compiler)", () => {
      // 10 nodes, then 9,000 in 200 ms (a cold start): a forecast would stop it.
      const starts = [
        [0, 0],
        [1, 10],
        [201, 9_010],
        [230, 30_000],
      ] as const;
      expect(iterations({ timeLimitMs: 250, forecastTimeLimit: true }, starts)).toEqual([
        false,
        false,
        false,
        // 21 k nodes in 29 ms after 9 k: 68 ms forecast, 230 + 68 > 250.
        true,
      ]);
    });
  });

  it("reports progress at each new bound and at most every progressIntervalMs on polls", () => {
    const reports: SearchProgress[] = [];
    const options: SolveOptions = { progressIntervalMs: 20, onProgress: (p) => reports.push(p) };
    const control = new SearchControl(options);
    expect(control.newBound(0, 7)).toBe(false);
    expect(reports).toMatchObject([{ bound: 7, nodes: 0 }]);
    // A new bound restarts the interval: a poll right after it reports nothing...
    const boundAt = performance.now();
    control.poll(10, 7);
    if (performance.now() - boundAt < 20) expect(reports).toHaveLength(1);
    // ...and the first poll once the interval has passed reports once.
    while (performance.now() - boundAt < 20) {
      // busy wait
    }
    control.poll(50, 7);
    expect(reports.at(-1)).toMatchObject({ bound: 7, nodes: 50 });
    const count = reports.length;
    if (performance.now() - boundAt < 40) {
      control.poll(60, 7);
      expect(reports).toHaveLength(count);
    }
    expect(reports.at(-1)?.elapsedMs).toBeGreaterThanOrEqual(20);
    // No callback, no work: polls and bounds only check the stop conditions.
    expect(new SearchControl({ progressIntervalMs: 0 }).newBound(0, 1)).toBe(false);
  });

  it("reports on every poll with progressIntervalMs 0, and never on polls with a huge one", () => {
    let every = 0;
    const eager = new SearchControl({ progressIntervalMs: 0, onProgress: () => every++ });
    for (let i = 0; i < 5; i++) eager.poll(i, 0);
    expect(every).toBe(5);
    let never = 0;
    const lazy = new SearchControl({ progressIntervalMs: 1e9, onProgress: () => never++ });
    for (let i = 0; i < 5; i++) lazy.poll(i, 0);
    expect(never).toBe(0);
    lazy.newBound(5, 1);
    expect(never).toBe(1);
  });
});

describe("the four searches under one protocol", () => {
  const korf88 = [15, 2, 12, 11, 14, 13, 9, 5, 1, 3, 8, 7, 0, 10, 6, 4];
  const goal16 = Array.from({ length: 16 }, (_, i) => i);
  // A 13-move board: the IDA* takes seconds to solve it.
  const hardestRotation = createRotationSpec([
    2, 2, 1, 3, 3, 1, 2, 2, 3, 1, 2, 1, 3, 2, 3, 1, 3, 2, 1, 3, 2, 3, 1, 1,
  ]);
  const goal12 = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 0];
  const start12 = [0, 11, 10, 9, 8, 7, 6, 5, 4, 3, 1, 2];
  const groups = [
    [1, 2, 3],
    [4, 5, 6, 7, 8],
    [9, 10, 11],
  ];
  const searches: Record<string, (options: SolveOptions) => { status: string; nodes: number }> = {
    "sliding IDA*": (options) => idaStar(4, 4, korf88, goal16, "linear-conflict", options),
    "sliding A*": (options) =>
      aStar(4, 4, korf88, goal16, new LinearConflictHeuristic(4, 4, goal16), options),
    "rotation IDA*": (options) => solveRotation(hardestRotation, { ...options, algorithm: "idastar" }),
    "pattern-database IDA*": (options) =>
      solveWithPartition(
        { kind: "sliding", rows: 3, cols: 4, start: start12, goal: goal12 },
        groups,
        options,
      ),
  };

  for (const [name, run] of Object.entries(searches)) {
    it(`${name}: stops at the node budget (within one counted step) and when cancelled`, () => {
      const budget = name === "pattern-database IDA*" ? 3000 : 30_000;
      const stopped = run({ maxNodes: budget });
      expect(stopped.status).toBe("budget_exhausted");
      expect(stopped.nodes).toBeGreaterThanOrEqual(budget);
      expect(stopped.nodes).toBeLessThan(budget + 4);
      let polls = 0;
      expect(run({ isCancelled: () => ++polls > 3 }).status).toBe("cancelled");
      expect(run({ timeLimitMs: 0 }).status).toBe("timed_out");
    });
  }
});
