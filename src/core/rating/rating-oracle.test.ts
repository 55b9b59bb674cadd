// The rating core against oracles written here from the sources, not from the code under test:
// Glicko-2 step by step from Glickman's "Example of the Glicko-2 system" (the volatility found by
// bisection, a different root finder from the Illinois iteration of glicko2.ts), the score and the
// difficulty percentile against hand-computed cases and an independent breadth-first search.
import { describe, expect, it } from "vitest";
import { DEFAULT_RATING, difficultyPercentile, rateGame, solutionScore, updateRating } from "./index.ts";
import type { Rating } from "./glicko2.ts";

const SCALE = 173.7178;

interface OracleGame {
  readonly opponent: Rating;
  readonly score: number;
}

/**
 * Glickman's steps 2..8. Step 5 takes the paper's bracket (A = ln σ², B from Δ² against φ² + v) and
 * finds the root of f nearest A by stepping from A towards B until f changes sign, then bisecting:
 * not the code's Illinois iteration. (f can have three roots in the bracket after a very surprising
 * result, two of them at absurd volatilities; the Illinois iteration started at A converges to the
 * one nearest A, and so must the code.)
 */
function glickman(rating: Rating, games: readonly OracleGame[], tau = 0.5) {
  const mu = (rating.value - 1500) / SCALE;
  const phi = rating.deviation / SCALE;
  const sigma = rating.volatility;
  if (games.length === 0) {
    return {
      value: rating.value,
      deviation: Math.sqrt(phi ** 2 + sigma ** 2) * SCALE,
      volatility: sigma,
      bigDelta: false,
    };
  }
  const g = (p: number) => 1 / Math.sqrt(1 + (3 * p * p) / Math.PI ** 2);
  let vInverse = 0;
  let sum = 0;
  for (const { opponent, score } of games) {
    const muJ = (opponent.value - 1500) / SCALE;
    const gJ = g(opponent.deviation / SCALE);
    const e = 1 / (1 + Math.exp(-gJ * (mu - muJ)));
    vInverse += gJ * gJ * e * (1 - e);
    sum += gJ * (score - e);
  }
  const v = 1 / vInverse;
  const delta = v * sum;
  const a = Math.log(sigma * sigma);
  const f = (x: number) => {
    const ex = Math.exp(x);
    return (ex * (delta ** 2 - phi ** 2 - v - ex)) / (2 * (phi ** 2 + v + ex) ** 2) - (x - a) / tau ** 2;
  };
  const bigDelta = delta ** 2 > phi ** 2 + v;
  let far = a - tau;
  if (bigDelta) far = Math.log(delta ** 2 - phi ** 2 - v);
  else while (f(far) < 0) far -= tau;
  const fa = f(a);
  let inside = a;
  let outside = a;
  const step = (far - a) / Math.max(1, Math.ceil(Math.abs(far - a) / 0.002));
  while (fa !== 0 && Math.sign(f(outside)) === Math.sign(fa)) {
    inside = outside;
    outside += step;
  }
  for (let i = 0; i < 200 && fa !== 0; i++) {
    const mid = (inside + outside) / 2;
    if (Math.sign(f(mid)) === Math.sign(fa)) inside = mid;
    else outside = mid;
  }
  const sigmaNew = Math.exp((inside + outside) / 4);
  const phiStar = Math.sqrt(phi ** 2 + sigmaNew ** 2);
  const phiNew = 1 / Math.sqrt(1 / phiStar ** 2 + 1 / v);
  return {
    value: (mu + phiNew ** 2 * sum) * SCALE + 1500,
    deviation: phiNew * SCALE,
    volatility: sigmaNew,
    // Which start of step 5's iteration Glickman's rule picks (the code has two branches).
    bigDelta,
  };
}

/** The paper's plain Glicko-2: no floors, no ceilings. */
const PLAIN = {
  tau: 0.5,
  epsilon: 1e-6,
  maxDeviation: Number.POSITIVE_INFINITY,
  minDeviation: 0,
  minRating: Number.NEGATIVE_INFINITY,
};

