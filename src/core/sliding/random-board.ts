// Uniform random solvable sliding boards. A uniform random permutation of the goal's tiles is
// solvable for exactly half the draws; when it is not, swapping two non-blank tiles flips its parity
// and keeps the blank where it is. That swap is a bijection between the unsolvable and the solvable
// permutations, so every solvable board is drawn with the same probability (no rejection loop).
// Pure: the randomness comes in as a function, seeded (`seededStream`) or not.

import { isSlidingSolvable } from "./solvability.ts";

/** Uniform integers in 0..bound-1. */
export type UniformBelow = (bound: number) => number;

/**
 * A seeded stream of uniform integers below a bound: mulberry32 (32-bit state, fine for drawing test
 * boards, not cryptographic), with rejection so no bound is favoured by a modulo.
 */
export function seededStream(seed: number): UniformBelow {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
  return (bound) => {
    const limit = 2 ** 32 - (2 ** 32 % bound);
    for (;;) {
      const value = next();
      if (value < limit) return value % bound;
    }
  };
}

/** A board drawn uniformly among those from which `goal` can be reached (Fisher-Yates, then parity). */
export function randomSolvableBoard(cols: number, goal: readonly number[], below: UniformBelow): number[] {
  const start = [...goal];
  for (let i = start.length - 1; i > 0; i--) {
    const j = below(i + 1);
    [start[i], start[j]] = [start[j], start[i]];
  }
  if (!isSlidingSolvable({ cols, start, goal })) {
    const [a, b] = start.flatMap((tile, cell) => (tile === 0 ? [] : [cell])).slice(0, 2);
    [start[a], start[b]] = [start[b], start[a]];
  }
  return start;
}
