// Every entry of a built table equals the exact distance in the abstract space it stands for,
// computed here independently and naively: states are (group tile cells, blank cell), a blank move
// onto a group tile costs 1 and onto any other cell costs 0 (0-1 BFS by layers), and the entry is the
// minimum over blank cells. The admissibility tests (heuristic.test.ts) cannot see a table that is
// merely too weak; this one can.
import { describe, expect, it } from "vitest";
import { buildPatternTable } from "./build.ts";
import { groupEntries, rankPositions, unrankPositions } from "./rank.ts";

/**
 * Exact abstract distances, min over blank cells, keyed by the tile cells as a base-n number; and
 * (`perBlank`) each (tile cells, blank cell) state's own, keyed `cells|blank`.
 */
function abstractDistances(
  rows: number,
  cols: number,
  home: readonly number[],
  goalBlank?: number,
  perBlank?: Map<string, number>,
): Map<number, number> {
  const n = rows * cols;
  const placementKey = (cells: readonly number[]) => cells.reduce((key, cell) => key * n + cell, 0);
  const seen = new Map<string, number>();
  let layer: { cells: number[]; blank: number }[] = [];
  for (let blank = 0; blank < n; blank++) {
    if (home.includes(blank) || (goalBlank !== undefined && blank !== goalBlank)) continue;
    seen.set(`${home}|${blank}`, 0);
    layer.push({ cells: [...home], blank });
  }
  const best = new Map<number, number>();
  for (let cost = 0; layer.length > 0; cost++) {
    const next: typeof layer = [];
    // Zero-cost blank moves extend the current layer while it is walked.
    for (let i = 0; i < layer.length; i++) {
      const { cells, blank } = layer[i];
      if (seen.get(`${cells}|${blank}`)! < cost) continue; // reached more cheaply since queued
      const key = placementKey(cells);
      if (!best.has(key)) best.set(key, cost);
      const r = Math.floor(blank / cols);
      const c = blank % cols;
      for (const [dr, dc] of [
        [-1, 0],
        [1, 0],
        [0, -1],
        [0, 1],
      ]) {
        if (r + dr < 0 || r + dr >= rows || c + dc < 0 || c + dc >= cols) continue;
        const to = (r + dr) * cols + c + dc;
        const tile = cells.indexOf(to);
        const moved = tile < 0 ? cells : cells.map((cell, j) => (j === tile ? blank : cell));
        const id = `${moved}|${to}`;
        const reached = cost + (tile < 0 ? 0 : 1);
        if ((seen.get(id) ?? Infinity) <= reached) continue;
        seen.set(id, reached);
        (tile < 0 ? layer : next).push({ cells: moved, blank: to });
      }
    }
    layer = next;
  }
  if (perBlank) for (const [id, cost] of seen) perBlank.set(id, cost);
  return best;
}

function compare(rows: number, cols: number, home: number[], blank?: number): number {
  const n = rows * cols;
  const table = buildPatternTable(rows, cols, home, { blank });
  const exact = abstractDistances(rows, cols, home, blank);
  expect(exact.size).toBe(groupEntries(n, home.length)); // every placement is reachable
  let differences = 0;
  for (const [key, distance] of exact) {
    const cells: number[] = [];
    for (let j = home.length - 1, rest = key; j >= 0; j--, rest = Math.floor(rest / n)) cells[j] = rest % n;
    if (table[rankPositions(cells, home.length, n)] !== distance) differences++;
  }
  return differences;
}

describe("pattern table build", () => {
  it("stores the exact abstract distance of every placement (4x4, the 6-6-3 partitions' 3-tile groups)", () => {
    expect(compare(4, 4, [1, 2, 3])).toBe(0);
    expect(compare(4, 4, [1, 4, 5])).toBe(0);
  });

  it("stores the exact abstract distance of every placement (4x4 2x2 block, 3x3 and 3x4 groups)", () => {
    expect(compare(4, 4, [4, 5, 8, 9])).toBe(0);
    expect(compare(3, 3, [1, 2, 5])).toBe(0);
    expect(compare(3, 4, [6, 7, 10, 11])).toBe(0);
  });

  it("from the goal blank's cell only: exact, and stronger where the group walls that cell off", () => {
    expect(compare(4, 4, [1, 4, 5], 0)).toBe(0);
    expect(compare(3, 3, [1, 3, 4], 0)).toBe(0);
    expect(compare(3, 4, [1, 2, 4, 5], 0)).toBe(0);
    const walled = buildPatternTable(4, 4, [1, 4, 5], { blank: 0 });
    const anywhere = buildPatternTable(4, 4, [1, 4, 5]);
    let stronger = 0;
    for (let i = 0; i < walled.length; i++) {
      expect(walled[i]).toBeGreaterThanOrEqual(anywhere[i]);
      if (walled[i] > anywhere[i]) stronger++;
    }
    expect(stronger).toBeGreaterThan(0);
    // Free cells connected: the same table either way.
    expect(buildPatternTable(4, 4, [1, 2, 3], { blank: 0 })).toEqual(buildPatternTable(4, 4, [1, 2, 3]));
  });

  it("reports each placement's blank cells with their exact distance (what a zero-aware table keeps)", () => {
    for (const [rows, cols, home, blank] of [
      [4, 4, [1, 4, 5], undefined],
      [4, 4, [1, 4, 5], 0],
      [3, 4, [6, 7, 10, 11], undefined],
    ] as const) {
      const n = rows * cols;
      const k = home.length;
      const reported = new Map<string, number>();
      const positions = new Uint8Array(k);
      const table = buildPatternTable(rows, cols, home, {
        blank,
        onReached(index, blankCells, depth) {
          unrankPositions(index, k, n, positions);
          for (let cell = 0; cell < n; cell++) {
            if (((blankCells >>> cell) & 1) === 0) continue;
            const id = `${[...positions]}|${cell}`;
            expect(reported.has(id)).toBe(false); // first reach only
            reported.set(id, depth);
          }
        },
      });
      const exact = new Map<string, number>();
      abstractDistances(rows, cols, home, blank, exact);
      expect(reported).toEqual(exact);
      // The table keeps the minimum over the blank's cells.
      for (const [id, depth] of reported) {
        const cells = id.split("|")[0].split(",").map(Number);
        expect(table[rankPositions(cells, k, n)]).toBeLessThanOrEqual(depth);
      }
    }
  });
});
