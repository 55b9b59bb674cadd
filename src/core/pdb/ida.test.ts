// The PDB IDA* keeps one search per compiled heuristic, made from its own copy of the search code
// (see ida.ts): reusing it must not carry anything from one solve into the next, a solve started
// from inside another's callback must get a search of its own, and the copies must really be made
// (a silent fall-back to the shared code would be correct but 25-45% slower).
import { describe, expect, it } from "vitest";
import { buildPatternTable } from "./build.ts";
import { compileHeuristic } from "./compiled.ts";
import { boardKey, exactDistances, keyBoard } from "./exact-distances.ts";
import { applySlidingMoves } from "../sliding/moves.ts";
import { type IdaUnit, idaIteration, idaStar, searchesFromOwnCopies } from "./ida.ts";
import { partitionLayout } from "./layout.ts";
import { expandFrontier } from "../split/frontier.ts";

const layout = partitionLayout({
  rows: 3,
  cols: 3,
  groups: [
    [1, 2, 3, 4],
    [5, 6, 7, 8],
  ],
});
const tables = new Map(layout.tables.map((t) => [t.key, buildPatternTable(3, 3, t.cells)]));
const heuristic = compileHeuristic(layout, (key) => tables.get(key)!);
const goal = [0, 1, 2, 3, 4, 5, 6, 7, 8];
const distances = exactDistances(3, 3, goal, 99);
const boards = [...distances.keys()].filter((_, i) => i % 9973 === 0).map((key) => keyBoard(key, 9));

describe("PDB IDA* search reuse", () => {
  it("answers every solve with one reused search as a fresh search would, and makes its own copies", () => {
    const first = boards.map((board) => idaStar(heuristic, board));
    const again = [...boards]
      .reverse()
      .map((board) => idaStar(heuristic, board))
      .reverse();
    for (const [i, board] of boards.entries()) {
      expect(first[i].moves.length).toBe(distances.get(boardKey(board, 9)));
      expect(again[i]).toEqual(first[i]);
    }
    expect(searchesFromOwnCopies()).toBe(true);
  });

  it("gives a solve started inside another solve's progress callback a search of its own", () => {
    const outer = boards.find((board) => distances.get(boardKey(board, 9))! >= 20)!;
    const inner = boards.find((board) => board !== outer && distances.get(boardKey(board, 9))! >= 10)!;
    let nested: ReturnType<typeof idaStar> | undefined;
    const result = idaStar(heuristic, outer, {
      onProgress: () => {
        nested ??= idaStar(heuristic, inner);
      },
    });
    expect(nested?.moves.length).toBe(distances.get(boardKey(inner, 9)));
    expect(result.moves.length).toBe(distances.get(boardKey(outer, 9)));
  });

  it("starts each solve afresh after a cancelled one", () => {
    const board = boards.find((b) => distances.get(boardKey(b, 9))! >= 20)!;
    const cancelled = idaStar(heuristic, board, { isCancelled: () => true });
    expect(cancelled.status).toBe("cancelled");
    const solved = idaStar(heuristic, board);
    expect(solved.status).toBe("solved");
    expect(solved.moves.length).toBe(distances.get(boardKey(board, 9)));
  });

  it("skips states searched before in the iteration: never more nodes, the same optimal lengths", () => {
    let with_ = 0;
    let without = 0;
    for (const board of boards) {
      const skipping = idaStar(heuristic, board, { transpositions: true });
      const plain = idaStar(heuristic, board, { transpositions: false, machineLength: 0 });
      expect(skipping.moves.length).toBe(distances.get(boardKey(board, 9)));
      expect(plain.moves.length).toBe(skipping.moves.length);
      expect(skipping.nodes).toBeLessThanOrEqual(plain.nodes);
      with_ += skipping.nodes;
      without += plain.nodes;
    }
    expect(with_).toBeLessThan(without);
  });

  it("prunes the second path around a 2x2 block: same optimal lengths, fewer nodes", () => {
    // The two six-move paths it pairs reach the same board (blank moves 0..3 = U, D, L, R).
    const play = (moves: number[]) => {
      const board = [...goal];
      let blank = 0;
      for (const move of moves) {
        const next = blank + [-3, 3, -1, 1][move];
        board[blank] = board[next];
        board[next] = 0;
        blank = next;
      }
      return board;
    };
    expect(play([3, 1, 2, 0, 3, 1])).toEqual(play([1, 3, 0, 2, 1, 3])); // R D L U R D = D R U L D R
    expect(play([3, 1, 2, 0, 3, 1])).not.toEqual(play([3, 1, 2, 0])); // the search must see the pair
    let pruned = 0;
    let plain = 0;
    for (const board of boards) {
      const on = idaStar(heuristic, board, { transpositions: false, machineLength: 6 });
      const off = idaStar(heuristic, board, { transpositions: false, machineLength: 0 });
      expect(on.moves.length).toBe(distances.get(boardKey(board, 9)));
      expect(off.moves.length).toBe(on.moves.length);
      expect(on.nodes).toBeLessThanOrEqual(off.nodes);
      pruned += on.nodes;
      plain += off.nodes;
    }
    expect(pruned).toBeLessThan(plain);
    expect(() => idaStar(heuristic, boards[1], { transpositions: true, machineLength: 6 })).toThrow(
      RangeError,
    );
  });

  it("the move machine of 12-move sequences: same optimal lengths, answers replay, fewer nodes than 6", () => {
    let longer = 0;
    let shorter = 0;
    for (const board of boards) {
      const twelve = idaStar(heuristic, board, { transpositions: false, machineLength: 12 });
      const six = idaStar(heuristic, board, { transpositions: false, machineLength: 6 });
      expect(twelve.moves.length).toBe(distances.get(boardKey(board, 9)));
      expect(applySlidingMoves(3, 3, board, twelve.moves.map((m) => "UDLR"[m]).join(""))).toEqual(goal);
      longer += twelve.nodes;
      shorter += six.nodes;
    }
    expect(longer).toBeLessThan(shorter);
  });
});

