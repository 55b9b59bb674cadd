// Rating farming measured through the core's own update (docs/competition.md, "Puzzle starts"): a
// 1500 newcomer creates fresh puzzles and solves each optimally, one rated game per puzzle, each
// puzzle at its start. Before, every puzzle started at 1500; now at its difficulty's start.
import { afterAll, describe, expect, it } from "vitest";
import { distanceDistribution } from "./difficulty.ts";
import { DEFAULT_RATING, type Rating } from "./glicko2.ts";
import { rateGame } from "./game.ts";
import { initialPuzzleRating } from "./initial-rating.ts";
import { solutionScore } from "./score.ts";

/** The player's rating after one optimal (or `factor` × optimum long) game on each puzzle start. */
function farm(starts: readonly Rating[], factor = 1, optimum = 1): number {
  let player = DEFAULT_RATING;
  for (const start of starts) {
    const score = solutionScore(Math.round(optimum * factor), optimum);
    player = rateGame(player, start, score).player;
  }
  return player.value;
}

/** The median optimum of the board (the typical random puzzle). */
function medianOptimum(rows: number, cols: number, goalBlank: number): number {
  const counts = distanceDistribution(rows, cols, goalBlank) ?? [];
  const total = counts.reduce((sum, n) => sum + n, 0);
  let seen = 0;
  for (let d = 0; d < counts.length; d++) {
    seen += counts[d];
    if (seen * 2 >= total) return d;
  }
  throw new Error("empty distribution");
}

const fixed = (n: number, rating: Rating) => Array.from({ length: n }, () => rating);
const figures: string[] = [];
function record(label: string, before: number, after: number) {
  figures.push(`${label}: before ${before.toFixed(0)}, after ${after.toFixed(0)}`);
}

describe("rating farming", () => {
  afterAll(() => console.log(figures.join("\n")));

  it("one-move puzzles are worth almost nothing now", () => {
    for (const [rows, cols, blank] of [
      [3, 3, 8],
      [4, 4, 15],
    ]) {
      const start = initialPuzzleRating(rows, cols, blank, 1);
      for (const n of [100, 1000]) {
        const before = farm(fixed(n, DEFAULT_RATING));
        const after = farm(fixed(n, start));
        record(`${n} one-move ${rows}x${cols}`, before, after);
        expect(before).toBeGreaterThan(n === 100 ? 2300 : 3000);
        expect(after).toBeLessThan(before - 500);
      }
    }
  });

  it("typical random 3x3 and 4x4 puzzles still move ratings as before", () => {
    for (const [rows, cols, blank] of [
      [3, 3, 8],
      [4, 4, 15],
    ]) {
      const median = medianOptimum(rows, cols, blank);
      const start = initialPuzzleRating(rows, cols, blank, median);
      expect(Math.abs(start.value - 1500)).toBeLessThan(50);
      for (const [games, factor] of [
        [10, 1],
        [10, 1.5],
      ]) {
        const before = farm(fixed(games, DEFAULT_RATING), factor, median);
        const after = farm(fixed(games, start), factor, median);
        record(`${games} median ${rows}x${cols} (optimum ${median}) at ${factor} x optimum`, before, after);
        expect(Math.abs(after - before)).toBeLessThan(100);
      }
    }
  });
});
