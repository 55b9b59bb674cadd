// The split search gives the unsplit search's optimal length on random 4x4 and 5x5 boards and on
// rectangular ones (3x4 to 5x4, 2x5), and its
// answers replay to the goal; the frontier drops transpositions, never undoes a move and answers a
// goal met on the way; the coordinator answers only once every unit's bound reaches the answer.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applySlidingMoves } from "../sliding/moves.ts";
import { pdbAvailable } from "../pdb/index.ts";
import { solve } from "../solve.ts";
import type { SlidingSpec } from "../types.ts";
import {
  type SplitState,
  childMoves,
  fold,
  initialState,
  isDone,
  isObsolete,
  lowerBound,
  next,
  release,
  widen,
} from "./coordinator.ts";
import { planUnits } from "./plan.ts";
import { predictNextIteration, searchUnitDeepening } from "./deepening-unit.ts";
import { searchUnit } from "./unit-searcher.ts";
import { type FrontierNode, childNodes, expandFrontier } from "./frontier.ts";

const goalOf = (n: number) => [...Array.from({ length: n - 1 }, (_, i) => i + 1), 0];

/** A board after a random walk of `moves` from the goal (the walk never undoes its last move). */
function walk(rows: number, cols: number, choices: readonly number[]): number[] {
  let board = goalOf(rows * cols);
  let moves = "";
  for (const choice of choices) {
    const kids = childNodes(rows, cols, { moves, board });
    const kid = kids[choice % kids.length];
    board = [...kid.board];
    moves = kid.moves;
  }
  return board;
}

const spec = (rows: number, cols: number, start: number[]): SlidingSpec => ({
  kind: "sliding",
  rows,
  cols,
  start,
  goal: goalOf(rows * cols),
});

function expectSameLength(s: SlidingSpec, maxNodes?: number): void {
  const plain = solve(s, { heuristic: "linear-conflict", maxNodes });
  if (plain.status !== "solved") return; // over the budget: nothing to compare
  const split = solve(s, { heuristic: "linear-conflict", split: true });
  expect(split.status).toBe("solved");
  expect(split.length).toBe(plain.length);
  expect(split.optimal).toBe(true);
  expect(applySlidingMoves(s.rows, s.cols, s.start, split.moves)).toEqual(s.goal);
  // The result says it ran split (Solve.unitsTotal), and the unsplit one says it did not. A goal the
  // frontier met while expanding (a board a few moves from it, e.g. a short 2x5 walk) leaves 0 units.
  expect(split.units).toBeGreaterThanOrEqual(split.nodes === 0 ? 0 : 1);
  expect(plain.units).toBeUndefined();
}

