// Difficulty as a percentile: the share of all positions of the same board (size and goal blank
// cell) whose optimal solution is strictly shorter. Known exactly where the whole distance
// distribution is: every board of at most 9 cells (counted from the core's BFS distance table) and
// the 4x4 with its goal blank in a corner (OEIS A089484; the four corners are equivalent by the
// board's symmetries, and any goal with the blank there is the standard goal with tiles renamed).
import { MAX_TABLE_CELLS, slidingTable } from "../sliding/table.ts";
import { FIFTEEN_PUZZLE_DISTANCES } from "./fifteen-puzzle-distances.ts";

/** table.ts marks the states of the other parity (not reachable from the goal) with this byte. */
const UNREACHABLE = 255;

const histograms = new Map<string, readonly number[]>();

function tableHistogram(rows: number, cols: number, goalBlank: number): readonly number[] {
  const table = slidingTable(rows, cols, goalBlank);
  const counts: number[] = [];
  for (let i = 0; i < table.length; i++) {
    const d = table[i];
    if (d === UNREACHABLE) continue;
    while (counts.length <= d) counts.push(0);
    counts[d] += 1;
  }
  return counts;
}

function isCorner(rows: number, cols: number, cell: number): boolean {
  const r = Math.floor(cell / cols);
  const c = cell % cols;
  return (r === 0 || r === rows - 1) && (c === 0 || c === cols - 1);
}

/**
 * Positions at each distance 0.. from a goal with the blank at `goalBlank`, or undefined when the
 * platform does not know the distribution exactly.
 */
export function distanceDistribution(
  rows: number,
  cols: number,
  goalBlank: number,
): readonly number[] | undefined {
  if (rows * cols <= MAX_TABLE_CELLS) {
    const key = `${rows}x${cols}:${goalBlank}`;
    let histogram = histograms.get(key);
    if (histogram === undefined) {
      histogram = tableHistogram(rows, cols, goalBlank);
      histograms.set(key, histogram);
    }
    return histogram;
  }
  if (rows === 4 && cols === 4 && isCorner(rows, cols, goalBlank)) return FIFTEEN_PUZZLE_DISTANCES;
  return undefined;
}

/**
 * 100 × (positions with a shorter optimum) / (all positions), or undefined when the distribution is
 * not known. 0 for the goal itself; the hardest 3x3 positions are above 99.99.
 */
export function difficultyPercentile(
  rows: number,
  cols: number,
  goalBlank: number,
  optimalLength: number,
): number | undefined {
  const rank = lengthRank(rows, cols, goalBlank, optimalLength);
  return rank === undefined ? undefined : (100 * rank.shorter) / rank.total;
}

/**
 * Where an optimum stands among the board's positions: how many have a shorter optimum, how many
 * the same, how many in all; undefined when the distribution is not known or the length is not one
 * of its (difficultyPercentile, initial-rating.ts's midRankPercentile).
 */
export function lengthRank(
  rows: number,
  cols: number,
  goalBlank: number,
  optimalLength: number,
): { shorter: number; same: number; total: number } | undefined {
  const counts = distanceDistribution(rows, cols, goalBlank);
  if (counts === undefined || optimalLength >= counts.length || optimalLength < 0) return undefined;
  let shorter = 0;
  let total = 0;
  for (let d = 0; d < counts.length; d++) {
    total += counts[d];
    if (d < optimalLength) shorter += counts[d];
  }
  return { shorter, same: counts[optimalLength], total };
}
