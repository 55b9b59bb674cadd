// The searches against each other and against the exact tables: every answer replays to the goal,
// and A*, IDA* (both kernels, both heuristics) and the table agree on the optimal length.

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { aStar } from "./astar.ts";
import { LinearConflictHeuristic, ManhattanHeuristic } from "./heuristic.ts";
import { idaStar } from "./idastar.ts";
import { applySlidingMoves } from "./moves.ts";
import { isSlidingSolvable } from "./solvability.ts";
import { tableDistance, tableSolution } from "./table.ts";

/** A solvable (start, goal) pair of the shape: random permutations, one swap fixes the parity. */
function solvablePair(rows: number, cols: number) {
  const n = rows * cols;
  const tiles = Array.from({ length: n }, (_, i) => i);
  const perm = fc.shuffledSubarray(tiles, { minLength: n, maxLength: n });
  return fc.tuple(perm, perm).map(([start, goal]) => {
    if (!isSlidingSolvable({ cols, start, goal })) {
      // Swapping two tiles (not the blank) flips the permutation parity only.
      const [a, b] = start.map((t, i) => (t === 0 ? -1 : i)).filter((i) => i >= 0);
      [start[a], start[b]] = [start[b], start[a]];
    }
    return { start, goal };
  });
}

function replaysToGoal(rows: number, cols: number, start: number[], goal: number[], moves: string): boolean {
  return applySlidingMoves(rows, cols, start, moves).join() === goal.join();
}

for (const [rows, cols] of [
  [3, 3],
  [2, 4],
] as const) {
  describe(`${rows}x${cols}: A*, IDA* and the table agree`, () => {
    it("on random solvable boards and goals", () => {
      fc.assert(
        fc.property(solvablePair(rows, cols), ({ start, goal }) => {
          const optimal = tableDistance(rows, cols, start, goal);
          const tableMoves = tableSolution(rows, cols, start, goal)!;
          expect(tableMoves.length).toBe(optimal);
          expect(replaysToGoal(rows, cols, start, goal, tableMoves)).toBe(true);
          const runs = [
            idaStar(rows, cols, start, goal, "linear-conflict"),
            idaStar(rows, cols, start, goal, "manhattan"),
            idaStar(rows, cols, start, goal, new LinearConflictHeuristic(rows, cols, goal)),
            aStar(rows, cols, start, goal, new LinearConflictHeuristic(rows, cols, goal)),
            aStar(rows, cols, start, goal, new ManhattanHeuristic(rows, cols, goal)),
          ];
          for (const run of runs) {
            expect(run.status).toBe("solved");
            expect(run.moves.length).toBe(optimal);
            expect(run.lowerBound).toBe(optimal);
            expect(replaysToGoal(rows, cols, start, goal, run.moves)).toBe(true);
          }
        }),
        { numRuns: 40 },
      );
    });
  });
}

describe("the table answers the lexicographically smallest shortest solution", () => {
  it("on every solvable 2x3 board, against all shortest solutions", () => {
    const rows = 2;
    const cols = 3;
    const goal = [1, 2, 3, 4, 5, 0];
    const letters = "UDLR";
    /** All shortest solutions, by trying every move that lowers the (table) distance. */
    const allShortest = (board: number[]): string[] => {
      const d = tableDistance(rows, cols, board, goal);
      if (d === 0) return [""];
      const found: string[] = [];
      for (const move of letters) {
        let next: number[];
        try {
          next = applySlidingMoves(rows, cols, board, move);
        } catch {
          continue;
        }
        if (tableDistance(rows, cols, next, goal) === d - 1)
          for (const rest of allShortest(next)) found.push(move + rest);
      }
      return found;
    };
    let boards = 0;
    for (let code = 0; code < 6 ** 6; code++) {
      const start = Array.from({ length: 6 }, (_, i) => Math.floor(code / 6 ** i) % 6);
      if (new Set(start).size !== 6 || !isSlidingSolvable({ cols, start, goal })) continue;
      boards++;
      expect(tableSolution(rows, cols, start, goal)).toBe(allShortest(start).sort()[0]);
    }
    expect(boards).toBe(360);
  });
});

describe("IDA* on 4x4 and larger", () => {
  it("solves Korf's instance 79 (42 moves) optimally with linear conflict", () => {
    const start = [0, 1, 9, 7, 11, 13, 5, 3, 14, 12, 4, 2, 8, 6, 10, 15];
    const goal = Array.from({ length: 16 }, (_, i) => i);
    const run = idaStar(4, 4, start, goal, "linear-conflict");
    expect(run.status).toBe("solved");
    expect(run.moves.length).toBe(42);
    expect(replaysToGoal(4, 4, start, goal, run.moves)).toBe(true);
  });

  it("solves rectangles and 5x5 from short scrambles, matching A*", () => {
    for (const [rows, cols, scramble] of [
      [3, 4, "ULULDRDLURULDRULLDRR"],
      [5, 5, "UULLDRULDDRUULLDRRULDLU"],
      [4, 5, "LLUURDLURDDLUULLDRR"],
    ] as const) {
      const goal = Array.from({ length: rows * cols }, (_, i) => (i + 1) % (rows * cols));
      const start = applySlidingMoves(rows, cols, goal, scramble);
      const ida = idaStar(rows, cols, start, goal, "linear-conflict");
      const astar = aStar(rows, cols, start, goal, new LinearConflictHeuristic(rows, cols, goal));
      expect(ida.status).toBe("solved");
      expect(ida.moves.length).toBeLessThanOrEqual(scramble.length);
      expect(astar.moves.length).toBe(ida.moves.length);
      expect(replaysToGoal(rows, cols, start, goal, ida.moves)).toBe(true);
    }
  });
});

describe("budgets, cancellation and progress", () => {
  const start = [15, 2, 12, 11, 14, 13, 9, 5, 1, 3, 8, 7, 0, 10, 6, 4]; // Korf 88: 65 moves
  const goal = Array.from({ length: 16 }, (_, i) => i);

  it("stops on a node budget with a proven lower bound", () => {
    const run = idaStar(4, 4, start, goal, "linear-conflict", { maxNodes: 200_000 });
    expect(run.status).toBe("budget_exhausted");
    expect(run.moves).toBe("");
    expect(run.nodes).toBeGreaterThanOrEqual(200_000);
    expect(run.lowerBound).toBeGreaterThan(40);
    expect(run.lowerBound).toBeLessThanOrEqual(65);
    const astar = aStar(4, 4, start, goal, new LinearConflictHeuristic(4, 4, goal), { maxNodes: 20_000 });
    expect(astar.status).toBe("budget_exhausted");
    expect(astar.lowerBound).toBeLessThanOrEqual(65);
  });

  it("stops when cancelled, and reports every new bound", () => {
    const bounds: number[] = [];
    let polls = 0;
    const run = idaStar(4, 4, start, goal, "linear-conflict", {
      isCancelled: () => ++polls > 20,
      onProgress: (p) => bounds.push(p.bound),
    });
    expect(run.status).toBe("cancelled");
    expect(bounds.length).toBeGreaterThan(0);
    expect(bounds[0]).toBe(run.lowerBound - 2 * (new Set(bounds).size - 1));
    for (let i = 1; i < bounds.length; i++) expect(bounds[i]).toBeGreaterThanOrEqual(bounds[i - 1]);
  });

  it("stops on a time limit", () => {
    const run = idaStar(4, 4, start, goal, "manhattan", { timeLimitMs: 30 });
    expect(run.status).toBe("timed_out");
  });
});
