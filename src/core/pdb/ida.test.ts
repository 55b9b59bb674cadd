// The PDB IDA* keeps one search per compiled heuristic, made from its own copy of the search code
// (see ida.ts): reusing it must not carry anything from one solve into the next, a solve started
// from inside another's callback must get a search of its own, and the copies must really be made
// (a silent fall-back to the shared code would be correct but 25-45% slower).
import { describe, expect, it } from "vitest";
import { buildPatternTable } from "./build.ts";
import { compileHeuristic } from "./compiled.ts";
import { boardKey, exactDistances, keyBoard } from "./exact-distances.ts";
import { applySlidingMoves } from "../sliding/moves.ts";
import { idaStar, searchesFromOwnCopies } from "./ida.ts";
import { partitionLayout } from "./layout.ts";

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
