// The canonical frame of the PDB search: the goal 0 1 2 ... n-1 (blank top-left, tile i on cell i).
// A goal with the blank in any corner is flipped there and its tiles relabelled by their home cell,
// so one set of tables serves every such goal; moves found in the frame are mapped back through the
// same flip. Goals with the blank elsewhere are not served by the PDBs.

import type { SlidingSpec } from "../types.ts";
import { type BoardSymmetry, flipToTopLeft } from "./symmetry.ts";

const LETTERS = "UDLR";

export interface CanonicalProblem {
  /** Start board in the frame: cell -> canonical label (home cell in the frame), 0 = blank. */
  readonly start: Int32Array;
  readonly flip: BoardSymmetry;
}

export function toCanonical(
  spec: Pick<SlidingSpec, "rows" | "cols" | "start" | "goal">,
): CanonicalProblem | null {
  const { rows, cols, start, goal } = spec;
  const flip = flipToTopLeft(rows, cols, goal.indexOf(0));
  if (flip === null) return null;
  const n = rows * cols;
  const label = new Int32Array(n);
  for (let cell = 0; cell < n; cell++) label[goal[cell]] = flip.map[cell];
  const canonical = new Int32Array(n);
  for (let cell = 0; cell < n; cell++) canonical[flip.map[cell]] = label[start[cell]];
  return { start: canonical, flip };
}

/** Move codes found in the frame, as a U/D/L/R string for the original board. */
export function movesFromCanonical(flip: BoardSymmetry, moves: ArrayLike<number>): string {
  const back = new Array<number>(4);
  for (let m = 0; m < 4; m++) back[flip.moveMap[m]] = m;
  let out = "";
  for (let i = 0; i < moves.length; i++) out += LETTERS[back[moves[i]]];
  return out;
}
