import { describe, expect, it } from "vitest";
import { solve } from "../solve.ts";
import type { SlidingSpec } from "../types.ts";
import { defaultSlidingGoal } from "./board.ts";
import { equivalenceKey } from "./equivalence.ts";
import { applySlidingMoves } from "./moves.ts";
import { randomSolvableBoard, seededStream, type UniformBelow } from "./random-board.ts";
import { tableDistance } from "./table.ts";

// The transformations, written here by coordinates (not the implementation's cell tables).

function puzzle(rows: number, cols: number, start: number[], goal: number[]): SlidingSpec {
  return { kind: "sliding", rows, cols, start, goal };
}

/** A quarter turn clockwise: a rows x cols board becomes cols x rows. */
function turn(spec: SlidingSpec): SlidingSpec {
  const { rows, cols } = spec;
  const board = (cells: readonly number[]) => {
    const out = new Array<number>(cells.length);
    for (let r = 0; r < rows; r++)
      for (let c = 0; c < cols; c++) out[c * rows + (rows - 1 - r)] = cells[r * cols + c];
    return out;
  };
  return puzzle(cols, rows, board(spec.start), board(spec.goal));
}

function mirror(spec: SlidingSpec): SlidingSpec {
  const { rows, cols } = spec;
  const board = (cells: readonly number[]) =>
    cells.map((_, i) => cells[i - (i % cols) + (cols - 1 - (i % cols))]);
  return puzzle(rows, cols, board(spec.start), board(spec.goal));
}

/** The 8: no turn to three quarter turns, each mirrored or not. */
function symmetric(spec: SlidingSpec, which: number): SlidingSpec {
  let out = which >= 4 ? mirror(spec) : spec;
  for (let k = 0; k < which % 4; k++) out = turn(out);
  return out;
}

function swap(spec: SlidingSpec): SlidingSpec {
  return puzzle(spec.rows, spec.cols, [...spec.goal], [...spec.start]);
}

/** Tiles renamed by `names` (names[tile], names[0] = 0) in start and goal alike. */
function renamed(spec: SlidingSpec, names: readonly number[]): SlidingSpec {
  return puzzle(
    spec.rows,
    spec.cols,
    spec.start.map((tile) => names[tile]),
    spec.goal.map((tile) => names[tile]),
  );
}

function randomNames(n: number, below: UniformBelow): number[] {
  const tiles = Array.from({ length: n - 1 }, (_, i) => i + 1);
  for (let i = tiles.length - 1; i > 0; i--) {
    const j = below(i + 1);
    [tiles[i], tiles[j]] = [tiles[j], tiles[i]];
  }
  return [0, ...tiles];
}

/** A random solvable puzzle, its goal a random board too (the blank anywhere). */
function randomPuzzle(rows: number, cols: number, below: UniformBelow): SlidingSpec {
  const goal = randomNames(rows * cols, below);
  const blank = below(rows * cols);
  [goal[0], goal[blank]] = [goal[blank], goal[0]];
  return puzzle(rows, cols, randomSolvableBoard(cols, goal, below), goal);
}

/** One transformation drawn at random: a renaming, a symmetry or the swap. */
function randomStep(spec: SlidingSpec, below: UniformBelow): SlidingSpec {
  const kind = below(3);
  if (kind === 0) return renamed(spec, randomNames(spec.rows * spec.cols, below));
  if (kind === 1) return symmetric(spec, below(8));
  return swap(spec);
}

