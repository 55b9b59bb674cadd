// The pattern-database kernel's order of siblings, for listing units: the frontier's and every later
// split's (frontier.ts rankedChildren), so units stand in the order the unsplit search meets them;
// its move codes break ties, and the frontier keeps each state's smallest path in them.

import { toCanonical } from "../pdb/frame.ts";
import { siblingOrderKey } from "../pdb/ida.ts";
import { compiledHeuristic, pdbAvailable } from "../pdb/index.ts";
import type { SlidingSpec } from "../types.ts";
import type { SiblingOrder } from "./frontier.ts";

/**
 * The order the kernel that searches the units takes siblings in, for the frontier and re-split
 * units: with the pattern databases loaded, their sibling key (ties in the canonical frame's move
 * order); the built-in kernel takes moves in a fixed order (no rank). The move codes are the
 * canonical frame's (../pdb/frame.ts) either way: the move machine compares paths in them, and the
 * built-in kernel, having no machine, does not mind.
 */
export function unitOrder(spec: SlidingSpec, choice: string): SiblingOrder {
  const moveCodes = toCanonical(spec)?.flip.moveMap;
  if (!choice.startsWith("pdb:") || !pdbAvailable(choice)) return { moveCodes };
  const h = compiledHeuristic(choice, undefined, {});
  return { rank: (board) => siblingOrderKey(h, toCanonical({ ...spec, start: board })!.start), moveCodes };
}
