import { describe, expect, it } from "vitest";
import { neighbourTable } from "../sliding/geometry.ts";
import { boardSymmetries, flipToTopLeft, transpose } from "./symmetry.ts";

describe("board symmetries", () => {
  for (const [rows, cols] of [
    [3, 3],
    [4, 4],
    [5, 5],
    [3, 4],
  ]) {
    it(`${rows}x${cols}: permutations whose move map carries every move onto its image`, () => {
      const neighbours = neighbourTable(rows, cols);
      const symmetries = boardSymmetries(rows, cols);
      expect(symmetries).toHaveLength(rows === cols ? 8 : 4);
      for (const sym of symmetries) {
        expect([...sym.map].sort((a, b) => a - b)).toEqual([...Array(rows * cols).keys()]);
        for (let cell = 0; cell < rows * cols; cell++) {
          for (let m = 0; m < 4; m++) {
            const to = neighbours[cell * 4 + m];
            const image = neighbours[sym.map[cell] * 4 + sym.moveMap[m]];
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
