// Exhaustive checks on small boards against an independent, plain breadth-first search: the O(n)
// solvability rule on every 2x2, 2x3, 3x2 and 3x3 state for several goals, and the distance
// tables on every 3x3 state.

import { describe, expect, it } from "vitest";
import { isSlidingSolvable } from "./solvability.ts";
import { tableDistance } from "./table.ts";

/** A board as a number in base n (exact: 9^9 < 2^53). */
function keyOf(board: readonly number[]): number {
  let key = 0;
  for (const tile of board) key = key * board.length + tile;
  return key;
}

/** Distances from `goal` to every reachable board. Deliberately naive: no ranks, no tricks. */
function plainBfs(rows: number, cols: number, goal: readonly number[]): Map<number, number> {
  const dist = new Map<number, number>([[keyOf(goal), 0]]);
  let frontier = [goal.slice()];
  for (let d = 1; frontier.length > 0; d++) {
    const next: number[][] = [];
    for (const board of frontier) {
      const blank = board.indexOf(0);
      const r = Math.floor(blank / cols);
      const c = blank % cols;
      const targets = [
        r > 0 ? blank - cols : -1,
        r < rows - 1 ? blank + cols : -1,
        c > 0 ? blank - 1 : -1,
        c < cols - 1 ? blank + 1 : -1,
      ];
      for (const to of targets) {
        if (to < 0) continue;
        const child = board.slice();
        child[blank] = child[to];
        child[to] = 0;
        const key = keyOf(child);
        if (!dist.has(key)) {
          dist.set(key, d);
          next.push(child);
        }
      }
    }
    frontier = next;
  }
  return dist;
}

function* permutations(n: number): Generator<number[]> {
  const a = Array.from({ length: n }, (_, i) => i);
  // Heap's algorithm.
  const c = new Array<number>(n).fill(0);
  yield a.slice();
  for (let i = 1; i < n; ) {
    if (c[i] < i) {
      const j = i % 2 === 0 ? 0 : c[i];
      [a[j], a[i]] = [a[i], a[j]];
      yield a.slice();
      c[i]++;
      i = 1;
    } else {
      c[i++] = 0;
    }
  }
}

const factorial = (n: number): number => (n <= 1 ? 1 : n * factorial(n - 1));

describe("solvability and distance tables agree with breadth-first search on every state", () => {
  const shapes: [number, number, number[][]][] = [
    [
      2,
      2,
      [
        [1, 2, 3, 0],
        [0, 1, 2, 3],
        [3, 0, 1, 2],
      ],
    ],
    [
      2,
      3,
      [
        [1, 2, 3, 4, 5, 0],
        [0, 1, 2, 3, 4, 5],
        [5, 4, 0, 3, 2, 1],
      ],
    ],
    [
      3,
      2,
      [
        [1, 2, 3, 4, 5, 0],
        [2, 0, 1, 5, 4, 3],
      ],
    ],
    [2, 4, [[0, 7, 6, 5, 4, 3, 2, 1]]],
    [
      3,
      3,
      [
        [1, 2, 3, 4, 5, 6, 7, 8, 0],
        [0, 1, 2, 3, 4, 5, 6, 7, 8],
        [8, 1, 5, 7, 3, 6, 4, 0, 2],
      ],
    ],
  ];
  for (const [rows, cols, goals] of shapes) {
    for (const goal of goals) {
      it(`${rows}x${cols} with goal ${goal.join("")}`, () => {
        const reachable = plainBfs(rows, cols, goal);
        expect(reachable.size).toBe(factorial(rows * cols) / 2);
        let checked = 0;
        let wrongSolvability = 0;
        let wrongDistance = 0;
        for (const start of permutations(rows * cols)) {
          checked++;
          const d = reachable.get(keyOf(start)) ?? -1;
          if (isSlidingSolvable({ cols, start, goal }) !== d >= 0) wrongSolvability++;
          if (tableDistance(rows, cols, start, goal) !== d) wrongDistance++;
        }
        expect(checked).toBe(factorial(rows * cols));
        expect(wrongSolvability).toBe(0);
        expect(wrongDistance).toBe(0);
      });
    }
  }
});
