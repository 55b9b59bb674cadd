// Which Rotation Game boards are one problem in disguise: the same up to a symmetry of the cross
// (turning or mirroring it) and renaming the three symbols. Such boards have the same optimal length,
// and an optimal solution of one, each move mapped, solves the other optimally (the answer's
// lexicographic tie-break is not kept: the mapped moves are an optimal answer, not necessarily the
// smallest one), so a guard that must keep a board secret keys by this (docs/rotation.md).
//
// The symmetries are found from the line table alone: a cell permutation that maps every line onto a
// line, head to head or head to tail, turns each move into a move. Such a permutation is fixed by
// where it sends the four lines and which way round: a cell on a line goes to the same position of
// the image line (or the mirrored position). Of the 4! x 2^4 candidates, those that agree on the four
// cells shared by two lines are the 8 symmetries of the square the cross is drawn on (the lines meet
// at their positions 2 and 4, so no cyclic shift of a line fits; and the centre, positions 2..4 of
// every line, maps onto itself, so goals map onto goals). Renaming the symbols commutes with moves
// and keeps goals.

import type { RotationSpec } from "../types.ts";
import { CELL_COUNT, MOVE_LINES } from "./geometry.ts";

/** A symmetry of the board: the symbol on cell c goes to cell[c]; move m becomes move[m]. */
export interface RotationSymmetry {
  readonly cell: readonly number[];
  /** Moving by m then transforming equals transforming then moving by move[m]. */
  readonly move: readonly number[];
}

const LINE_LENGTH = 7;

function permutations(items: readonly number[]): number[][] {
  if (items.length <= 1) return [[...items]];
  return items.flatMap((item, i) =>
    permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]),
  );
}

/** The cell map sending line l to line image[l] (reversed when bit l of `flips`), if consistent. */
function cellMap(image: readonly number[], flips: number): number[] | undefined {
  const cell = new Array<number>(CELL_COUNT).fill(-1);
  for (let line = 0; line < 4; line++) {
    const to = MOVE_LINES[image[line]];
    for (let i = 0; i < LINE_LENGTH; i++) {
      const target = (flips >> line) & 1 ? to[LINE_LENGTH - 1 - i] : to[i];
      const from = MOVE_LINES[line][i];
      if (cell[from] !== -1 && cell[from] !== target) return undefined;
      cell[from] = target;
    }
  }
  return new Set(cell).size === CELL_COUNT && !cell.includes(-1) ? cell : undefined;
}

function findSymmetries(): RotationSymmetry[] {
  const found: RotationSymmetry[] = [];
  for (const image of permutations([0, 1, 2, 3])) {
    for (let flips = 0; flips < 16; flips++) {
      const cell = cellMap(image, flips);
      if (cell === undefined) continue;
      // The move whose line, head first, is the image of move m's line, head first.
      const move = MOVE_LINES.map((line) => {
        const mapped = line.map((c) => cell[c]).join();
        return MOVE_LINES.findIndex((other) => other.join() === mapped);
      });
      found.push({ cell, move });
    }
  }
  return found;
}

/** The 8 symmetries of the board, the identity first. */
export const ROTATION_SYMMETRIES: readonly RotationSymmetry[] = findSymmetries();

// Where each cell of a symmetry's image comes from, flat: SOURCE[s * 24 + d] = c with cell[c] = d.
const SOURCE = new Int8Array(ROTATION_SYMMETRIES.length * CELL_COUNT);
ROTATION_SYMMETRIES.forEach((symmetry, s) => {
  symmetry.cell.forEach((to, from) => {
    SOURCE[s * CELL_COUNT + to] = from;
  });
});

// Scratch: the key is computed for every position of an answer and every board of a neighbourhood.
const best = new Int8Array(CELL_COUNT);
const names = new Int8Array(4);

/**
 * A key equal for two Rotation Game boards exactly when one is the other turned or mirrored, its
 * symbols renamed, or both; equal keys imply equal optimal lengths. The smallest, over the 8
 * symmetries, of the transformed board with its symbols renamed in order of first appearance (the
 * smallest of the 6 renamings). `spec` must be valid (createPuzzle's).
 */
export function rotationEquivalenceKey(spec: RotationSpec): string {
  const board = spec.start;
  for (let s = 0; s < ROTATION_SYMMETRIES.length; s++) {
    names.fill(0);
    let next = 1;
    // -1: still equal to the best so far; 1: smaller, so it is copied from here on; 0: larger.
    let state = s === 0 ? 1 : -1;
    const base = s * CELL_COUNT;
    for (let d = 0; d < CELL_COUNT && state !== 0; d++) {
      const symbol = board[SOURCE[base + d]];
      if (names[symbol] === 0) names[symbol] = next++;
      const named = names[symbol];
      if (state === -1) {
        if (named > best[d]) state = 0;
        else if (named < best[d]) state = 1;
      }
      if (state === 1) best[d] = named;
    }
  }
  let key = "ER:";
  for (let d = 0; d < CELL_COUNT; d++) key += best[d];
  return key;
}
