import { describe, expect, it } from "vitest";
import { distanceDistribution } from "./difficulty.ts";
import { DEFAULT_RATING } from "./glicko2.ts";
import {
  MAX_START,
  MIN_START,
  initialPuzzleRating,
  midRankPercentile,
  startForPercentile,
} from "./initial-rating.ts";

describe("a puzzle's start from its difficulty", () => {
  it("maps percentiles monotonically onto 400..2500, 1500 at the median", () => {
    let previous = -Infinity;
    for (let p = 1e-9; p < 100; p += 0.37) {
      const start = startForPercentile(p);
      expect(start).toBeGreaterThanOrEqual(previous);
      previous = start;
    }
    expect(startForPercentile(50)).toBe(1500);
    expect(startForPercentile(84.13447)).toBeCloseTo(1850, 0); // one standard deviation: +350
    expect(startForPercentile(97.5)).toBeCloseTo(1500 + 350 * 1.959964, -1); // within 5 points
    expect(startForPercentile(2.5)).toBeCloseTo(1500 - 350 * 1.959964, -1);
    expect(() => startForPercentile(0)).toThrow(RangeError);
    expect(() => startForPercentile(100)).toThrow(RangeError);
    expect(startForPercentile(1e-9)).toBe(MIN_START);
    expect(startForPercentile(100 - 1e-9)).toBe(MAX_START);
  });

  it("is monotone in the optimum on every board it knows, from the floor to the ceiling", () => {
    for (const [rows, cols, blank] of [
      [3, 3, 8],
      [3, 3, 4],
      [2, 4, 7],
      [4, 4, 15],
    ]) {
      const counts = distanceDistribution(rows, cols, blank)!;
      const starts = counts.map((_, d) => initialPuzzleRating(rows, cols, blank, d).value);
      for (let d = 1; d < starts.length; d++) expect(starts[d]).toBeGreaterThanOrEqual(starts[d - 1]);
      expect(starts[1]).toBe(MIN_START);
      expect(starts.at(-1)).toBe(MAX_START);
    }
  });

  it("puts the median board of the 3x3 and the 4x4 at about 1500", () => {
    // 3x3: half the positions need 21 moves or fewer; 4x4: 52 or fewer.
    expect(midRankPercentile(3, 3, 8, 22)).toBeCloseTo(46.23, 1);
    expect(Math.abs(initialPuzzleRating(3, 3, 8, 22).value - 1500)).toBeLessThan(50);
    expect(Math.abs(initialPuzzleRating(4, 4, 15, 53).value - 1500)).toBeLessThan(50);
  });

  it("keeps a newcomer's deviation and volatility", () => {
    const start = initialPuzzleRating(4, 4, 15, 40);
    expect(start.deviation).toBe(350);
    expect(start.volatility).toBe(0.06);
    expect(start.value).toBeGreaterThan(MIN_START);
    expect(start.value).toBeLessThan(1000);
  });

  it("never raises a board small enough to search by hand above 1500", () => {
    expect(initialPuzzleRating(2, 2, 3, 6).value).toBe(1500); // the hardest 2x2: 95.8th percentile
    expect(initialPuzzleRating(2, 2, 3, 1).value).toBeLessThan(1500);
    expect(initialPuzzleRating(2, 3, 5, 21).value).toBe(1500);
    expect(initialPuzzleRating(2, 4, 7, 36).value).toBe(MAX_START); // 20,160 positions: raised
  });

  it("starts boards of unknown difficulty at 1500", () => {
    expect(initialPuzzleRating(5, 5, 24, 100)).toEqual(DEFAULT_RATING); // 5x5: no distribution
    expect(initialPuzzleRating(4, 4, 5, 30)).toEqual(DEFAULT_RATING); // 4x4, goal blank off a corner
    expect(initialPuzzleRating(undefined, undefined, -1, 2)).toEqual(DEFAULT_RATING); // Rotation Game
    expect(initialPuzzleRating(3, 3, 8, 32)).toEqual(DEFAULT_RATING); // beyond the 3x3's 31: impossible
  });
});