describe("split search vs unsplit", () => {
  it("4x4 random walks of 30-50 moves: same length, answers replay", () => {
    fc.assert(
      fc.property(fc.array(fc.nat(), { minLength: 30, maxLength: 50 }), (choices) => {
        expectSameLength(spec(4, 4, walk(4, 4, choices)));
      }),
      { numRuns: 200 },
    );
  });

  it("4x4 random states (solved unsplit within a node budget): same length", () => {
    fc.assert(
      fc.property(fc.shuffledSubarray([...Array(16).keys()], { minLength: 16, maxLength: 16 }), (tiles) => {
        const s = spec(4, 4, tiles);
        const plain = solve(s, { heuristic: "linear-conflict", maxNodes: 300_000 });
        if (plain.status === "unsolvable") return;
        expectSameLength(s, 300_000);
      }),
      { numRuns: 40 },
    );
  });

  it("4x4 with the 6-6-3 pattern databases (built in memory): same length", () => {
    fc.assert(
      fc.property(fc.array(fc.nat(), { minLength: 40, maxLength: 60 }), (choices) => {
        const s = spec(4, 4, walk(4, 4, choices));
        const plain = solve(s, { heuristic: "pdb:663" });
        const split = solve(s, { heuristic: "pdb:663", split: true });
        expect(split.heuristic).toBe("pdb:663+reflect");
        expect(split.length).toBe(plain.length);
        expect(applySlidingMoves(4, 4, s.start, split.moves)).toEqual(s.goal);
      }),
      { numRuns: 20 },
    );
  }, 240_000);

  // Korf 24 #25 (docs/distributed.md): a unit split later listed its children in move order, not in
  // the kernel's order as the frontier does, so a search planned for 1 thread met the solution's
  // unit after another order of units in its last iteration than one planned for 2 threads: 79.7 M
  // against 126.4 M nodes, from the order alone.
  it("the units keep one depth-first order however finely the search is cut (6-6-3 tables)", () => {
    // The tables (built here if no test before this one did): without them nothing is ranked.
    solve(spec(4, 4, walk(4, 4, [1, 2, 3])), { heuristic: "pdb:663" });
    expect(pdbAvailable("pdb:663")).toBe(true);
    fc.assert(
      fc.property(fc.array(fc.nat(), { minLength: 40, maxLength: 60 }), (choices) => {
        const s = spec(4, 4, walk(4, 4, choices));
        const coarse = planUnits(s, { threads: 1, heuristic: "pdb:663" });
        const fine = planUnits(s, { threads: 8, heuristic: "pdb:663" });
        if (isDone(coarse) || isDone(fine)) return; // solved while planning
        expect(fine.depth).toBeGreaterThan(coarse.depth!);
        // Each coarse unit split down to the fine plan's depth, children in place of their parent
        // (as a re-split and widen do); a state met twice kept where it is first met, as the
        // frontier keeps it (two paths of 6 moves can meet: the shortest cycle has 12; the frontier
        // may keep the other path, so states are compared).
        const cut = (moves: string): string[] =>
          moves.length >= fine.depth!
            ? [moves]
            : childMoves(coarse.shape!, moves, coarse.heuristic).flatMap(cut);
        const key = (moves: string) => applySlidingMoves(4, 4, s.start, moves).join(",");
        const seen = new Set<string>();
        const first = coarse.units
          .flatMap((unit) => cut(unit.moves).map(key))
          .filter((board) => !seen.has(board) && seen.add(board) !== undefined);
        expect(first).toEqual(fine.units.map((unit) => key(unit.moves)));
      }),
      { numRuns: 30 },
    );
  }, 240_000);

  // The kernel searches in a canonical frame (blank home top-left): a goal with the blank bottom-right
  // is turned there, its U/D and L/R swapped. Units are listed, and their paths chosen, in the frame's
  // move order, so the plan is the turned board's plan with the moves swapped back.
  it("lists units in the kernel's canonical frame: the same plan for a board and its turned copy", () => {
    solve(spec(4, 4, walk(4, 4, [1, 2, 3])), { heuristic: "pdb:663" }); // the tables
    const swap: Readonly<Record<string, string>> = { U: "D", D: "U", L: "R", R: "L" };
    fc.assert(
      fc.property(fc.array(fc.nat(), { minLength: 40, maxLength: 60 }), fc.nat(127), (choices, threads) => {
        const s = spec(4, 4, walk(4, 4, choices));
        const turned: SlidingSpec = {
          ...s,
          start: s.start.map((_, cell) => (s.start[15 - cell] === 0 ? 0 : 16 - s.start[15 - cell])),
          goal: [...Array(16).keys()],
        };
        const plan = planUnits(s, { threads: threads + 1, heuristic: "pdb:663" });
        const turnedPlan = planUnits(turned, { threads: threads + 1, heuristic: "pdb:663" });
        const swapped = (moves: string) => [...moves].map((m) => swap[m]).join("");
        expect(plan.units.map((unit) => swapped(unit.moves))).toEqual(
          turnedPlan.units.map((unit) => unit.moves),
        );
      }),
      { numRuns: 30 },
    );
  }, 240_000);

  it("4x4 with the 6-6-3 pattern databases and the move machine (transposition table off): same length", () => {
    fc.assert(
      fc.property(fc.array(fc.nat(), { minLength: 40, maxLength: 60 }), (choices) => {
        const s = spec(4, 4, walk(4, 4, choices));
        const plain = solve(s, { heuristic: "pdb:663" });
        const split = solve(s, { heuristic: "pdb:663", split: true, transpositions: false });
        expect(split.length).toBe(plain.length);
        expect(applySlidingMoves(4, 4, s.start, split.moves)).toEqual(s.goal);
      }),
      { numRuns: 20 },
    );
  }, 240_000);

  // Units deep enough for two paths of one length to meet (the frontier keeps the lexicographically
  // smallest, and the move machine runs on from it), some re-split: the answer stays optimal.
  it("4x4 with the 6-6-3 pattern databases, the move machine and a deep frontier: same length", () => {
    fc.assert(
      fc.property(fc.array(fc.nat(), { minLength: 40, maxLength: 60 }), (choices) => {
        const s = spec(4, 4, walk(4, 4, choices));
        const plain = solve(s, { heuristic: "pdb:663" });
        const state = planUnits(s, {
          threads: 64,
          heuristic: "pdb:663",
          resplit: { factor: 2, minNodes: 1000 },
        });
        if (!isDone(state)) expect(state.depth).toBeGreaterThanOrEqual(6);
        for (let task = next(state); task !== null; task = next(state))
          fold(state, task, searchUnit(s, task, undefined, { transpositions: false }));
        expect(isDone(state)).toBe(true);
        expect(state.best?.length).toBe(plain.length);
        expect(applySlidingMoves(4, 4, s.start, state.best ?? "")).toEqual(s.goal);
      }),
      { numRuns: 20 },
    );
  }, 240_000);

  it("5x5 random walks of about 30 moves: same length", () => {
    fc.assert(
      fc.property(fc.array(fc.nat(), { minLength: 28, maxLength: 32 }), (choices) => {
        expectSameLength(spec(5, 5, walk(5, 5, choices)));
      }),
      { numRuns: 8 },
    );
  });
});

