import { describe, expect, it } from "vitest";
import { defaultSlidingGoal } from "./board.ts";
import { randomSolvableBoard, seededStream } from "./random-board.ts";
import { isSlidingSolvable } from "./solvability.ts";

describe("seededStream", () => {
  it("repeats for a seed and differs between seeds", () => {
    const draw = (seed: number) => {
      const below = seededStream(seed);
      return Array.from({ length: 20 }, () => below(1000));
    };
    expect(draw(7)).toEqual(draw(7));
    expect(draw(7)).not.toEqual(draw(8));
  });

  it("stays below the bound and reaches every value", () => {
    const below = seededStream(3);
    const seen = new Set<number>();
    for (let i = 0; i < 2000; i++) {
      const value = below(7);
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThan(7);
      seen.add(value);
    }
    expect(seen.size).toBe(7);
  });
});

describe("randomSolvableBoard", () => {
  it("draws solvable permutations of the goal, for any goal", () => {
    const below = seededStream(1);
    for (const [rows, cols, goal] of [
      [4, 4, defaultSlidingGoal(4, 4)],
      [4, 4, Array.from({ length: 16 }, (_, i) => i)],
      [2, 3, defaultSlidingGoal(2, 3)],
      [5, 5, defaultSlidingGoal(5, 5)],
    ] as const) {
      for (let i = 0; i < 50; i++) {
        const start = randomSolvableBoard(cols, goal, below);
        expect([...start].sort((a, b) => a - b)).toEqual([...goal].sort((a, b) => a - b));
        expect(isSlidingSolvable({ cols, start, goal })).toBe(true);
        expect(start.length).toBe(rows * cols);
      }
    }
  });

  it("is uniform over the 12 solvable 2x2 boards (seeded, so the counts are fixed)", () => {
    const below = seededStream(11);
    const goal = defaultSlidingGoal(2, 2);
    const counts = new Map<string, number>();
    const draws = 12_000;
    for (let i = 0; i < draws; i++) {
      const key = randomSolvableBoard(2, goal, below).join(",");
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    expect(counts.size).toBe(12);
    // Chi-square with 11 degrees of freedom: 31.3 is its 0.001 quantile from the top.
    const expected = draws / 12;
    const chiSquare = [...counts.values()].reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0);
    expect(chiSquare).toBeLessThan(31.3);
  });

  it("puts the blank on every 4x4 cell about equally often (a short random walk would not)", () => {
    const below = seededStream(5);
    const goal = defaultSlidingGoal(4, 4);
    const onCell = new Array<number>(16).fill(0);
    for (let i = 0; i < 16_000; i++) onCell[randomSolvableBoard(4, goal, below).indexOf(0)]++;
    for (const count of onCell) expect(Math.abs(count - 1000)).toBeLessThan(150);
  });
});
