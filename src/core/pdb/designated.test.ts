// Designated-region tables (designated.ts) against exact distances on every 3x3 state, and the
// search kernel with them (its flood fill in the table's frame for direct tables, on the board for
// ranked ones) against breadth-first distances.
import { describe, expect, it } from "vitest";
import { compileHeuristic, evaluate } from "./compiled.ts";
import { buildDesignatedTables, flaggedValue, REGION_FLAG, REGULAR_BITS } from "./designated.ts";
import { exactDistances, keyBoard } from "./exact-distances.ts";
import { idaStar } from "./ida.ts";
import { pdbTableSpecs } from "./index.ts";
import { partitionLayout } from "./layout.ts";
import { expandToDirect } from "./rank.ts";

const goal = Array.from({ length: 9 }, (_, i) => i);
const dist = exactDistances(3, 3, goal);

/** The board after the blank's moves (0..3 = up, down, left, right). */
function replay(start: readonly number[], moves: readonly number[]): number[] {
  const board = [...start];
  let blank = board.indexOf(0);
  for (const move of moves) {
    const to = blank + [-3, 3, -1, 1][move];
    [board[blank], board[to]] = [board[to], board[blank]];
    blank = to;
  }
  return board;
}

function heuristics(groups: number[][], useDirect: boolean) {
  const layout = partitionLayout({ rows: 3, cols: 3, groups }, true, true, true);
  const plainLayout = partitionLayout({ rows: 3, cols: 3, groups }, true, true);
  const built = new Map(
    layout.tables.map((t) => [t.key, buildDesignatedTables(3, 3, t.cells, { blank: t.blank })]),
  );
  const regularOf = (key: string) => built.get(key.endsWith("-r") ? key : `${key}-r`)!.regular;
  const designatedOf = (key: string) => built.get(key)!.designated;
  const direct = (table: Uint8Array, key: string): Uint8Array | null => {
    if (!useDirect) return null;
    const k = layout.tables.find((t) => t.key === key || t.key === `${key}-r`)!.cells.length;
    const out = new Uint8Array(9 ** k);
    expandToDirect(table, 9, k, out);
    return out;
  };
  // The designated entries taken wherever the blank is: not a lower bound.
  const uncheckedOf = (key: string) =>
    designatedOf(key).map((v) => (v & REGION_FLAG ? flaggedValue(v, true) : v));
  return {
    built,
    layout,
    plain: compileHeuristic(plainLayout, regularOf, (key) => direct(regularOf(key), key)),
    regions: compileHeuristic(layout, designatedOf, (key) => direct(designatedOf(key), key)),
    unchecked: compileHeuristic(plainLayout, (key) => uncheckedOf(`${key}-r`)),
  };
}

describe("designated-region tables", () => {
  it("are admissible on every 3x3 state and above the regular estimate on some; unchecked they overestimate", () => {
    const { built, plain, regions, unchecked } = heuristics(
      [
        [1, 2, 3, 4],
        [5, 6, 7, 8],
      ],
      false,
    );
    for (const { regular, designated } of built.values()) {
      let flagged = 0;
      for (let i = 0; i < regular.length; i++) {
        if (designated[i] & REGION_FLAG) {
          flagged++;
          expect(designated[i] & REGULAR_BITS).toBe(regular[i]);
        } else expect(designated[i]).toBe(regular[i]);
      }
      expect(flagged).toBeGreaterThan(0);
      // Shared, as the regular table is: a worker hands its tables to its threads by sharing them.
      expect(designated.buffer).toBeInstanceOf(SharedArrayBuffer);
    }
    let over = 0;
    let above = 0;
    let uncheckedOver = 0;
    for (const [key, d] of dist) {
      const board = keyBoard(key, 9);
      const value = evaluate(regions, board).value;
      if (value > d) over++;
      if (value > evaluate(plain, board).value) above++;
      if (evaluate(unchecked, board).value > d) uncheckedOver++;
    }
    expect(dist.size).toBe(181440);
    expect(over).toBe(0);
    expect(above).toBeGreaterThan(0);
    expect(uncheckedOver).toBeGreaterThan(0);
  });

  for (const [label, groups, useDirect] of [
    [
      "direct 3-tile tables (flood fill in the table's frame)",
      [
        [1, 2, 3],
        [4, 5, 6],
        [7, 8],
      ],
      true,
    ],
    [
      "ranked 4-tile tables (flood fill on the board)",
      [
        [1, 2, 3, 4],
        [5, 6, 7, 8],
      ],
      false,
    ],
  ] as const) {
    it(`give the search optimal answers with ${label}`, () => {
      const { regions, plain } = heuristics(
        groups.map((g) => [...g]),
        useDirect,
      );
      expect(regions.direct.some((d) => d === 1)).toBe(useDirect);
      expect(regions.regions).toBe(1);
      let checked = 0;
      let fewer = 0;
      let i = 0;
      for (const [key, d] of dist) {
        if (i++ % 181 !== 0) continue; // ~1,000 states spread over every distance
        const board = keyBoard(key, 9);
        const outcome = idaStar(regions, board, {});
        expect(outcome.status).toBe("solved");
        expect(outcome.moves.length).toBe(d);
        expect(replay(board, outcome.moves)).toEqual(goal);
        if (outcome.nodes < idaStar(plain, board, {}).nodes) fewer++;
        checked++;
      }
      expect(checked).toBeGreaterThan(900);
      expect(fewer).toBeGreaterThan(0);
    });
  }

  it("are what the product's 6-6-3, 7-8 and 6-6-6-6 tables hold (keys ending in -r); 5-5-5 stays regular", () => {
    for (const name of ["663", "78", "6666"]) {
      const specs = pdbTableSpecs(name);
      expect(specs.length).toBeGreaterThan(0);
      for (const spec of specs) {
        expect(spec.regions).toBe(true);
        expect(spec.key).toMatch(/-r$/);
      }
    }
    for (const name of ["555"])
      for (const spec of pdbTableSpecs(name)) {
        expect(spec.regions).toBeUndefined();
        expect(spec.key).not.toMatch(/-r$/);
      }
  });
});