describe("PDB IDA* units of a split search", () => {
  const offsets = [-3, 3, -1, 1];
  /** Every path of `depth` moves from `board` that never undoes a move (as re-split units), as units. */
  function unitsOf(board: readonly number[], depth: number, bound: number): IdaUnit[] {
    let paths = [{ path: [] as number[], state: Int32Array.from(board), prevBlank: -1 }];
    for (let d = 0; d < depth; d++) {
      paths = paths.flatMap(({ path, state, prevBlank }) => {
        const blank = state.indexOf(0);
        return [0, 1, 2, 3].flatMap((m) => {
          const to = blank + offsets[m];
          const onBoard = m < 2 ? to >= 0 && to < 9 : Math.floor(to / 3) === Math.floor(blank / 3);
          if (!onBoard || to === prevBlank) return [];
          const next = Int32Array.from(state);
          next[blank] = next[to];
          next[to] = 0;
          return [{ path: [...path, m], state: next, prevBlank: blank }];
        });
      });
    }
    return paths.map(({ path, state, prevBlank }) => ({ state, g: depth, prevBlank, bound, root: -1, path }));
  }

  it("carries the move machine along a unit's path: the optimum found, nothing shorter, fewer nodes than afresh", () => {
    let carried = 0;
    let fresh = 0;
    for (const board of boards) {
      const length = distances.get(boardKey(board, 9))!;
      if (length < 8) continue;
      for (const bound of [length - 2, length]) {
        let found = 0;
        for (const unit of unitsOf(board, 4, bound)) {
          const withPath = idaIteration(heuristic, unit, { transpositions: false });
          const afresh = idaIteration(heuristic, { ...unit, path: undefined }, { transpositions: false });
          carried += withPath.nodes;
          fresh += afresh.nodes;
          if (withPath.moves === null) continue;
          found++;
          const moves = [...Array.from(unit.path!), ...withPath.moves].map((m) => "UDLR"[m]).join("");
          expect(moves.length).toBe(length);
          expect(applySlidingMoves(3, 3, board, moves)).toEqual(goal);
        }
        // Below the optimum nothing; at it, at least the unit of the shortlex-smallest solution.
        expect(found > 0).toBe(bound === length);
      }
    }
    expect(carried).toBeLessThan(fresh);
  });

  // The frontier keeps one path per state: the lexicographically smallest in the kernel's move codes
  // (0..3 here, the frame being canonical), which is the shortlex-smallest solution's prefix when the
  // state is on it. In another order the kept path may be pruned, or prune that solution's suffix.
  it("with a deep frontier's units, finds the optimum only if the frontier keeps paths in the kernel's order", () => {
    const many = [...distances.keys()].filter((_, i) => i % 97 === 0).map((key) => keyBoard(key, 9));
    // A scrambled order of siblings: the first path met is often not the smallest.
    const rank = (board: readonly number[]) =>
      board.reduce((h, tile, cell) => Math.imul(h ^ (tile * 31 + cell), 0x9e3779b1), 7) >>> 20;
    const missed = (moveCodes: number[]): number => {
      let count = 0;
      for (const board of many) {
        const length = distances.get(boardKey(board, 9))!;
        const frontier = expandFrontier({ rows: 3, cols: 3, start: board, goal }, 60, { rank, moveCodes });
        if (frontier.kind !== "frontier" || length < 14) continue;
        const found = frontier.nodes.some((node) => {
          const path = [...node.moves].map((m) => "UDLR".indexOf(m));
          const state = Int32Array.from(node.board);
          const prevBlank = state.indexOf(0) - offsets[path[path.length - 1]];
          const unit = { state, g: path.length, prevBlank, bound: length, root: -1, path };
          return idaIteration(heuristic, unit, { transpositions: false }).moves !== null;
        });
        if (!found) count++;
      }
      return count;
    };
    expect(missed([0, 1, 2, 3])).toBe(0);
    expect(missed([3, 2, 1, 0])).toBeGreaterThan(0);
  });
});
