// Solvability of a sliding puzzle for any width and any goal, in O(n) with no search.
//
// Every move swaps the blank with a neighbour: one transposition of the board's permutation, and one
// step of the blank on the grid (changing the parity of row + col). So a goal is reachable only if
// the permutation taking start to goal has the same parity as the blank's Manhattan distance between
// the two boards; on grids with both sides >= 2 that condition is also sufficient (the classic
// result of Johnson & Story, 1879). This is the "inversions + blank row distance" rule rewritten so
// it does not depend on the width being odd or even.

import type { SlidingSpec } from "../types.ts";

/** Parity (0 even, 1 odd) of the permutation sending each position of `start` to its tile's position in `goal`. */
function permutationParity(start: readonly number[], goal: readonly number[]): number {
  const n = start.length;
  const whereInGoal = new Int32Array(n);
  for (let i = 0; i < n; i++) whereInGoal[goal[i]] = i;
  const visited = new Uint8Array(n);
  let cycles = 0;
  for (let i = 0; i < n; i++) {
    if (visited[i]) continue;
    cycles++;
    for (let j = i; !visited[j]; j = whereInGoal[start[j]]) visited[j] = 1;
  }
  return (n - cycles) & 1;
}

export function isSlidingSolvable(spec: Pick<SlidingSpec, "cols" | "start" | "goal">): boolean {
  const { cols, start, goal } = spec;
  const a = start.indexOf(0);
  const b = goal.indexOf(0);
  const blankDistance =
    Math.abs(Math.floor(a / cols) - Math.floor(b / cols)) + Math.abs((a % cols) - (b % cols));
  return permutationParity(start, goal) === (blankDistance & 1);
}
