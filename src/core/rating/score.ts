// The score of a rated game between a player and a puzzle: how close the player's solution came to
// the puzzle's proven optimum. 1 for an optimal solution, falling with the ratio optimum/length
// squared (docs/competition.md says why squared).

/** (optimum / length)², in 0..1; 1 when length <= optimum. Needs optimum >= 1. */
export function solutionScore(length: number, optimum: number): number {
  if (!(optimum >= 1) || !Number.isInteger(optimum))
    throw new RangeError(`optimum must be a positive integer, got ${optimum}`);
  if (length <= optimum) return 1;
  const ratio = optimum / length;
  return ratio * ratio;
}