// Rectangular boards (sides 2..5, AUTO splits those of 15 cells or more on the platform): the split
// search's units, frontier and kernel on boards whose rows and columns differ, both ways round.
describe("split search vs unsplit on rectangular boards", () => {
  const shapes: ReadonlyArray<readonly [number, number]> = [
    [3, 4],
    [4, 3],
    [3, 5],
    [5, 3],
    [4, 5],
    [5, 4],
    [2, 5],
    [5, 2],
  ];

  for (const [rows, cols] of shapes) {
    it(`${rows}x${cols} random walks of 20-60 moves: same length, answers replay`, () => {
      fc.assert(
        fc.property(fc.array(fc.nat(), { minLength: 20, maxLength: 60 }), (choices) => {
          expectSameLength(spec(rows, cols, walk(rows, cols, choices)), 2_000_000);
        }),
        { numRuns: rows * cols >= 20 ? 15 : 40 },
      );
    }, 120_000);
  }

  for (const [rows, cols] of shapes.filter(([r, c]) => r * c <= 15)) {
    it(`${rows}x${cols} random states (solved unsplit within a node budget): same length`, () => {
      const n = rows * cols;
      fc.assert(
        fc.property(fc.shuffledSubarray([...Array(n).keys()], { minLength: n, maxLength: n }), (tiles) => {
          const s = spec(rows, cols, tiles);
          if (solve(s, { heuristic: "linear-conflict", maxNodes: 1 }).status === "unsolvable") return;
          expectSameLength(s, 2_000_000);
        }),
        { numRuns: n >= 15 ? 10 : 30 },
      );
    }, 120_000);
  }

  it("a 4x5 and its transpose (5x4): the same optimum split and unsplit", () => {
    const board = walk(
      4,
      5,
      Array.from({ length: 45 }, (_, i) => (i * 7) % 5),
    );
    const s = spec(4, 5, board);
    // The transpose: the tile at (r, c) of the 4x5 goes to (c, r) of the 5x4, renumbered to its place
    // in the 5x4's goal, so both boards are the same puzzle (same distance).
    const at = (r: number, c: number) => board[r * 5 + c];
    const home = (t: number) => (t === 0 ? 19 : t - 1); // the tile's home index on the 4x5
    const renumber = (t: number) => {
      if (t === 0) return 0;
      const h = home(t);
      const [r, c] = [Math.floor(h / 5), h % 5];
      return c * 4 + r + 1;
    };
    const transposed: number[] = [];
    for (let c = 0; c < 5; c++) for (let r = 0; r < 4; r++) transposed.push(renumber(at(r, c)));
    const t = spec(5, 4, transposed);
    const plain = solve(s, { heuristic: "linear-conflict" });
    const split = solve(s, { heuristic: "linear-conflict", split: true });
    const splitT = solve(t, { heuristic: "linear-conflict", split: true });
    expect(split.length).toBe(plain.length);
    expect(splitT.length).toBe(plain.length);
    expect(applySlidingMoves(5, 4, t.start, splitT.moves)).toEqual(t.goal);
  }, 120_000);
});

