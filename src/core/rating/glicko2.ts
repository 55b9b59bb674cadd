// Glicko-2 (Mark Glickman, "Example of the Glicko-2 system", 2013): one rating period's update of
// a rating against the opponents met in it. Pure arithmetic on the Glicko-2 scale; ratings enter and
// leave on the familiar scale (1500 / 350). Scores may be fractional (0..1): the platform scores a
// game by how close a solution came to the optimum (./score.ts).

export interface Rating {
  /** On the Glicko scale (1500 for a newcomer). */
  readonly value: number;
  /** Rating deviation (RD), same scale. */
  readonly deviation: number;
  readonly volatility: number;
}

export interface Game {
  readonly opponent: Rating;
  /** 1 win, 0 loss, anything between for a partial result. */
  readonly score: number;
}

export interface Glicko2Options {
  /** Constrains volatility changes; Glickman suggests 0.3..1.2. */
  readonly tau: number;
  /** Convergence tolerance of the volatility iteration. */
  readonly epsilon: number;
  /** Deviations never grow above this (a newcomer's). */
  readonly maxDeviation: number;
  /** Nor shrink below this, so ratings keep moving (Lichess uses 45 for players). */
  readonly minDeviation: number;
  /**
   * Ratings never fall below this (Lichess: 400). Glicko-2 itself has no floor: a side that keeps
   * losing sinks without end (a puzzle every newcomer solves optimally is below 0 after 1,000 games).
   */
  readonly minRating: number;
}

export const DEFAULT_RATING: Rating = { value: 1500, deviation: 350, volatility: 0.06 };

const DEFAULT_OPTIONS: Glicko2Options = {
  tau: 0.5,
  epsilon: 1e-6,
  maxDeviation: 350,
  minDeviation: 0,
  minRating: Number.NEGATIVE_INFINITY,
};

/** Glicko-2's scale factor: 173.7178 = 400 / ln 10. */
const SCALE = 173.7178;

function g(phi: number): number {
  return 1 / Math.sqrt(1 + (3 * phi * phi) / (Math.PI * Math.PI));
}

function expected(mu: number, muJ: number, phiJ: number): number {
  return 1 / (1 + Math.exp(-g(phiJ) * (mu - muJ)));
}

/** Step 5: the new volatility, by the Illinois algorithm (regula falsi). */
function newVolatility(
  sigma: number,
  phi: number,
  v: number,
  delta: number,
  options: Glicko2Options,
): number {
  const a = Math.log(sigma * sigma);
  const tau2 = options.tau * options.tau;
  const f = (x: number) => {
    const ex = Math.exp(x);
    const d = phi * phi + v + ex;
    return (ex * (delta * delta - phi * phi - v - ex)) / (2 * d * d) - (x - a) / tau2;
  };
  let A = a;
  let B: number;
  if (delta * delta > phi * phi + v) {
    B = Math.log(delta * delta - phi * phi - v);
  } else {
    let k = 1;
    while (f(a - k * options.tau) < 0) k += 1;
    B = a - k * options.tau;
  }
  let fA = f(A);
  let fB = f(B);
  // A handful of steps for ratings a platform sees (at most 17 in 300,000 random games with ratings
  // up to 3,000 apart). When the result was all but certain, f(A) is tiny beside f(B) and the
  // Illinois halving needs log2(f(B) / |f(A)|) steps: 61 for ratings 12,000 apart, over 100 beyond
  // 16,500, where a bound of 100 returned the far end of the bracket (the volatility cut by a fifth
  // for no reason). Halving reaches any double's ratio within about 2,100 steps; NaN ends the loop
  // at once (the comparison is false).
  for (let i = 0; i < 2500 && Math.abs(B - A) > options.epsilon; i++) {
    const C = A + ((A - B) * fA) / (fB - fA);
    const fC = f(C);
    if (fC * fB <= 0) {
      A = B;
      fA = fB;
    } else {
      fA /= 2;
    }
    B = C;
    fB = fC;
  }
  return Math.exp(A / 2);
}

/** The rating after one rating period with these games (none: only the deviation grows). */
export function updateRating(
  rating: Rating,
  games: readonly Game[],
  options: Glicko2Options = DEFAULT_OPTIONS,
): Rating {
  const mu = (rating.value - 1500) / SCALE;
  const phi = rating.deviation / SCALE;
  const sigma = rating.volatility;
  const clamp = (rd: number) => Math.min(options.maxDeviation, Math.max(options.minDeviation, rd));
  if (games.length === 0) {
    const grown = Math.sqrt(phi * phi + sigma * sigma) * SCALE;
    return { ...rating, deviation: clamp(grown) };
  }
  let vInverse = 0;
  let sum = 0;
  for (const game of games) {
    const muJ = (game.opponent.value - 1500) / SCALE;
    const phiJ = game.opponent.deviation / SCALE;
    const e = expected(mu, muJ, phiJ);
    const gj = g(phiJ);
    vInverse += gj * gj * e * (1 - e);
    sum += gj * (game.score - e);
  }
  const v = 1 / vInverse;
  const delta = v * sum;
  const sigmaNew = newVolatility(sigma, phi, v, delta, options);
  const phiStar = Math.sqrt(phi * phi + sigmaNew * sigmaNew);
  const phiNew = 1 / Math.sqrt(1 / (phiStar * phiStar) + 1 / v);
  const muNew = mu + phiNew * phiNew * sum;
  return {
    value: Math.max(options.minRating, muNew * SCALE + 1500),
    deviation: clamp(phiNew * SCALE),
    volatility: sigmaNew,
  };
}
