// The PDB solver returns optimal, replayable answers for goals with the blank in any corner
// (flipped into the blank-top-left frame and relabelled), stops on budgets, and solves some of
// Korf's 15-puzzles with the 6-6-3 tables (built here in a few seconds).
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applySlidingMoves } from "../sliding/moves.ts";
import type { SlidingSpec } from "../types.ts";
import { exactDistances, keyBoard } from "./exact-distances.ts";
import { pdbAvailable, solveWithPartition, solveWithPdb, strongestAvailablePdb } from "./index.ts";
import { PARTITIONS } from "./partitions.ts";

/**
 * The board after the blank walks from `goal` on a side x side board, never straight back: step i
 * takes the option picks[i] (modulo the options), up, down, left, right.
 */
function walkBlank(goal: readonly number[], side: number, picks: readonly number[]): number[] {
  const board = [...goal];
  let previous = -1;
  for (const pick of picks) {
    const blank = board.indexOf(0);
    const options = [
      blank - side,
      blank + side,
      blank % side ? blank - 1 : -1,
      blank % side !== side - 1 ? blank + 1 : -1,
    ].filter((c) => c >= 0 && c < side * side && c !== previous);
    const to = options[pick % options.length];
    board[blank] = board[to];
    board[to] = 0;
    previous = blank;
  }
  return board;
}

const spec = (rows: number, cols: number, start: number[], goal: number[]): SlidingSpec => ({
  kind: "sliding",
  rows,
  cols,
  start,
  goal,
});

describe("solveWithPartition on 3x3 boards", () => {
  // Goals with the blank in each corner, tiles in a scrambled order.
  const goals = [
    [0, 1, 2, 3, 4, 5, 6, 7, 8],
    [1, 2, 3, 4, 5, 6, 7, 8, 0],
    [5, 3, 0, 8, 1, 7, 2, 4, 6],
    [4, 8, 1, 6, 2, 7, 0, 3, 5],
  ];
  for (const goal of goals) {
    it(`finds optimal solutions for goal ${goal.join("")}`, () => {
      const dist = exactDistances(3, 3, goal);
      const states = [...dist.keys()];
      fc.assert(
        fc.property(fc.integer({ min: 0, max: states.length - 1 }), (i) => {
          const start = keyBoard(states[i], 9);
          const result = solveWithPartition(spec(3, 3, start, goal), [
            [1, 2, 3, 4],
            [5, 6, 7, 8],
          ]);
          expect(result.status).toBe("solved");
          expect(result.length).toBe(dist.get(states[i]));
          expect(applySlidingMoves(3, 3, start, result.moves)).toEqual(goal);
        }),
        { numRuns: 40 },
      );
    });
  }

  it("reports unsolvable boards without searching", () => {
    const result = solveWithPartition(spec(3, 3, [2, 1, 3, 4, 5, 6, 7, 8, 0], [1, 2, 3, 4, 5, 6, 7, 8, 0]), [
      [1, 2, 3, 4],
      [5, 6, 7, 8],
    ]);
    expect(result.status).toBe("unsolvable");
    expect(result.nodes).toBe(0);
  });

  it("refuses a goal whose blank is not in a corner", () => {
    expect(() =>
      solveWithPartition(spec(3, 3, [1, 2, 3, 4, 5, 6, 7, 8, 0], [1, 2, 3, 4, 0, 5, 6, 7, 8]), [
        [1, 2, 3, 4],
        [5, 6, 7, 8],
      ]),
    ).toThrow(/corner/);
  });

  it("stops at the node budget with a proven lower bound", () => {
    const goal = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 0];
    const start = [0, 11, 10, 9, 8, 7, 6, 5, 4, 3, 1, 2];
    const result = solveWithPartition(
      spec(3, 4, start, goal),
      [
        [1, 2, 3],
        [4, 5, 6, 7, 8],
        [9, 10, 11],
      ],
      { maxNodes: 1000 },
    );
    expect(result.status).toBe("budget_exhausted");
    expect(result.nodes).toBeLessThan(2000);
    expect(result.lowerBound).toBeGreaterThan(10);
    expect(result.optimal).toBe(false);
  });

  it("checks a budget below its first poll's in time (--max-nodes 1, 10)", () => {
    const goal = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 0];
    const start = [0, 11, 10, 9, 8, 7, 6, 5, 4, 3, 1, 2];
    const groups = [
      [1, 2, 3],
      [4, 5, 6, 7, 8],
      [9, 10, 11],
    ];
    for (const maxNodes of [1, 10]) {
      const result = solveWithPartition(spec(3, 4, start, goal), groups, { maxNodes });
      expect(result.status).toBe("budget_exhausted");
      // One expansion past the budget at most: up to 4 children, counted as generated.
      expect(result.nodes).toBeLessThanOrEqual(maxNodes + 4);
    }
  });

  it("stops when cancelled", () => {
    const goal = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 0];
    const start = [0, 11, 10, 9, 8, 7, 6, 5, 4, 3, 1, 2];
    const result = solveWithPartition(
      spec(3, 4, start, goal),
      [
        [1, 2, 3],
        [4, 5, 6, 7, 8],
        [9, 10, 11],
      ],
      { isCancelled: () => true },
    );
    expect(result.status).toBe("cancelled");
  });
});