/**
 * The first bound a search reports (the unsplit IDA*'s is h(root), rounded to the parity), after
 * the reports of a table build if one ran.
 */
function firstBound(s: SlidingSpec, options: Parameters<typeof solve>[1]): number {
  const bounds: number[] = [];
  solve(s, { ...options, maxNodes: 1, onProgress: (p) => p.phase === undefined && bounds.push(p.bound) });
  return bounds[0];
}

describe("the split search's first bound", () => {
  // Boards far from the goal (h(root) in the 40s to 60s), where the frontier's depth (a few moves)
  // would be a true but useless bound.
  const far = (rows: number, choices: readonly number[]) => spec(rows, rows, walk(rows, rows, choices));

  it("is never below h(root): every unit starts at max(its f, h(root)), and the first report says so", () => {
    fc.assert(
      fc.property(fc.array(fc.nat(), { minLength: 150, maxLength: 300 }), fc.boolean(), (choices, five) => {
        const s = far(five ? 5 : 4, choices);
        const rootBound = firstBound(s, { heuristic: "linear-conflict" });
        for (const threads of [1, 2, 8]) {
          const state = planUnits(s, { threads, heuristic: "linear-conflict" });
          expect(state.rootBound).toBe(rootBound);
          expect(lowerBound(state)).toBeGreaterThanOrEqual(rootBound);
          for (const unit of state.units) {
            // The unit's own f (an iteration under bound -1 only evaluates its state).
            const task = {
              id: unit.id,
              round: 0,
              moves: unit.moves,
              bound: -1,
              heuristic: "linear-conflict",
            };
            expect(unit.bound).toBeGreaterThanOrEqual(searchUnit(s, task).nextBound);
            expect((unit.bound - rootBound) % 2).toBe(0);
          }
        }
        expect(firstBound(s, { heuristic: "linear-conflict", split: true })).toBeGreaterThanOrEqual(
          rootBound,
        );
      }),
      { numRuns: 30 },
    );
  });

  /**
   * A plan from `proven` (planUnits' provenBound) starts no unit below it, and searched to its end
   * answers `optimum`.
   */
  function expectOptimumFrom(s: SlidingSpec, proven: number, optimum: number): void {
    const state = planUnits(s, { threads: 2, heuristic: "linear-conflict", provenBound: proven });
    if (isDone(state)) return; // the goal met while the frontier was expanded
    expect(lowerBound(state)).toBeGreaterThanOrEqual(proven);
    expect(state.rootBound).toBeGreaterThanOrEqual(proven);
    for (const unit of state.units) expect(unit.bound).toBeGreaterThanOrEqual(proven);
    for (let task = next(state); task !== null; task = next(state)) fold(state, task, searchUnit(s, task));
    expect(isDone(state)).toBe(true);
    expect(state.best?.length).toBe(optimum);
  }

  it("starts no unit below a bound an earlier search proved, and still finds the optimum", () => {
    fc.assert(
      fc.property(fc.array(fc.nat(), { minLength: 40, maxLength: 70 }), fc.nat(20_000), (choices, budget) => {
        const s = spec(4, 4, walk(4, 4, choices));
        const optimum = solve(s, { algorithm: "idastar", heuristic: "linear-conflict" }).length;
        // An earlier search stopped by its node budget proved this much (the CLI's first try).
        const earlier = solve(s, {
          algorithm: "idastar",
          heuristic: "linear-conflict",
          maxNodes: budget + 1,
        });
        expectOptimumFrom(s, earlier.status === "solved" ? optimum : earlier.lowerBound, optimum);
      }),
      { numRuns: 40 },
    );
  });

  it("planned again from the bound a split search had proved when its state was lost: same optimum", () => {
    // The platform's case (docs/distributed.md, "Redis restarted empty"): a split search stopped after
    // some of its unit results, its lowerBound(state) stored; a new plan from that bound alone (no
    // other state) still answers the optimal length, and starts no unit below the bound.
    fc.assert(
      fc.property(fc.array(fc.nat(), { minLength: 40, maxLength: 70 }), fc.nat(120), (choices, folds) => {
        const s = spec(4, 4, walk(4, 4, choices));
        const optimum = solve(s, { algorithm: "idastar", heuristic: "linear-conflict" }).length;
        const lost = planUnits(s, { threads: 2, heuristic: "linear-conflict" });
        if (isDone(lost)) return;
        for (
          let i = 0, task = next(lost);
          i < folds && task !== null && !isDone(lost);
          i++, task = next(lost)
        )
          fold(lost, task, searchUnit(s, task));
        const proven = isDone(lost) ? optimum : lowerBound(lost);
        expect(proven).toBeLessThanOrEqual(optimum);
        expectOptimumFrom(s, proven, optimum);
      }),
      { numRuns: 40 },
    );
  });

  it("with the 6-6-3 pattern databases too", () => {
    const s = spec(4, 4, [12, 7, 1, 5, 8, 11, 15, 2, 13, 3, 10, 6, 14, 9, 4, 0]); // 56 moves
    const rootBound = firstBound(s, { heuristic: "pdb:663" });
    expect(rootBound).toBeGreaterThan(40);
    expect(firstBound(s, { heuristic: "pdb:663", split: true })).toBeGreaterThanOrEqual(rootBound);
    const state = planUnits(s, { threads: 4, heuristic: "pdb:663" });
    expect(state.rootBound).toBe(rootBound);
    expect(lowerBound(state)).toBeGreaterThanOrEqual(rootBound);
    for (const unit of state.units) {
      const task = { id: unit.id, round: 0, moves: unit.moves, bound: -1, heuristic: "pdb:663" };
      expect(unit.bound).toBeGreaterThanOrEqual(searchUnit(s, task).nextBound);
    }
  }, 240_000);
});

