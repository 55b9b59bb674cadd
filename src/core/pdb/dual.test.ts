// The dual estimate (dual.ts) against exact distances on every state of small boards: admissible
// everywhere, above the regular estimate on some states; and the plain dual (no blank correction)
// overestimates, which is why the correction is there.
import { describe, expect, it } from "vitest";
import { buildPatternTable } from "./build.ts";
import { compileHeuristic, evaluate } from "./compiled.ts";
import { dualCorrections, dualEstimate } from "./dual.ts";
import { exactDistances, keyBoard } from "./exact-distances.ts";
import { partitionLayout } from "./layout.ts";

function check(rows: number, cols: number, groups: number[][], reflect: boolean, goalBlank: boolean) {
  const layout = partitionLayout({ rows, cols, groups }, reflect, goalBlank);
  const tables = new Map(
    layout.tables.map((t) => [t.key, buildPatternTable(rows, cols, t.cells, { blank: t.blank })]),
  );
  const h = compileHeuristic(layout, (key) => tables.get(key)!);
  const corrections = dualCorrections(h, layout);
  const n = rows * cols;
  const dist = exactDistances(
    rows,
    cols,
    Array.from({ length: n }, (_, i) => i),
  );
  let over = 0;
  let dualWins = 0;
  let plainOver = 0;
  for (const [key, d] of dist) {
    const board = keyBoard(key, n);
    const dual = dualEstimate(h, corrections, board);
    if (dual > d) over++;
    if (dual > evaluate(h, board).value) dualWins++;
    // The plain dual: tile t's cell read as board[t] (the inverse permutation), uncorrected.
    const inverse = new Array<number>(n);
    for (let t = 0; t < n; t++) inverse[board[t]] = t;
    if (evaluate(h, inverse).value > d) plainOver++;
  }
  return { layout, corrections, states: dist.size, over, dualWins, plainOver };
}

describe("dual lookups with the blank anywhere", () => {
  it("are admissible on every 3x3 state, with the reflection and a table that walls the blank's home off", () => {
    const result = check(
      3,
      3,
      [
        [1, 2, 3, 4],
        [5, 6, 7, 8],
      ],
      true,
      true,
    );
    expect(result.layout.tables.map((t) => t.key)).toContain("pdb-3x3-1.2.3.4-b0");
    expect(result.states).toBe(181440);
    expect(result.over).toBe(0);
    expect(result.dualWins).toBeGreaterThan(0);
    expect(result.plainOver).toBeGreaterThan(0);
  });

  it("are admissible on every 2x4 state", () => {
    const result = check(
      2,
      4,
      [
        [1, 2, 3],
        [4, 5, 6, 7],
      ],
      false,
      false,
    );
    expect(result.states).toBe(20160);
    expect(result.over).toBe(0);
    expect(result.dualWins).toBeGreaterThan(0);
    expect(result.plainOver).toBeGreaterThan(0);
  });

  it("need no correction with the blank home, and a group's correction is at least its tile's walk to cell 0", () => {
    const { corrections } = check(
      3,
      3,
      [
        [1, 2, 3, 4],
        [5, 6, 7, 8],
      ],
      false,
      false,
    );
    const n = 9;
    // Group 0 holds tiles 1-4: with the blank on cell 4, tile 4 waits on cell 0, two moves from home.
    expect(corrections[0 * n + 0]).toBe(0);
    expect(corrections[0 * n + 4]).toBeGreaterThanOrEqual(2);
    // Group 1 (tiles 5-8) is home in X_4 and its free cells are connected: no correction.
    expect(corrections[1 * n + 4]).toBe(0);
  });
});