describe("the transposition table on a 5x5 board (off there by default, forced on here)", () => {
  // Seeded random walks from the goal; 3-tile groups keep the tables tiny (13,800 entries each).
  const goal = Array.from({ length: 25 }, (_, i) => i);
  const groups = [
    [1, 2, 3],
    [4, 5, 6],
    [7, 8, 9],
    [10, 11, 12],
    [13, 14, 15],
    [16, 17, 18],
    [19, 20, 21],
    [22, 23, 24],
  ];
  const walk = (seed: number, steps: number): number[] => {
    let state = seed;
    const picks = Array.from({ length: steps }, () => {
      state = (Math.imul(state, 1103515245) + 12345) >>> 0;
      return state >>> 16;
    });
    return walkBlank(goal, 5, picks);
  };

  it("finds the same optimal lengths with never more nodes, the last cell's tile left out of the key", () => {
    let with_ = 0;
    let without = 0;
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const start = walk(seed, 40);
      const on = solveWithPartition(spec(5, 5, start, goal), groups, { transpositions: true });
      const off = solveWithPartition(spec(5, 5, start, goal), groups, {
        transpositions: false,
        machineLength: 0,
      });
      expect(on.status).toBe("solved");
      expect(on.length).toBe(off.length);
      expect(applySlidingMoves(5, 5, start, on.moves)).toEqual(goal);
      expect(on.nodes).toBeLessThanOrEqual(off.nodes);
      with_ += on.nodes;
      without += off.nodes;
    }
    expect(with_).toBeLessThan(without);
  });
});

describe("Korf's 15-puzzles with 6-6-3 + reflection", () => {
  // The main 6-6-3 partition only: one 6-tile table, built once here (seconds).
  const groups = PARTITIONS["663"].groups;
  const lines = readFileSync(new URL("../../../../shared/korf100.txt", import.meta.url), "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "" && !line.startsWith("#"));
  const korfGoal = Array.from({ length: 16 }, (_, i) => i);
  const defaultGoal = [...Array.from({ length: 15 }, (_, i) => i + 1), 0];

  // Instances 2, 9 and 12 (55, 46 and 45 moves) need few nodes.
  for (const number of [2, 9, 12]) {
    it(`solves instance ${number} optimally in both goal conventions`, () => {
      const tiles = lines[number - 1].trim().split(/\s+/).map(Number);
      const optimal = tiles.pop()!;
      const result = solveWithPartition(spec(4, 4, tiles, korfGoal), groups);
      expect(result.length).toBe(optimal);
      expect(applySlidingMoves(4, 4, tiles, result.moves)).toEqual(korfGoal);
      // The file's conversion to the blank-bottom-right goal: rotate 180 degrees, relabel x -> 16 - x.
      const converted = tiles.map((_, i) => (tiles[15 - i] === 0 ? 0 : 16 - tiles[15 - i]));
      const again = solveWithPartition(spec(4, 4, converted, defaultGoal), groups);
      expect(again.length).toBe(optimal);
      expect(applySlidingMoves(4, 4, converted, again.moves)).toEqual(defaultGoal);
    }, 120_000);
  }

  it("random 4x4 boards: the move machine (transposition table off) gives the table's optimal lengths", () => {
    fc.assert(
      fc.property(fc.array(fc.nat(), { minLength: 40, maxLength: 70 }), (choices) => {
        const board = walkBlank(korfGoal, 4, choices);
        const table = solveWithPartition(spec(4, 4, board, korfGoal), groups);
        const machine = solveWithPartition(spec(4, 4, board, korfGoal), groups, { transpositions: false });
        expect(machine.length).toBe(table.length);
        expect(applySlidingMoves(4, 4, board, machine.moves)).toEqual(korfGoal);
      }),
      { numRuns: 30 },
    );
  }, 120_000);

  it("solves instance 9 through solveWithPdb with the 5-5-5 tables, built on demand with progress", () => {
    const tiles = lines[8].trim().split(/\s+/).map(Number);
    const optimal = tiles.pop()!;
    const phases: string[] = [];
    const result = solveWithPdb(spec(4, 4, tiles, korfGoal), "pdb:555", {
      onProgress: (p) => p.phase && phases.push(p.phase),
    });
    expect(result).toMatchObject({
      status: "solved",
      length: optimal,
      optimal: true,
      heuristic: "pdb:555+reflect",
    });
    expect(applySlidingMoves(4, 4, tiles, result.moves)).toEqual(korfGoal);
    expect(phases).toContain("building heuristic tables");
    expect(pdbAvailable("pdb:555")).toBe(true);
    expect(strongestAvailablePdb(spec(4, 4, tiles, korfGoal))).toBe("pdb:555");
    expect(
      strongestAvailablePdb(spec(4, 4, tiles, [1, 2, 3, 4, 5, 0, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15])),
    ).toBe(null);
  }, 120_000);

  it("stops a table build that outlives the solve's time limit", () => {
    const tiles = lines[8].trim().split(/\s+/).map(Number);
    tiles.pop();
    // pdb:78 is never built in tests: its 7-tile table alone takes a minute.
    const result = solveWithPdb(spec(4, 4, tiles, korfGoal), "pdb:78", { timeLimitMs: 50 });
    expect(result.status).toBe("timed_out");
    expect(pdbAvailable("pdb:78")).toBe(false);
  });
});
