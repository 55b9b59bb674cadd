// A puzzle's rating before its first rated game, from its difficulty (docs/competition.md). Every
// puzzle used to start at 1500 whatever its board, and anyone can create puzzles: a newcomer who
// created and optimally solved 100 one-move puzzles reached about 2,366 (1,000: about 3,062, the top
// of the list). As rating systems for puzzles do, a puzzle now starts where its difficulty says, so
// beating a trivial one is worth almost nothing. The deviation stays a newcomer's 350, so that its
// games still move the puzzle quickly to where players put it.
import { probit } from "simple-statistics";
import { lengthRank } from "./difficulty.ts";
import { DEFAULT_RATING, type Rating } from "./glicko2.ts";

/**
 * One standard deviation of difficulty is worth this many points: the spread Glicko-2 assumes of a
 * newcomer (RD 350), so starts are spread over the scale as a population of newcomers would be.
 */
const START_SCALE = 350;
/** The platform's rating floor (game.ts), so a start is never below what a rating can reach. */
export const MIN_START = 400;
/**
 * 1500 + 350 × 2.86: about the 99.8th percentile of the start scale, the level of the best players of
 * a chess-like list; the hardest few positions in a million do not start above the whole field.
 */
export const MAX_START = 2500;
/**
 * Boards with fewer positions than this (1xn, 2x2, 2x3, 3x2) can be searched by hand: a position
 * far from the goal there is not hard, so their starts are never raised above 1500 (only lowered).
 */
const MIN_POSITIONS_FOR_RAISE = 10_000;

/**
 * The start for a mid-rank percentile (0 < p < 100): 1500 + 350 × z(p / 100), clipped to
 * 400..2500. Monotone (non-decreasing) in p; 1500 at the median.
 */
export function startForPercentile(percentile: number): number {
  if (!(percentile > 0 && percentile < 100))
    throw new RangeError(`percentile must be in (0, 100), got ${percentile}`);
  // The standard normal quantile (simple-statistics' probit, within ~0.01 of the exact z even in the
  // far tails: a few rating points, where the start is clipped anyway).
  const value = DEFAULT_RATING.value + START_SCALE * probit(percentile / 100);
  return Math.min(MAX_START, Math.max(MIN_START, value));
}

/**
 * The mid-rank percentile of an optimum: 100 × (positions with a shorter optimum + half of those with
 * the same) / all, or undefined when the distribution is not known. Unlike difficultyPercentile (the
 * strictly shorter share, 0 for every one-move board) it is never 0 or 100, so it has a quantile, and
 * it ranks a board in the middle of the positions tied with it.
 */
export function midRankPercentile(
  rows: number,
  cols: number,
  goalBlank: number,
  optimalLength: number,
): number | undefined {
  return midRank(rows, cols, goalBlank, optimalLength)?.percentile;
}

/** midRankPercentile, with the number of the board's positions. */
function midRank(
  rows: number,
  cols: number,
  goalBlank: number,
  optimalLength: number,
): { percentile: number; positions: number } | undefined {
  if (!Number.isInteger(optimalLength)) return undefined;
  const rank = lengthRank(rows, cols, goalBlank, optimalLength);
  if (rank === undefined || rank.same === 0) return undefined;
  return { percentile: (100 * (rank.shorter + rank.same / 2)) / rank.total, positions: rank.total };
}

/**
 * A puzzle's rating before its first rated game: its start from the difficulty of its board and
 * proven optimum, deviation and volatility a newcomer's. Boards whose distance distribution the
 * platform does not know (5x5 and larger, 4x4 with the goal blank off a corner, the Rotation Game:
 * pass rows/cols undefined) keep the newcomer's 1500.
 */
export function initialPuzzleRating(
  rows: number | undefined,
  cols: number | undefined,
  goalBlank: number,
  optimalLength: number,
): Rating {
  if (rows === undefined || cols === undefined || goalBlank < 0) return DEFAULT_RATING;
  const rank = midRank(rows, cols, goalBlank, optimalLength);
  if (rank === undefined) return DEFAULT_RATING;
  let value = startForPercentile(rank.percentile);
  if (rank.positions < MIN_POSITIONS_FOR_RAISE) value = Math.min(value, DEFAULT_RATING.value);
  return { ...DEFAULT_RATING, value };
}