/** A small seeded generator (mulberry32), so a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PAPER_PLAYER: Rating = { value: 1500, deviation: 200, volatility: 0.06 };
const PAPER_GAMES: OracleGame[] = [
  { opponent: { value: 1400, deviation: 30, volatility: 0.06 }, score: 1 },
  { opponent: { value: 1550, deviation: 100, volatility: 0.06 }, score: 0 },
  { opponent: { value: 1700, deviation: 300, volatility: 0.06 }, score: 0 },
];

describe("Glicko-2 against Glickman's worked example", () => {
  it("matches the paper's intermediate quantities and its result", () => {
    // Steps 3..4 with the values the paper prints (g and E rounded): v = 1.7785, Δ = -0.4834.
    const printed = [
      { g: 0.9955, e: 0.639, score: 1 },
      { g: 0.9531, e: 0.432, score: 0 },
      { g: 0.7242, e: 0.303, score: 0 },
    ];
    const vPrinted = 1 / printed.reduce((s, r) => s + r.g ** 2 * r.e * (1 - r.e), 0);
    expect(vPrinted).toBeCloseTo(1.7785, 4);
    expect(vPrinted * printed.reduce((s, r) => s + r.g * (r.score - r.e), 0)).toBeCloseTo(-0.4834, 4);
    // The same steps unrounded, from the ratings: they agree to the printed precision.
    const phi = 200 / SCALE;
    const g = (p: number) => 1 / Math.sqrt(1 + (3 * p * p) / Math.PI ** 2);
    const rows = PAPER_GAMES.map(({ opponent, score }) => {
      const gJ = g(opponent.deviation / SCALE);
      const e = 1 / (1 + Math.exp(-gJ * (0 - (opponent.value - 1500) / SCALE)));
      return { gJ, e, score };
    });
    expect(rows.map((r) => Number(r.gJ.toFixed(4)))).toEqual(printed.map((r) => r.g));
    expect(rows.map((r) => Number(r.e.toFixed(3)))).toEqual(printed.map((r) => r.e));
    const v = 1 / rows.reduce((s, r) => s + r.gJ ** 2 * r.e * (1 - r.e), 0);
    expect(Math.abs(v - 1.7785)).toBeLessThan(1e-3);
    expect(Math.abs(v * rows.reduce((s, r) => s + r.gJ * (r.score - r.e), 0) + 0.4834)).toBeLessThan(1e-3);
    expect(phi).toBeCloseTo(1.1513, 4);

    const oracle = glickman(PAPER_PLAYER, PAPER_GAMES);
    const code = updateRating(PAPER_PLAYER, PAPER_GAMES, PLAIN);
    expect(Math.abs(oracle.volatility - 0.05999)).toBeLessThan(1e-5);
    // Steps 6..8 with the paper's rounded values give its printed 1464.06 / 151.52; unrounded
    // arithmetic gives 1464.0507 / 151.5165, which is what the code must produce.
    const phiStar = Math.sqrt(1.1513 ** 2 + 0.05999 ** 2);
    expect(phiStar).toBeCloseTo(1.152862, 5);
    expect(173.7178 * -0.2069 + 1500).toBeCloseTo(1464.06, 2);
    expect(173.7178 * 0.8722).toBeCloseTo(151.52, 2);
    expect(code.value).toBeCloseTo(oracle.value, 6);
    expect(code.deviation).toBeCloseTo(oracle.deviation, 6);
    expect(code.volatility).toBeCloseTo(oracle.volatility, 8);
    expect(Math.abs(code.value - 1464.06)).toBeLessThan(0.01);
    expect(Math.abs(code.deviation - 151.52)).toBeLessThan(0.01);
    expect(Math.abs(code.volatility - 0.05999)).toBeLessThan(1e-5);
  });

  it("is the paper's example whatever order the games come in (one rating period)", () => {
    const forward = updateRating(PAPER_PLAYER, PAPER_GAMES, PLAIN);
    const backward = updateRating(PAPER_PLAYER, [...PAPER_GAMES].reverse(), PLAIN);
    expect(backward.value).toBeCloseTo(forward.value, 9);
    expect(backward.deviation).toBeCloseTo(forward.deviation, 9);
    expect(backward.volatility).toBeCloseTo(forward.volatility, 12);
  });
});

describe("Glicko-2's volatility iteration", () => {
  it("converges to the root the oracle finds, on 10,000 random periods, through both of its starts", () => {
    const next = random(20261124);
    const starts = { big: 0, small: 0 };
    let worst = 0;
    for (let t = 0; t < 10_000; t++) {
      const player: Rating = {
        value: 400 + next() * 2800,
        deviation: 30 + next() * 320,
        volatility: 0.01 + next() * 0.2,
      };
      const count = next() < 0.05 ? 50 + Math.floor(next() * 200) : 1 + Math.floor(next() * 5);
      const games = Array.from({ length: count }, () => ({
        opponent: { value: 400 + next() * 2800, deviation: 30 + next() * 320, volatility: 0.06 },
        score: next() < 0.4 ? Math.round(next()) : next(),
      }));
      const oracle = glickman(player, games);
      const code = updateRating(player, games, PLAIN);
      starts[oracle.bigDelta ? "big" : "small"] += 1;
      expect(Math.abs(code.volatility - oracle.volatility) / oracle.volatility).toBeLessThan(2e-6);
      expect(Math.abs(code.value - oracle.value)).toBeLessThan(1e-3);
      expect(Math.abs(code.deviation - oracle.deviation)).toBeLessThan(1e-3);
      worst = Math.max(worst, Math.abs(code.volatility - oracle.volatility));
    }
    expect(starts.big).toBeGreaterThan(500);
    expect(starts.small).toBeGreaterThan(500);
    expect(worst).toBeLessThan(1e-6);
  });

  it("stays finite and within its bounds for ratings thousands of points apart", () => {
    const low: Rating = { value: 1500, deviation: 45, volatility: 0.06 };
    for (const gap of [0, 400, 1000, 3000, 6000, 7000, 20_000, 100_000]) {
      const high: Rating = { value: 1500 + gap, deviation: 45, volatility: 0.06 };
      for (const score of [0, 0.25, 0.5, 1]) {
        // A far stronger player, and a far stronger puzzle.
        for (const [player, puzzle] of [
          [high, low],
          [low, high],
        ]) {
          const result = rateGame(player, puzzle, score);
          for (const side of [result.player, result.puzzle]) {
            expect(Number.isFinite(side.value)).toBe(true);
            expect(side.value).toBeGreaterThanOrEqual(400);
            expect(side.deviation).toBeGreaterThanOrEqual(45);
            expect(side.deviation).toBeLessThanOrEqual(350);
            expect(side.volatility).toBeGreaterThan(0.059);
            expect(side.volatility).toBeLessThan(0.061);
          }
          // The expected result happened: nothing (or almost nothing) moves.
          if (gap >= 3000 && ((player === high && score === 1) || (player === low && score === 0))) {
            expect(result.player.value).toBeCloseTo(player.value, 1);
            expect(result.puzzle.value).toBeCloseTo(puzzle.value, 1);
          }
        }
      }
    }
  });

  it("handles a period of many games as the oracle does", () => {
    const next = random(7);
    const games = Array.from({ length: 2000 }, () => ({
      opponent: { value: 1000 + next() * 1000, deviation: 45 + next() * 100, volatility: 0.06 },
      score: next(),
    }));
    const oracle = glickman(DEFAULT_RATING, games);
    const code = updateRating(DEFAULT_RATING, games, PLAIN);
    expect(code.value).toBeCloseTo(oracle.value, 4);
    expect(code.deviation).toBeCloseTo(oracle.deviation, 4);
    expect(code.volatility).toBeCloseTo(oracle.volatility, 8);
    expect(code.deviation).toBeLessThan(20); // 2,000 games leave little doubt
  });
});

describe("a period without games", () => {
  it("grows the deviation by the volatility only, up to the newcomer's 350", () => {
    let rating: Rating = { value: 1800, deviation: 50, volatility: 0.06 };
    const options = { ...PLAIN, maxDeviation: 350 };
    let previous = rating.deviation;
    for (let period = 0; period < 20_000 && rating.deviation < 350; period++) {
      rating = updateRating(rating, [], options);
      expect(rating.value).toBe(1800);
      expect(rating.volatility).toBe(0.06);
      expect(rating.deviation).toBeGreaterThan(previous);
      const grown = glickman({ ...rating, deviation: previous }, []).deviation;
      expect(rating.deviation).toBeCloseTo(Math.min(350, grown), 9);
      previous = rating.deviation;
    }
    expect(rating.deviation).toBe(350);
    expect(updateRating(rating, [], options).deviation).toBe(350);
  });
});

describe("the platform's games (player vs puzzle)", () => {
  it("rates each side against the other's rating before the game, with the puzzle scoring 1 - score", () => {
    const player: Rating = { value: 1620, deviation: 80, volatility: 0.059 };
    const puzzle: Rating = { value: 1710, deviation: 140, volatility: 0.061 };
    const score = solutionScore(25, 22);
    const result = rateGame(player, puzzle, score);
    const p = glickman(player, [{ opponent: puzzle, score }]);
    const z = glickman(puzzle, [{ opponent: player, score: 1 - score }]);
    expect(result.player.value).toBeCloseTo(p.value, 6);
    expect(result.player.deviation).toBeCloseTo(p.deviation, 6);
    expect(result.puzzle.value).toBeCloseTo(z.value, 6);
    expect(result.puzzle.deviation).toBeCloseTo(z.deviation, 6);
  });

  it("breaks even against an equal puzzle at about 1.41 times the optimum", () => {
    const even: Rating = { value: 1500, deviation: 100, volatility: 0.06 };
    // (100/141)^2 = 0.503, (100/142)^2 = 0.496
    expect(rateGame(even, even, solutionScore(141, 100)).player.value).toBeGreaterThan(1500);
    expect(rateGame(even, even, solutionScore(142, 100)).player.value).toBeLessThan(1500);
    expect(rateGame(even, even, 0.5).player.value).toBeCloseTo(1500, 9);
  });

  it("never goes below 400: a puzzle every newcomer solves optimally, a player who always fails", () => {
    let puzzle = DEFAULT_RATING;
    let player = DEFAULT_RATING;
    let plain: Rating = DEFAULT_RATING;
    for (let game = 0; game < 3000; game++) {
      puzzle = rateGame(DEFAULT_RATING, puzzle, 1).puzzle;
      player = rateGame(player, DEFAULT_RATING, solutionScore(10_000, 1)).player;
      plain = updateRating(plain, [{ opponent: DEFAULT_RATING, score: 0 }], {
        ...PLAIN,
        maxDeviation: 350,
        minDeviation: 45,
      });
      for (const side of [puzzle, player]) {
        expect(Number.isFinite(side.value)).toBe(true);
        expect(side.value).toBeGreaterThanOrEqual(400);
        expect(side.deviation).toBeGreaterThanOrEqual(45);
        expect(side.deviation).toBeLessThanOrEqual(350);
      }
    }
    // Without the floor Glicko-2 takes them below zero.
    expect(plain.value).toBeLessThan(0);
    expect(puzzle.value).toBe(400);
    expect(player.value).toBe(400);
    // At the floor a win still counts.
    expect(rateGame(player, DEFAULT_RATING, 1).player.value).toBeGreaterThan(400);
  });
});

describe("the score", () => {
  it("is (optimum / length)^2 as docs/competition.md describes", () => {
    expect(solutionScore(20, 20)).toBe(1);
    expect(solutionScore(22, 20)).toBeCloseTo(0.8264, 4); // 10% too long: 0.83
    expect(solutionScore(30, 20)).toBeCloseTo(0.4444, 4); // 50% too long: 0.44
    expect(solutionScore(40, 20)).toBe(0.25); // twice the optimum
    expect(solutionScore(3, 1)).toBeCloseTo(1 / 9, 12);
    expect(solutionScore(10_000, 80)).toBeCloseTo(0.000064, 9);
    expect(() => solutionScore(5, 0)).toThrow(RangeError);
    expect(() => solutionScore(5, 1.5)).toThrow(RangeError);
  });
});

/** Positions at each distance from the goal, by a breadth-first search over board strings. */
function bfsCounts(rows: number, cols: number, goalBlank: number): number[] {
  const n = rows * cols;
  const goal = Array.from({ length: n }, (_, i) => (i === goalBlank ? 0 : i < goalBlank ? i + 1 : i));
  const key = (board: number[]) => board.reduce((k, tile) => k * n + tile, 0);
  const seen = new Set([key(goal)]);
  let layer = [goal];
  const counts: number[] = [];
  while (layer.length > 0) {
    counts.push(layer.length);
    const next: number[][] = [];
    for (const board of layer) {
      const blank = board.indexOf(0);
      const r = Math.floor(blank / cols);
      const c = blank % cols;
      for (const [dr, dc] of [
        [1, 0],
        [-1, 0],
        [0, 1],
        [0, -1],
      ]) {
        if (r + dr < 0 || r + dr >= rows || c + dc < 0 || c + dc >= cols) continue;
        const to = (r + dr) * cols + c + dc;
        const moved = [...board];
        [moved[blank], moved[to]] = [moved[to], moved[blank]];
        if (!seen.has(key(moved))) {
          seen.add(key(moved));
          next.push(moved);
        }
      }
    }
    layer = next;
  }
  return counts;
}

