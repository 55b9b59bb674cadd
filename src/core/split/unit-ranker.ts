// The pattern-database kernel's order of siblings, for listing units: the frontier's and every later
// split's (frontier.ts rankedChildren), so units stand in the order the unsplit search meets them;
// and its move codes, in which the frontier keeps each state's smallest path.

import { toCanonical } from "../pdb/frame.ts";
import { siblingOrderKey } from "../pdb/ida.ts";
import { compiledHeuristic, pdbAvailable } from "../pdb/index.ts";
import type { SlidingSpec } from "../types.ts";

/**
 * The pattern-database kernel's order of siblings, for the frontier and re-split units, when its
 * tables are loaded; the built-in kernel takes moves in a fixed order, so there is none.
 */
export function unitRanker(
  spec: SlidingSpec,
  choice: string,
): ((board: readonly number[]) => number) | undefined {
  if (!choice.startsWith("pdb:") || !pdbAvailable(choice)) return undefined;
  const h = compiledHeuristic(choice, undefined, {});
  return (board) => siblingOrderKey(h, toCanonical({ ...spec, start: board })!.start);
}

/**
 * The pattern-database kernel's code of U, D, L, R (its canonical frame's: ../pdb/frame.ts), the
 * order its move machine compares paths in. The built-in kernel has no machine: any order serves.
 */
export function unitMoveCodes(spec: SlidingSpec): readonly number[] | undefined {
  return toCanonical(spec)?.flip.moveMap;
}
