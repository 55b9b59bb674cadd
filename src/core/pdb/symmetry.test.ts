import { describe, expect, it } from "vitest";
import { boardSymmetries, flipToTopLeft, transpose } from "./symmetry.ts";

/** The cell the blank reaches from `cell` by move `m` (U, D, L, R), or -1 off the board. */
function step(rows: number, cols: number, cell: number, m: number): number {
  const r = Math.floor(cell / cols);
  const c = cell % cols;
  const [r2, c2] = [
    [r - 1, c],
    [r + 1, c],
    [r, c - 1],
    [r, c + 1],
  ][m];
  return r2 < 0 || r2 >= rows || c2 < 0 || c2 >= cols ? -1 : r2 * cols + c2;
}

describe("board symmetries", () => {
  for (const [rows, cols] of [
    [3, 3],
    [4, 4],
    [5, 5],
    [3, 4],
  ]) {
    it(`${rows}x${cols}: permutations whose move map carries every move onto its image`, () => {
      const symmetries = boardSymmetries(rows, cols);
      expect(symmetries).toHaveLength(rows === cols ? 8 : 4);
      for (const sym of symmetries) {
        expect([...sym.map].sort((a, b) => a - b)).toEqual([...Array(rows * cols).keys()]);
        for (let cell = 0; cell < rows * cols; cell++) {
          for (let m = 0; m < 4; m++) {
            const to = step(rows, cols, cell, m);
            const image = step(rows, cols, sym.map[cell], sym.moveMap[m]);
            expect(image).toBe(to < 0 ? -1 : sym.map[to]);
          }
        }
      }
    });
  }

  it("are made once per board size and cannot be changed by a caller", () => {
    const first = boardSymmetries(4, 4);
    expect(boardSymmetries(4, 4)).toBe(first);
    expect(boardSymmetries(3, 4)).not.toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(transpose(4)).toBe(first[4]);
  });

  it("flip every corner of the board to the top-left, and nothing else", () => {
    for (const [rows, cols] of [
      [4, 4],
      [3, 5],
    ]) {
      const corners = [0, cols - 1, (rows - 1) * cols, rows * cols - 1];
      for (let cell = 0; cell < rows * cols; cell++) {
        const flip = flipToTopLeft(rows, cols, cell);
        if (corners.includes(cell)) expect(flip?.map[cell]).toBe(0);
        else expect(flip).toBeNull();
      }
    }
  });
});