describe("equivalenceKey", () => {
  it("is kept by each symmetry, the swap, renamings and their compositions (3x3, 4x4, 3x4, 2x5)", () => {
    const below = seededStream(20261231);
    for (const [rows, cols] of [
      [3, 3],
      [4, 4],
      [3, 4],
      [2, 5],
    ]) {
      for (let round = 0; round < 25; round++) {
        const spec = randomPuzzle(rows, cols, below);
        const key = equivalenceKey(spec);
        for (let which = 0; which < 8; which++) {
          const turned = symmetric(spec, which);
          expect(equivalenceKey(turned), `symmetry ${which}`).toBe(key);
          expect(equivalenceKey(swap(turned)), `symmetry ${which}, swapped`).toBe(key);
          const names = randomNames(rows * cols, below);
          expect(equivalenceKey(renamed(swap(turned), names)), `symmetry ${which}, all three`).toBe(key);
        }
        let copy = spec;
        for (let step = 0; step < 12; step++) {
          copy = randomStep(copy, below);
          expect(equivalenceKey(copy)).toBe(key);
        }
      }
    }
  });

  it("is kept by every renaming of a 3x3 puzzle's tiles (all 8!)", () => {
    const spec = puzzle(3, 3, [8, 6, 7, 2, 5, 4, 3, 0, 1], defaultSlidingGoal(3, 3));
    const key = equivalenceKey(spec);
    const names = [0, 1, 2, 3, 4, 5, 6, 7, 8];
    let count = 0;
    const permute = (k: number): void => {
      if (k === names.length) {
        count++;
        if (equivalenceKey(renamed(spec, names)) !== key)
          throw new Error(`renaming ${names} changed the key`);
        return;
      }
      for (let i = k; i < names.length; i++) {
        [names[k], names[i]] = [names[i], names[k]];
        permute(k + 1);
        [names[k], names[i]] = [names[i], names[k]];
      }
    };
    permute(1);
    expect(count).toBe(40320);
  });

  it("meets a rectangle's transpose, never another size", () => {
    const below = seededStream(7);
    const wide = randomPuzzle(3, 4, below);
    expect(equivalenceKey(turn(wide))).toBe(equivalenceKey(wide));
    expect(equivalenceKey(wide)).toMatch(/^E3x4:/);
    expect(equivalenceKey(turn(turn(turn(wide))))).toBe(equivalenceKey(wide));
    const tall = randomPuzzle(3, 2, below);
    expect(equivalenceKey(tall)).toMatch(/^E2x3:/);
    expect(equivalenceKey(randomPuzzle(4, 4, below))).toMatch(/^E4x4:/);
  });

  it("tells apart what the transformations do not join: the blank, the goal, one swapped pair", () => {
    const goal = defaultSlidingGoal(3, 3);
    const spec = puzzle(3, 3, [1, 2, 3, 4, 5, 6, 0, 7, 8], goal);
    // The same tiles' cells with another blank is another problem (2 moves, not 2 either way round).
    expect(equivalenceKey(puzzle(3, 3, [1, 2, 3, 4, 5, 6, 7, 0, 8], goal))).not.toBe(equivalenceKey(spec));
    expect(equivalenceKey(puzzle(3, 3, goal, goal))).not.toBe(equivalenceKey(spec));
    expect(equivalenceKey(puzzle(3, 3, [2, 1, 3, 4, 5, 6, 0, 7, 8], goal))).not.toBe(equivalenceKey(spec));
  });

  it("joins only puzzles of one optimal length: every 3x3 start to the standard goal (BFS table)", () => {
    const goal = defaultSlidingGoal(3, 3);
    const lengthOf = new Map<string, number>();
    const board = [...goal];
    let puzzles = 0;
    const visit = (k: number): void => {
      if (k === board.length) {
        const length = tableDistance(3, 3, board, goal);
        if (length < 0) return;
        puzzles++;
        const key = equivalenceKey(puzzle(3, 3, board, goal));
        const known = lengthOf.get(key);
        if (known === undefined) lengthOf.set(key, length);
        else if (known !== length)
          throw new Error(`${board} (${length} moves) shares its key with a ${known}`);
        return;
      }
      for (let i = k; i < board.length; i++) {
        [board[k], board[i]] = [board[i], board[k]];
        visit(k + 1);
        [board[k], board[i]] = [board[i], board[k]];
      }
    };
    visit(0);
    expect(puzzles).toBe(181440);
    // With the goal fixed, at most 16 of these puzzles are one another's copies (one per variant):
    // a key that joined more would be joining different problems.
    expect(lengthOf.size).toBeGreaterThanOrEqual(181440 / 16);
    expect(lengthOf.size).toBeLessThan(181440 / 2);
  });

  it("joins puzzles whose optimal solutions map onto each other (random goals, the core's solve)", () => {
    const below = seededStream(99);
    const byKey = new Map<string, number>();
    for (let round = 0; round < 300; round++) {
      const spec = randomPuzzle(3, 3, below);
      const copy = randomStep(randomStep(spec, below), below);
      const { moves, status } = solve(spec);
      expect(status).toBe("solved");
      expect(solve(copy).length).toBe(moves.length);
      const key = equivalenceKey(spec);
      expect(byKey.get(key) ?? moves.length).toBe(moves.length);
      byKey.set(key, moves.length);
      // The swapped puzzle is solved by the moves reversed, each the other way.
      const back: Record<string, string> = { U: "D", D: "U", L: "R", R: "L" };
      const reversed = [...moves]
        .reverse()
        .map((move) => back[move])
        .join("");
      expect(applySlidingMoves(3, 3, spec.goal, reversed)).toEqual(spec.start);
    }
  });
});