describe("frontier", () => {
  const s = spec(3, 3, [8, 6, 7, 2, 5, 4, 3, 0, 1]);

  it("holds each state once, none also reached at a smaller depth", () => {
    const f = expandFrontier(s, 200);
    if (f.kind !== "frontier") throw new Error("expected a frontier");
    const keys = f.nodes.map((node) => node.board.join(","));
    expect(new Set(keys).size).toBe(keys.length);
    for (const node of f.nodes) {
      expect(node.moves.length).toBe(f.depth);
      expect(applySlidingMoves(3, 3, s.start, node.moves)).toEqual(node.board);
      // Every prefix's state is another (no state seen twice on the path).
      const seen = new Set<string>();
      for (let i = 0; i <= node.moves.length; i++)
        seen.add(applySlidingMoves(3, 3, s.start, node.moves.slice(0, i)).join(","));
      expect(seen.size).toBe(node.moves.length + 1);
    }
    // Without dedupe a 3x3 frontier of this depth has more paths than distinct states.
    let paths: FrontierNode[] = [{ moves: "", board: [...s.start] }];
    for (let d = 0; d < f.depth; d++) paths = paths.flatMap((p) => childNodes(3, 3, p));
    expect(paths.length).toBeGreaterThan(f.nodes.length);
  });

  it("keeps of a state's paths of its depth the smallest in the kernel's move codes, where the first stood", () => {
    // A scrambled order of siblings and move codes other than U < D < L < R: the first path met is
    // often not the smallest.
    const rank = (board: readonly number[]) =>
      board.reduce((h, tile, cell) => Math.imul(h ^ (tile * 31 + cell), 0x9e3779b1), 7) >>> 20;
    const moveCodes = [1, 0, 3, 2];
    const f = expandFrontier(s, 200, { rank, moveCodes });
    const firstMet = expandFrontier(s, 200, { rank });
    if (f.kind !== "frontier" || firstMet.kind !== "frontier") throw new Error("expected a frontier");
    expect(f.depth).toBeGreaterThanOrEqual(6);
    const coded = (moves: string) => [...moves].map((m) => moveCodes["UDLR".indexOf(m)]).join("");
    let paths: FrontierNode[] = [{ moves: "", board: [...s.start] }];
    for (let d = 0; d < f.depth; d++) paths = paths.flatMap((p) => childNodes(3, 3, p));
    const smallest = new Map<string, string>();
    for (const p of paths) {
      const key = p.board.join(",");
      const kept = smallest.get(key);
      if (kept === undefined || coded(p.moves) < coded(kept)) smallest.set(key, p.moves);
    }
    expect(f.nodes.map((node) => node.moves)).toEqual(
      f.nodes.map((node) => smallest.get(node.board.join(","))),
    );
    expect(f.nodes.map((node) => node.board)).toEqual(firstMet.nodes.map((node) => node.board));
  });

  it("never undoes the previous move", () => {
    const kids = childNodes(3, 3, { moves: "U", board: applySlidingMoves(3, 3, s.start, "U") });
    expect(kids.map((k) => k.moves)).not.toContain("UD");
    expect(kids.length).toBe(3); // the blank is in the centre: four moves, less the way back
  });

  it("answers a goal met during the expansion (a shortest path)", () => {
    const near = spec(3, 3, applySlidingMoves(3, 3, goalOf(9), "ULUR"));
    const f = expandFrontier(near, 10_000);
    expect(f.kind).toBe("solved");
    if (f.kind === "solved") {
      expect(f.moves.length).toBe(4);
      expect(applySlidingMoves(3, 3, near.start, f.moves)).toEqual(goalOf(9));
    }
  });
});

