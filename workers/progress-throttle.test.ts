import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { SolveJobProgress } from "../src/solves/index.ts";
import { ProgressThrottle, toJobProgress } from "./progress-throttle.ts";

describe("ProgressThrottle", () => {
  let clock = 0;
  let sent: SolveJobProgress[];
  let throttle: ProgressThrottle;

  beforeEach(() => {
    vi.useFakeTimers();
    clock = 0;
    sent = [];
    throttle = new ProgressThrottle(
      250,
      (progress) => sent.push(progress),
      () => clock,
    );
  });
  afterEach(() => vi.useRealTimers());

  function advance(ms: number): void {
    clock += ms;
    vi.advanceTimersByTime(ms);
  }

  it("sends the first report at once", () => {
    throttle.push({ bound: 40, nodes: 0, elapsedMs: 0 });
    expect(sent.map((p) => p.bound)).toEqual([40]);
  });

  it("sends at most one report per interval, and the latest one at the end of it", () => {
    throttle.push({ bound: 40, nodes: 10, elapsedMs: 1 });
    advance(10);
    throttle.push({ bound: 42, nodes: 20, elapsedMs: 11 });
    advance(10);
    throttle.push({ bound: 44, nodes: 30, elapsedMs: 21 });
    expect(sent.map((p) => p.bound)).toEqual([40]);
    advance(230);
    expect(sent.map((p) => p.bound)).toEqual([40, 44]);
    advance(1000);
    expect(sent).toHaveLength(2);
  });

  it("never sends more than one report per interval over a long burst", () => {
    for (let t = 0; t < 2000; t += 5) {
      throttle.push({ bound: 40 + Math.floor(t / 100), nodes: t, elapsedMs: t });
      advance(5);
    }
    advance(300);
    expect(sent.length).toBeLessThanOrEqual(2000 / 250 + 1);
    expect(sent.at(-1)?.bound).toBe(59);
  });

  it("drops what is pending once stopped", () => {
    throttle.push({ bound: 40, nodes: 0, elapsedMs: 0 });
    throttle.push({ bound: 42, nodes: 0, elapsedMs: 0 });
    throttle.stop();
    advance(1000);
    expect(sent.map((p) => p.bound)).toEqual([40]);
  });
});

describe("toJobProgress", () => {
  it("derives nodes per second", () => {
    expect(toJobProgress({ bound: 50, nodes: 3_000_000, elapsedMs: 1500.4 })).toEqual({
      bound: 50,
      nodes: 3_000_000,
      elapsedMs: 1500,
      nodesPerSecond: 1_999_467,
    });
    expect(toJobProgress({ bound: 1, nodes: 0, elapsedMs: 0 }).nodesPerSecond).toBe(0);
  });
});
