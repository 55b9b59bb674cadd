// A split search's first try (`puzzle solve --threads N`, N > 1, one 4x4 or 5x5 puzzle): the search
// runs unsplit in the main thread until the solver threads are up. Their start-up (~40-50 ms: Node's
// worker, the thread's bundle) is time the main thread would otherwise only wait, and most
// 15-puzzles end within it: they are answered at one thread's speed, without the split's set-up.
// Longer searches go on split as soon as the threads can take units, with what is left of the
// user's budgets; the answer reports the work of both (docs/cli.md, "--threads").

import type { SolveOptions, SolveResult } from "../core/types.ts";

/** The first try's options: the user's, stopped (as "cancelled") once `threadsUp` holds. */
export function firstTryOptions(options: SolveOptions, threadsUp: () => boolean): SolveOptions {
  return { ...options, isCancelled: threadsUp };
}

/**
 * The options the split search goes on with, or null when the first try is the answer: solved,
 * unsolvable, or stopped by the user's own node budget or time limit.
 */
export function afterFirstTry(first: SolveResult, options: SolveOptions): SolveOptions | null {
  if (first.status !== "cancelled") return null;
  return {
    ...options,
    timeLimitMs:
      options.timeLimitMs === undefined ? undefined : Math.max(0, options.timeLimitMs - first.elapsedMs),
    maxNodes: options.maxNodes === undefined ? undefined : Math.max(0, options.maxNodes - first.nodes),
  };
}

/** The split search's result with the first try's work and time added (and its lower bound kept). */
export function withFirstTry(first: SolveResult, split: SolveResult): SolveResult {
  const figures = { nodes: first.nodes + split.nodes, elapsedMs: first.elapsedMs + split.elapsedMs };
  if (split.status === "solved" || split.status === "unsolvable") return { ...split, ...figures };
  return { ...split, ...figures, lowerBound: Math.max(split.lowerBound, first.lowerBound) };
}
