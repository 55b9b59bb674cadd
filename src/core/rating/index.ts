// Ratings and difficulty: Glicko-2, the score of a solution, percentiles of optimal lengths.
export { DEFAULT_RATING, updateRating } from "./glicko2.ts";
export type { Rating } from "./glicko2.ts";
export { rateGame } from "./game.ts";
export { solutionScore } from "./score.ts";
export { difficultyPercentile, distanceDistribution } from "./difficulty.ts";
export { initialPuzzleRating } from "./initial-rating.ts";
