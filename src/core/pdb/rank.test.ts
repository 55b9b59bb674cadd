// The direct-address layout: every placement's entry lands at sum cell_j * n^(k-1-j), holding the
// compact table's entry at the placement's rank.
import { describe, expect, it } from "vitest";
import { expandToDirect, groupEntries, popcountTable16, rankPositions, unrankPositions } from "./rank.ts";

describe("expandToDirect", () => {
  for (const [n, k] of [
    [9, 1],
    [9, 3],
    [12, 4],
    [16, 3],
  ]) {
    it(`${k} tiles on ${n} cells`, () => {
      const entries = groupEntries(n, k);
      const compact = Uint8Array.from({ length: entries }, (_, i) => (i * 37 + 11) % 251);
      const out = new Uint8Array(n ** k).fill(255);
      expandToDirect(compact, n, k, out);
      const cells = new Uint8Array(k);
      let written = 0;
      for (let rank = 0; rank < entries; rank++) {
        unrankPositions(rank, k, n, cells);
        expect(rankPositions(cells, k, n)).toBe(rank);
        const index = [...cells].reduce((sum, cell) => sum * n + cell, 0);
        expect(out[index]).toBe(compact[rank]);
        written++;
      }
      // Nothing else written: impossible placements keep their fill.
      expect(out.filter((v) => v !== 255).length).toBeLessThanOrEqual(written);
    });
  }
});

describe("popcountTable16", () => {
  it("holds the number of set bits of every 16-bit value", () => {
    for (let x = 0; x < 1 << 16; x++) {
      let bits = 0;
      for (let v = x; v !== 0; v >>>= 1) bits += v & 1;
      if (popcountTable16[x] !== bits)
        expect.fail(`popcount(${x}) = ${popcountTable16[x]}, expected ${bits}`);
    }
    expect(popcountTable16.length).toBe(1 << 16);
  });
});