function percentileOf(counts: readonly number[], optimum: number): number {
  const total = counts.reduce((a, b) => a + b, 0);
  return (100 * counts.slice(0, optimum).reduce((a, b) => a + b, 0)) / total;
}

describe("difficulty percentiles", () => {
  it("2x2 by hand: 12 positions, 1 2 2 2 2 2 1 at distances 0..6", () => {
    expect(bfsCounts(2, 2, 3)).toEqual([1, 2, 2, 2, 2, 2, 1]);
    expect(difficultyPercentile(2, 2, 3, 0)).toBe(0);
    expect(difficultyPercentile(2, 2, 3, 1)).toBeCloseTo((100 * 1) / 12, 12);
    expect(difficultyPercentile(2, 2, 3, 3)).toBeCloseTo((100 * 5) / 12, 12);
    expect(difficultyPercentile(2, 2, 3, 6)).toBeCloseTo((100 * 11) / 12, 12);
    expect(difficultyPercentile(2, 2, 3, 7)).toBeUndefined();
    expect(difficultyPercentile(2, 2, 3, -1)).toBeUndefined();
  });

  it("every goal blank cell of 2x3, 3x2 and 2x4, and the 3x3 centre, against an independent BFS", () => {
    const shapes: [number, number, number[]][] = [
      [2, 3, [0, 1, 2, 3, 4, 5]],
      [3, 2, [0, 1, 2, 3, 4, 5]],
      [2, 4, [0, 1, 5, 7]],
      [3, 3, [4, 1]],
    ];
    for (const [rows, cols, cells] of shapes) {
      for (const goalBlank of cells) {
        const counts = bfsCounts(rows, cols, goalBlank);
        for (let d = 0; d <= counts.length; d++) {
          const expected = d === counts.length ? undefined : percentileOf(counts, d);
          const actual = difficultyPercentile(rows, cols, goalBlank, d);
          if (expected === undefined) expect(actual).toBeUndefined();
          else expect(actual).toBeCloseTo(expected, 10);
        }
      }
    }
  });

  it("is unknown for a 4x4 whose goal blank is not in a corner and for 5x5", () => {
    expect(difficultyPercentile(4, 4, 5, 30)).toBeUndefined();
    expect(difficultyPercentile(5, 5, 24, 100)).toBeUndefined();
    expect(difficultyPercentile(4, 4, 0, 0)).toBe(0);
    expect(difficultyPercentile(4, 4, 3, 1)).toBeCloseTo((100 * 1) / 10_461_394_944_000, 20);
    expect(difficultyPercentile(4, 4, 12, 2)).toBeCloseTo((100 * 3) / 10_461_394_944_000, 20);
  });
});
