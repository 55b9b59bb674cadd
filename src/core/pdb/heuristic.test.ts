// The additive heuristic (regular, and maximised with the reflection on square boards) against
// exact distances: full BFS on 2x4 and 3x3, BFS to depth 14 on 3x4. Admissible: h <= distance on
// every state. Consistency (|h(a) - h(b)| <= 1 across every move) does NOT hold everywhere: each
// table stores the minimum over blank positions, and where a group's tiles cut the free cells into
// separate regions, the best blank position may be out of the real blank's reach (the counterexample
// below). It holds on nearly every edge, which the tests measure; IDA* needs only admissibility.
import { describe, expect, it } from "vitest";
import { buildPatternTable } from "./build.ts";
import { compileHeuristic, evaluate } from "./compiled.ts";
import { exactDistances, keyBoard, neighbourBoards } from "./exact-distances.ts";
import { partitionLayout } from "./layout.ts";
import { PARTITIONS } from "./partitions.ts";

function check(
  rows: number,
  cols: number,
  groups: number[][],
  maxDepth: number,
  reflect: boolean,
  goalBlank = false,
) {
  const layout = partitionLayout({ rows, cols, groups }, reflect, goalBlank);
  const tables = new Map(
    layout.tables.map((t) => [t.key, buildPatternTable(rows, cols, t.cells, { blank: t.blank })]),
  );
  const h = compileHeuristic(layout, (key) => tables.get(key)!);
  const n = rows * cols;
  const dist = exactDistances(
    rows,
    cols,
    Array.from({ length: n }, (_, i) => i),
    maxDepth,
  );
  let exactHits = 0;
  let reflectionWins = 0;
  let edges = 0;
  let jumps = 0;
  for (const [key, d] of dist) {
    const board = keyBoard(key, n);
    const { value, sums } = evaluate(h, board);
    expect(value).toBeLessThanOrEqual(d);
    if (value === d) exactHits++;
    if (sums.length > 1 && sums[1] > sums[0]) reflectionWins++;
    for (const child of neighbourBoards(board, cols)) {
      edges++;
      if (Math.abs(evaluate(h, child).value - value) > 1) jumps++;
    }
  }
  // The goal scores 0 and the heuristic is far from trivial.
  expect(
    evaluate(
      h,
      Int32Array.from({ length: n }, (_, i) => i),
    ).value,
  ).toBe(0);
  expect(exactHits).toBeGreaterThan(dist.size / 20);
  return { states: dist.size, reflectionWins, inconsistentShare: jumps / edges };
}

describe("additive pattern database heuristic", () => {
  it("is admissible on every 3x3 state with tables from the goal blank's region (groups that wall it off)", () => {
    const layout = partitionLayout(
      {
        rows: 3,
        cols: 3,
        groups: [
          [1, 3, 4],
          [2, 5, 6, 7, 8],
        ],
      },
      true,
      true,
    );
    expect(layout.tables.map((t) => t.key)).toContain("pdb-3x3-1.3.4-b0");
    const { states } = check(
      3,
      3,
      [
        [1, 3, 4],
        [2, 5, 6, 7, 8],
      ],
      99,
      true,
      true,
    );
    expect(states).toBe(181440);
  });

  it("is admissible (and mostly consistent) on every 2x4 state", () => {
    const { states, inconsistentShare } = check(
      2,
      4,
      [
        [1, 2, 3],
        [4, 5, 6, 7],
      ],
      99,
      false,
    );
    expect(states).toBe(20160);
    expect(inconsistentShare).toBeLessThan(0.2); // measured 14.6%: 2 rows fragment the free cells easily
  });

  it("is admissible (and mostly consistent) on every 3x3 state, with the diagonal reflection", () => {
    const { states, reflectionWins, inconsistentShare } = check(
      3,
      3,
      [
        [1, 2, 3, 4],
        [5, 6, 7, 8],
      ],
      99,
      true,
    );
    expect(states).toBe(181440);
    expect(reflectionWins).toBeGreaterThan(0);
    expect(inconsistentShare).toBeLessThan(0.1); // measured 7.0%
  });

  it("is admissible (and mostly consistent) on 3x4 states up to 14 moves from the goal", () => {
    const { inconsistentShare } = check(
      3,
      4,
      [
        [1, 2, 3, 4, 5],
        [6, 7, 8, 9, 10, 11],
      ],
      14,
      false,
    );
    expect(inconsistentShare).toBeLessThan(0.05);
  });

  it("can jump by more than one across a move (min over blank positions)", () => {
    // 4 2 6 3 / . 5 1 7: group {4,5,6,7} leaves the blank four one-cell regions; its best one is
    // unreachable from the real blank, and moving tile 4 down drops the value from 7 to 4.
    const layout = partitionLayout(
      {
        rows: 2,
        cols: 4,
        groups: [
          [1, 2, 3],
          [4, 5, 6, 7],
        ],
      },
      false,
    );
    const tables = new Map(layout.tables.map((t) => [t.key, buildPatternTable(2, 4, t.cells)]));
    const h = compileHeuristic(layout, (key) => tables.get(key)!);
    expect(evaluate(h, [4, 2, 6, 3, 0, 5, 1, 7]).value).toBe(7);
    expect(evaluate(h, [0, 2, 6, 3, 4, 5, 1, 7]).value).toBe(4);
  });

  it("refuses a group of n-1 tiles (half its placements would be unreachable)", () => {
    expect(() => buildPatternTable(2, 3, [1, 2, 3, 4, 5])).toThrow(RangeError);
  });
});

describe("the 6-6-6-6 layouts", () => {
  it("reflect every partition but one that is its own mirror image, and share tables by symmetry", () => {
    const def = PARTITIONS["6666"];
    const [a, b] = def.optionalExtra!;
    const tables = (extra: (typeof def)["extra"]) =>
      partitionLayout({ ...def, extra }, true, true).tables.map((t) => t.key);
    expect(partitionLayout(def, true, true).sets.length).toBe(2);
    expect(tables(undefined)).toEqual(["pdb-5x5-1.2.5.6.7.12-b0", "pdb-5x5-3.4.8.9.13.14"]);
    // A is its own mirror image: one set more, not two; its mirrored groups share a table.
    expect(partitionLayout({ ...def, extra: [a] }, true, true).sets.length).toBe(3);
    expect(tables([a]).slice(2)).toEqual([
      "pdb-5x5-1.2.3.4.8.9",
      "pdb-5x5-6.7.11.12.13.17",
      "pdb-5x5-14.18.19.22.23.24",
    ]);
    // B and its reflection: the corner blocks' table again, one new table around the blank.
    expect(partitionLayout({ ...def, extra: [b] }, true, true).sets.length).toBe(4);
    expect(tables([b]).slice(2)).toEqual(["pdb-5x5-1.5.6.12.13.14-b0"]);
    expect(partitionLayout(def, true, false).tables.map((t) => t.key)).toContain("pdb-5x5-1.2.5.6.7.12");
  });
});
