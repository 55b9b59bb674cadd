// A rated game between a player and a puzzle, as Lichess rates puzzles: both sides are Glicko-2
// ratings, each updated with the other's rating before the game as its one opponent (a rating
// period of one game). The puzzle "scores" 1 - the player's score.
import { type Glicko2Options, type Rating, updateRating } from "./glicko2.ts";

/**
 * The platform's settings: Glickman's tau; deviations stay within 45..350 (a floor as Lichess has,
 * so that a rating played for years still moves); ratings stay at 400 or above, Lichess's floor
 * (a puzzle that every newcomer solves optimally otherwise sinks below 0 after about a thousand games).
 */
const PLATFORM_OPTIONS: Glicko2Options = {
  tau: 0.5,
  epsilon: 1e-6,
  maxDeviation: 350,
  minDeviation: 45,
  minRating: 400,
};

export interface GameResult {
  readonly player: Rating;
  readonly puzzle: Rating;
}

export function rateGame(
  player: Rating,
  puzzle: Rating,
  playerScore: number,
  options: Glicko2Options = PLATFORM_OPTIONS,
): GameResult {
  if (!(playerScore >= 0 && playerScore <= 1))
    throw new RangeError(`score must be in 0..1, got ${playerScore}`);
  return {
    player: updateRating(player, [{ opponent: puzzle, score: playerScore }], options),
    puzzle: updateRating(puzzle, [{ opponent: player, score: 1 - playerScore }], options),
  };
}
