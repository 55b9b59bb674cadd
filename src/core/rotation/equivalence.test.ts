import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyMoveInPlace, createRotationSpec, isRotationGoal } from "./board.ts";
import { ROTATION_SYMMETRIES, type RotationSymmetry, rotationEquivalenceKey } from "./equivalence.ts";
import { CENTRE_CELLS, MOVE_LETTERS } from "./geometry.ts";
import { solveRotation } from "./solve.ts";

const SORTED = [1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3];
const randomBoard = fc.shuffledSubarray(SORTED, { minLength: 24 }).map((cells) => [...cells]);
/** The 6 renamings of the symbols: RENAMINGS[r][s] is the new name of symbol s. */
const RENAMINGS = [
  [0, 1, 2, 3],
  [0, 1, 3, 2],
  [0, 2, 1, 3],
  [0, 2, 3, 1],
  [0, 3, 1, 2],
  [0, 3, 2, 1],
];

/** The cells as drawn in docs/rotation.md, (row, column) on a 7 x 7 grid, independent of the line table. */
const DRAWN: [number, number][] = [
  [0, 2],
  [0, 4],
  [1, 2],
  [1, 4],
  ...[0, 1, 2, 3, 4, 5, 6].map((c): [number, number] => [2, c]),
  [3, 2],
  [3, 4],
  ...[0, 1, 2, 3, 4, 5, 6].map((c): [number, number] => [4, c]),
  [5, 2],
  [5, 4],
  [6, 2],
  [6, 4],
];

/** The 8 symmetries of the square the cross is drawn on, as cell maps. */
function drawnSymmetries(): string[] {
  const at = new Map(DRAWN.map(([r, c], cell) => [`${r},${c}`, cell]));
  const maps: ((r: number, c: number) => [number, number])[] = [
    (r, c) => [r, c],
    (r, c) => [r, 6 - c],
    (r, c) => [6 - r, c],
    (r, c) => [6 - r, 6 - c],
    (r, c) => [c, r],
    (r, c) => [c, 6 - r],
    (r, c) => [6 - c, r],
    (r, c) => [6 - c, 6 - r],
  ];
  return maps.map((map) => DRAWN.map(([r, c]) => at.get(map(r, c).join(","))).join());
}

function transform(board: readonly number[], symmetry: RotationSymmetry, renaming = RENAMINGS[0]): number[] {
  const out = new Array<number>(24);
  board.forEach((symbol, cell) => {
    out[symmetry.cell[cell]] = renaming[symbol];
  });
  return out;
}

function moved(board: readonly number[], moves: readonly number[]): number[] {
  const out = [...board];
  for (const move of moves) applyMoveInPlace(out, move);
  return out;
}

const key = (board: readonly number[]) => rotationEquivalenceKey(createRotationSpec(board));

/** Every disguise of `board`: 8 symmetries x 6 renamings (some may coincide). */
function disguises(board: readonly number[]): number[][] {
  return ROTATION_SYMMETRIES.flatMap((symmetry) =>
    RENAMINGS.map((renaming) => transform(board, symmetry, renaming)),
  );
}

