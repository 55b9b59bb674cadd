import { describe, expect, it } from "vitest";
import { FIFTEEN_PUZZLE_DISTANCES } from "./fifteen-puzzle-distances.ts";
import {
  difficultyPercentile,
  distanceDistribution,
  rateGame,
  solutionScore,
  updateRating,
} from "./index.ts";
import { defaultSlidingGoal, tableDistance } from "../index.ts";

describe("Glicko-2", () => {
  it("reproduces Glickman's worked example", () => {
    const player = { value: 1500, deviation: 200, volatility: 0.06 };
    const updated = updateRating(player, [
      { opponent: { value: 1400, deviation: 30, volatility: 0.06 }, score: 1 },
      { opponent: { value: 1550, deviation: 100, volatility: 0.06 }, score: 0 },
      { opponent: { value: 1700, deviation: 300, volatility: 0.06 }, score: 0 },
    ]);
    // The paper rounds its intermediate steps (mu' = -0.2069); unrounded arithmetic gives 1464.0507
    // and 151.5165, within 0.01 of the published 1464.06 / 151.52.
    expect(Math.abs(updated.value - 1464.06)).toBeLessThan(0.01);
    expect(Math.abs(updated.deviation - 151.52)).toBeLessThan(0.01);
    expect(Math.abs(updated.volatility - 0.05999)).toBeLessThan(1e-5);
  });

  it("only grows the deviation in a period without games", () => {
    const updated = updateRating({ value: 1500, deviation: 200, volatility: 0.06 }, []);
    expect(updated.value).toBe(1500);
    expect(updated.deviation).toBeCloseTo(Math.sqrt((200 / 173.7178) ** 2 + 0.06 ** 2) * 173.7178, 6);
  });

  it("moves player and puzzle in opposite directions and keeps deviations at least 45", () => {
    const even = { value: 1500, deviation: 50, volatility: 0.06 };
    const win = rateGame(even, even, 1);
    expect(win.player.value).toBeGreaterThan(1500);
    expect(win.puzzle.value).toBeLessThan(1500);
    expect(win.player.deviation).toBeGreaterThanOrEqual(45);
    const loss = rateGame(even, even, 0.25);
    expect(loss.player.value).toBeLessThan(1500);
    expect(loss.puzzle.value).toBeGreaterThan(1500);
  });
});

describe("solutionScore", () => {
  it("is 1 at the optimum and (optimum/length)^2 above it", () => {
    expect(solutionScore(20, 20)).toBe(1);
    expect(solutionScore(22, 20)).toBeCloseTo((20 / 22) ** 2, 12);
    expect(solutionScore(40, 20)).toBe(0.25);
    expect(() => solutionScore(3, 0)).toThrow(RangeError);
  });
});

describe("difficulty percentiles", () => {
  it("for 3x3 equal an independent count over every position of the BFS table", () => {
    // Independent count: enumerate all 9! boards, keep the solvable ones, read each distance.
    const goal = defaultSlidingGoal(3, 3);
    const counts = new Map<number, number>();
    let total = 0;
    const board = [0, 1, 2, 3, 4, 5, 6, 7, 8];
    const permute = (k: number): void => {
      if (k === board.length) {
        const d = tableDistance(3, 3, board, goal);
        if (d >= 0) {
          counts.set(d, (counts.get(d) ?? 0) + 1);
          total += 1;
        }
        return;
      }
      for (let i = k; i < board.length; i++) {
        [board[k], board[i]] = [board[i], board[k]];
        permute(k + 1);
        [board[k], board[i]] = [board[i], board[k]];
      }
    };
    permute(0);
    expect(total).toBe(181_440);
    expect(Math.max(...counts.keys())).toBe(31);
    for (const d of [0, 1, 10, 20, 22, 30, 31]) {
      let shorter = 0;
      for (const [length, n] of counts) if (length < d) shorter += n;
      expect(difficultyPercentile(3, 3, 8, d)).toBeCloseTo((100 * shorter) / total, 10);
    }
    expect(difficultyPercentile(3, 3, 8, 0)).toBe(0);
    expect(difficultyPercentile(3, 3, 8, 32)).toBeUndefined();
  });

  it("matches the published 3x3 distribution (blank in the corner)", () => {
    expect(distanceDistribution(3, 3, 8)).toEqual([
      1, 2, 4, 8, 16, 20, 39, 62, 116, 152, 286, 396, 748, 1024, 1893, 2512, 4485, 5638, 9529, 10878, 16993,
      17110, 23952, 20224, 24047, 15578, 14560, 6274, 3910, 760, 221, 2,
    ]);
  });

  it("ships A089484 for 4x4 with the blank in a corner only", () => {
    expect(FIFTEEN_PUZZLE_DISTANCES).toHaveLength(81);
    const sum = FIFTEEN_PUZZLE_DISTANCES.reduce((a, b) => a + b, 0);
    expect(sum).toBe(10_461_394_944_000);
    expect(distanceDistribution(4, 4, 15)).toBe(FIFTEEN_PUZZLE_DISTANCES);
    expect(distanceDistribution(4, 4, 0)).toBe(FIFTEEN_PUZZLE_DISTANCES);
    expect(distanceDistribution(4, 4, 5)).toBeUndefined();
    expect(distanceDistribution(5, 5, 24)).toBeUndefined();
    expect(difficultyPercentile(4, 4, 15, 80)).toBeCloseTo(100 * (1 - 17 / sum), 10);
  });
});