describe("coordinator", () => {
  it("hands out the smallest bound first and answers only when every bound reaches the answer", () => {
    const s = initialState(["U", "L", "R"], 0, 10);
    const a = next(s)!;
    fold(s, a, { solution: null, nodes: 5, nextBound: 13 }); // a: 14 (parity)
    const b = next(s)!;
    expect(b.bound).toBe(10);
    fold(s, b, { solution: null, nodes: 5, nextBound: 12 }); // b: 12
    const c = next(s)!;
    expect(c.id).toBe(2); // c (10) before b (12)
    const b2 = next(s)!;
    expect(b2.id).toBe(1);
    fold(s, b2, { solution: "D".repeat(11), nodes: 5, nextBound: Infinity }); // length 12
    expect(s.best?.length).toBe(12);
    expect(isDone(s)).toBe(false); // c is still at 10: a solution of 10 may be there
    expect(lowerBound(s)).toBe(10);
    expect(next(s)).toBeNull(); // a (14) cannot improve 12; c is busy
    fold(s, c, { solution: null, nodes: 1, nextBound: 11 }); // c: 12
    expect(isDone(s)).toBe(true);
    expect(lowerBound(s)).toBe(12);
  });

  it("a shorter solution replaces a longer one; units at or above it stop", () => {
    const s = initialState(["U", "L"], 0, 10);
    fold(s, next(s)!, { solution: null, nodes: 1, nextBound: 12 });
    fold(s, next(s)!, { solution: null, nodes: 1, nextBound: 12 });
    const a2 = next(s)!;
    const b2 = next(s)!;
    fold(s, a2, { solution: "x".repeat(11), nodes: 1, nextBound: Infinity }); // 12
    expect(isObsolete(s, b2)).toBe(true);
    fold(s, b2, { solution: null, nodes: 1, nextBound: 14, stopped: true });
    expect(isDone(s)).toBe(true);
    expect(s.best?.length).toBe(12);
  });

  it("re-splits a unit far above the median into its children, which keep its bound", () => {
    const shape = { rows: 4, cols: 4, start: goalOf(16) };
    const s = initialState(["U", "L", "UL", "LU"], 0, 10, shape, { factor: 4, minNodes: 100 });
    const tasks = [next(s)!, next(s)!, next(s)!, next(s)!];
    fold(s, tasks[0], { solution: null, nodes: 10, nextBound: 12 });
    fold(s, tasks[1], { solution: null, nodes: 12, nextBound: 12 });
    fold(s, tasks[2], { solution: null, nodes: 11, nextBound: 12 });
    fold(s, tasks[3], { solution: null, nodes: 1000, nextBound: 12 });
    expect(s.resplits).toBe(1);
    const children = s.units.filter((u) => u.moves.startsWith("LU"));
    expect(children.map((u) => u.moves)).toEqual(["LUU", "LUL", "LUR"]);
    expect(children.every((u) => u.bound === 12)).toBe(true);
    // The state is plain JSON.
    expect(JSON.parse(JSON.stringify(s))).toEqual(s);
  });

  it("widens a search planned for fewer threads: more units, the same bounds, the same answer", () => {
    fc.assert(
      fc.property(fc.array(fc.nat(), { minLength: 30, maxLength: 50 }), fc.nat(6), (choices, after) => {
        const s = spec(4, 4, walk(4, 4, choices));
        const plain = solve(s, { heuristic: "linear-conflict" });
        const state: SplitState = planUnits(s, { threads: 1, heuristic: "linear-conflict" });
        if (isDone(state)) return; // solved while planning
        // A few units searched first (one still busy), then the fleet grows.
        const busy = [];
        for (let i = 0; i < after; i++) {
          const task = next(state);
          if (task === null) break;
          fold(state, task, searchUnit(s, task));
        }
        const held = next(state);
        if (held !== null) busy.push(held);
        const low = lowerBound(state);
        const before = state.units.length;
        const target = before + 30;
        const limitLength = state.best?.length ?? Number.POSITIVE_INFINITY;
        const open = state.units.some((u) => !u.busy && u.bound < limitLength);
        widen(state, target);
        // Free units still below the answer were split; settled and busy ones never are.
        if (open) expect(state.units.length).toBeGreaterThan(before);
        else expect(state.units.length).toBe(before);
        expect(lowerBound(state)).toBe(low);
        for (const task of busy) expect(state.units.find((u) => u.id === task.id)?.busy).toBe(true);
        for (const task of busy) fold(state, task, searchUnit(s, task));
        for (let task = next(state); task !== null; task = next(state))
          fold(state, task, searchUnit(s, task));
        expect(isDone(state)).toBe(true);
        expect(state.best?.length).toBe(plain.length);
        expect(applySlidingMoves(4, 4, s.start, state.best ?? "")).toEqual(s.goal);
      }),
      { numRuns: 60 },
    );
  });

  it("units that go on deepening while their work is tiny give the same answer", () => {
    fc.assert(
      fc.property(fc.array(fc.nat(), { minLength: 30, maxLength: 50 }), fc.nat(20_000), (choices, below) => {
        const s = spec(4, 4, walk(4, 4, choices));
        const plain = solve(s, { heuristic: "linear-conflict" });
        const state = planUnits(s, { threads: 2, heuristic: "linear-conflict" });
        // Two units in flight at a time, folded in turn: results of several bounds each.
        const busy = [next(state), next(state)].filter((t) => t !== null);
        while (busy.length > 0) {
          const task = busy.shift()!;
          const result = searchUnitDeepening(s, task, below);
          expect(result.stopped).toBeFalsy();
          fold(state, task, result);
          const more = next(state);
          if (more !== null) busy.push(more);
        }
        expect(isDone(state)).toBe(true);
        expect(state.best?.length).toBe(plain.length);
        expect(applySlidingMoves(4, 4, s.start, state.best ?? "")).toEqual(s.goal);
      }),
      { numRuns: 60 },
    );
  });

  it("a unit job does not start an iteration predicted to take it past its budget", () => {
    const { s, task, first } = firstUnitOf56Moves();
    const second = searchUnit(s, { ...task, bound: first.nextBound });
    const third = searchUnit(s, { ...task, bound: second.nextBound });
    expect(first.solution).toBeNull();
    expect(second.solution).toBeNull();
    // After one iteration the next is taken to be 8 times as large: a budget of exactly that stops.
    const afterOne = first.nodes + predictNextIteration(0, first.nodes);
    expect(searchUnitDeepening(s, task, afterOne)).toMatchObject({
      nodes: first.nodes,
      nextBound: first.nextBound,
      solution: null,
    });
    // After two, the third is predicted from the growth seen between them.
    const afterTwo = first.nodes + second.nodes + predictNextIteration(first.nodes, second.nodes);
    const budget = Math.max(afterOne + 1, afterTwo);
    const two = first.nodes + second.nodes;
    expect(searchUnitDeepening(s, task, budget)).toMatchObject(
      budget === afterTwo ? { nodes: two, nextBound: second.nextBound } : { nodes: two + third.nodes },
    );
    expect(searchUnitDeepening(s, task, budget + 1).nodes).toBe(two + third.nodes);
  });

  it("predicts an iteration from the growth of the last two, clamped", () => {
    expect(predictNextIteration(0, 100)).toBe(800);
    expect(predictNextIteration(0, 0)).toBe(8);
    expect(predictNextIteration(100, 500)).toBe(2500);
    expect(predictNextIteration(100, 150)).toBe(300); // at least twice
    expect(predictNextIteration(1, 1000)).toBe(16_000); // at most 16 times
  });

  it("a deepening unit stopped after a finished iteration keeps the bound that one proved", () => {
    const { s, state, task, first } = firstUnitOf56Moves();
    const second = searchUnit(s, { ...task, bound: first.nextBound });
    expect(first.solution).toBeNull();
    expect(second.nodes).toBeGreaterThan(first.nodes + 1);
    // A budget the first iteration fits in and the second does not: the second one stops.
    const result = searchUnitDeepening(s, task, Number.MAX_SAFE_INTEGER, undefined, {
      maxNodes: first.nodes + 1,
    });
    expect(result.stopped).toBeFalsy();
    expect(result.solution).toBeNull();
    expect(result.nextBound).toBe(first.nextBound);
    expect(result.nodes).toBeGreaterThan(first.nodes);
    fold(state, task, result);
    expect(state.units.find((u) => u.id === task.id)?.bound).toBe(first.nextBound);
  });

  it("folds a result once: a duplicate, or a stale task's, changes nothing", () => {
    const s = initialState(["U", "L"], 0, 10);
    const a = next(s)!;
    expect(fold(s, a, { solution: null, nodes: 7, nextBound: 12 })).toBe(true);
    const after = JSON.stringify(s);
    expect(fold(s, a, { solution: null, nodes: 7, nextBound: 12 })).toBe(false); // delivered twice
    expect(fold(s, a, { solution: "DD", nodes: 3, nextBound: Infinity })).toBe(false); // an older run
    expect(JSON.stringify(s)).toBe(after);
    expect(s.nodes).toBe(7);
  });

  it("a unit whose result was lost is handed out again and gives the same answer", () => {
    const board = walk(4, 4, [0, 1, 2, 3, 0, 1, 2, 3, 2, 1, 0, 3, 3, 2, 1, 0, 1, 2, 3, 0, 0, 1, 2, 3]);
    const p = spec(4, 4, board);
    const plain = solve(p, { heuristic: "linear-conflict" });
    const run = (loseEvery: number): string => {
      // The state goes through JSON at every step, as it would through Redis.
      let state = JSON.parse(JSON.stringify(planUnits(p, { threads: 2, heuristic: "linear-conflict" })));
      let handed = 0;
      for (let task = next(state); task !== null; task = next(state)) {
        const copy = JSON.parse(JSON.stringify(task));
        const result = JSON.parse(JSON.stringify(searchUnit(p, copy)));
        if (++handed % loseEvery === 0) {
          release(state, copy); // interrupted midway: its result never arrives
        } else {
          fold(state, copy, result);
          fold(state, copy, result); // and some arrive twice
        }
        state = JSON.parse(JSON.stringify(state));
      }
      expect(isDone(state)).toBe(true);
      return state.best;
    };
    const once = run(Number.POSITIVE_INFINITY);
    const lossy = run(3);
    expect(lossy.length).toBe(plain.length);
    expect(once.length).toBe(plain.length);
    expect(applySlidingMoves(4, 4, board, lossy)).toEqual(p.goal);
  });
});

/** A 56-move 4x4 board planned for one thread, its first unit's task, and that unit's first iteration. */
function firstUnitOf56Moves() {
  const s = spec(4, 4, [12, 7, 1, 5, 8, 11, 15, 2, 13, 3, 10, 6, 14, 9, 4, 0]);
  const state = planUnits(s, { threads: 1, heuristic: "linear-conflict" });
  const task = next(state)!;
  return { s, state, task, first: searchUnit(s, task) };
}