describe("the Rotation Game's symmetries", () => {
  it("are the 8 symmetries of the drawn square, found from the line table alone, the identity first", () => {
    expect(ROTATION_SYMMETRIES).toHaveLength(8);
    expect(ROTATION_SYMMETRIES[0].cell).toEqual([...Array(24).keys()]);
    expect(ROTATION_SYMMETRIES[0].move).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(new Set(ROTATION_SYMMETRIES.map((s) => s.cell.join()))).toEqual(new Set(drawnSymmetries()));
    for (const { cell, move } of ROTATION_SYMMETRIES) {
      expect(new Set(cell).size).toBe(24);
      expect([...move].sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
      expect(new Set(CENTRE_CELLS.map((c) => cell[c]))).toEqual(new Set(CENTRE_CELLS));
    }
    // A group: closed under composition.
    const cells = new Set(ROTATION_SYMMETRIES.map((s) => s.cell.join()));
    for (const a of ROTATION_SYMMETRIES) {
      for (const b of ROTATION_SYMMETRIES) expect(cells.has(a.cell.map((c) => b.cell[c]).join())).toBe(true);
    }
  });

  it("turn every move into the mapped move: transforming then moving equals moving then transforming", () => {
    fc.assert(
      fc.property(randomBoard, fc.constantFrom(...RENAMINGS), (board, renaming) => {
        for (const symmetry of ROTATION_SYMMETRIES) {
          for (let move = 0; move < 8; move++) {
            expect(moved(transform(board, symmetry, renaming), [symmetry.move[move]])).toEqual(
              transform(moved(board, [move]), symmetry, renaming),
            );
          }
          expect(isRotationGoal(transform(board, symmetry, renaming))).toBe(isRotationGoal(board));
        }
      }),
      { numRuns: 200 },
    );
  });

  it("keep the optimal length, and the table's answer mapped is an optimal answer of the disguise", () => {
    fc.assert(
      fc.property(randomBoard, (board) => {
        const answer = solveRotation(createRotationSpec(board));
        const moves = [...answer.moves].map((letter) => MOVE_LETTERS.indexOf(letter));
        for (const symmetry of ROTATION_SYMMETRIES) {
          for (const renaming of RENAMINGS) {
            const disguise = transform(board, symmetry, renaming);
            expect(solveRotation(createRotationSpec(disguise)).length).toBe(answer.length);
            const mapped = moves.map((move) => symmetry.move[move]);
            expect(isRotationGoal(moved(disguise, mapped))).toBe(true);
          }
        }
      }),
      { numRuns: 100 },
    );
  });
});

describe("rotationEquivalenceKey", () => {
  it("is the same for all 48 disguises of a board, and names one of them", () => {
    fc.assert(
      fc.property(randomBoard, (board) => {
        const all = disguises(board);
        const keys = new Set(all.map(key));
        expect(keys.size).toBe(1);
        const [only] = keys;
        expect(only).toMatch(/^ER:[123]{24}$/);
        expect(all.map((d) => d.join(""))).toContain(only.slice(3));
        // The smallest of them all.
        expect(only.slice(3)).toBe(all.map((d) => d.join("")).sort()[0]);
      }),
      { numRuns: 200 },
    );
  });

  it("tells apart boards that are no disguise of one another (brute force over a board's neighbours and their disguises)", () => {
    fc.assert(
      fc.property(randomBoard, (board) => {
        const family = [board, ...[0, 1, 2, 3, 4, 5, 6, 7].map((move) => moved(board, [move]))];
        const boards = family.flatMap((member) => disguises(member).slice(0, 12));
        const orbit = boards.map((b) => new Set(disguises(b).map((d) => d.join(""))));
        const keys = boards.map(key);
        for (let i = 0; i < boards.length; i++) {
          for (let j = i + 1; j < boards.length; j++) {
            expect(keys[i] === keys[j]).toBe(orbit[i].has(boards[j].join("")));
          }
        }
      }),
      { numRuns: 5 },
    );
  });

  it("has one key for a board a symmetry keeps, whose disguises are fewer than 48", () => {
    // The half turn: its 12 pairs of cells hold one symbol each, four pairs per symbol.
    const halfTurn = ROTATION_SYMMETRIES.find(
      (s) => s.cell.join() === drawnSymmetries()[3],
    ) as RotationSymmetry;
    const board = new Array<number>(24).fill(0);
    let pairs = 0;
    for (let cell = 0; cell < 24; cell++) {
      if (board[cell] !== 0) continue;
      board[cell] = board[halfTurn.cell[cell]] = 1 + Math.floor(pairs++ / 4);
    }
    expect(transform(board, halfTurn)).toEqual(board);
    const all = disguises(board);
    expect(new Set(all.map((d) => d.join(""))).size).toBeLessThan(48);
    expect(new Set(all.map(key)).size).toBe(1);
  });
});
