// Random boards for "shuffle": a uniformly random arrangement, made solvable by swapping two tiles
// when the core says it is not (one swap flips the permutation's parity), and never already solved.
import { createPuzzle, defaultSlidingGoal, isSolvable, replayMoves } from "../../../src/core/index.ts";

function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items;
}

export function randomSlidingBoard(
  rows: number,
  cols: number,
  goal = defaultSlidingGoal(rows, cols),
): number[] {
  for (;;) {
    const start = shuffle([...goal]);
    const spec = createPuzzle({ kind: "sliding", rows, cols, start, goal });
    if (!isSolvable(spec)) {
      // Swap the first two non-blank cells.
      const [a, b] = start.map((tile, cell) => (tile === 0 ? -1 : cell)).filter((cell) => cell >= 0);
      [start[a], start[b]] = [start[b], start[a]];
    }
    if (!replayMoves(createPuzzle({ kind: "sliding", rows, cols, start, goal }), "").solved) return start;
  }
}

export function randomRotationBoard(): number[] {
  for (;;) {
    const start = shuffle(Array.from({ length: 24 }, (_, i) => 1 + (i % 3)));
    if (!replayMoves(createPuzzle({ kind: "rotation", start }), "").solved) return start;
  }
}
