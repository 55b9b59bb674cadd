// The puzzles a few moves from a given one, up to disguise: what the daily puzzles' spoiler guard
// (src/services/daily.ts, docs/competition.md "No copying") refuses to solve while a daily runs.
import { boardsOneMoveFrom } from "./puzzle.ts";
import { rotationEquivalenceKey } from "./rotation/equivalence.ts";
import { equivalenceKey } from "./sliding/equivalence.ts";
import type { PuzzleSpec } from "./types.ts";

/**
 * The key a neighbourhood is looked up by, the same for every disguised copy of a puzzle (they have
 * the same optimal length, their optimal solutions mapped onto one another): for sliding puzzles
 * renamed, turned, mirrored or swapped copies; for the Rotation Game the board turned or mirrored and
 * its symbols renamed.
 */
export function nearKey(spec: PuzzleSpec): string {
  return spec.kind === "sliding" ? equivalenceKey(spec) : rotationEquivalenceKey(spec);
}

/** The boards of `spec`'s kind and size at each distance 0..radius from `from`, nearest first. */
function spheres(spec: PuzzleSpec, from: readonly number[], radius: number): number[][][] {
  const seen = new Set([from.join(",")]);
  const found = [[[...from]]];
  for (let distance = 1; distance <= radius; distance++) {
    const next: number[][] = [];
    for (const board of found[distance - 1]) {
      for (const moved of boardsOneMoveFrom(spec, board)) {
        const id = moved.join(",");
        if (seen.has(id)) continue;
        seen.add(id);
        next.push(moved);
      }
    }
    found.push(next);
  }
  return found;
}

/**
 * The puzzles within `radius` moves of `spec`, by `nearKey`, each with how many moves complete it to
 * `spec`. Rotation Game: those starting within the radius of its start. Sliding: those from a board
 * `a` moves from its start to a board `b` moves from its goal, a + b within the radius (swapping
 * start and goal makes the two ends alike, so either end may be moved).
 */
export function neighbourhood(spec: PuzzleSpec, radius: number): Map<string, number> {
  const near = new Map<string, number>();
  const add = (puzzle: PuzzleSpec, away: number) => {
    const key = nearKey(puzzle);
    if ((near.get(key) ?? Number.POSITIVE_INFINITY) > away) near.set(key, away);
  };
  const starts = spheres(spec, spec.start, radius);
  if (spec.kind === "rotation") {
    starts.forEach((boards, away) => {
      for (const start of boards) add({ ...spec, start }, away);
    });
    return near;
  }
  const goals = spheres(spec, spec.goal, radius);
  for (let a = 0; a <= radius; a++) {
    for (let b = 0; a + b <= radius; b++) {
      for (const start of starts[a]) for (const goal of goals[b]) add({ ...spec, start, goal }, a + b);
    }
  }
  return near;
}
