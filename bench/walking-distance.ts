// Walking distance (Takahashi) beside the 6-6-3 pattern databases, measured by exact node counts of
// the reference IDA* (bench/reference-ida.ts). MichaelKim/15puzzle maxes its 6-6-3 with it; this asks
// what it would add to ours: nodes saved as a third term of the max, and how often it alone would
// already prune a child that the tables prune (a cheap, cache-resident first test).
//
//   npx tsx bench/walking-distance.ts [--pdb 663] [--from 1 --to 100]
import { benchSetup, referenceIda, regularSets } from "./reference-ida.ts";

const { def, layout, instances } = benchSetup();
const { rows, cols } = def;
const n = rows * cols;
if (rows !== cols) throw new Error("bench/walking-distance.ts: square boards only");

/**
 * Distances of the walking-distance abstraction along one axis: a state is, per line (row or column),
 * how many tiles of each goal line it holds, and the blank's line; a move takes any tile of a
 * neighbouring line into the blank's line. Breadth-first from the goal (moves are reversible).
 */
function walkingTable(size: number): {
  key: (counts: Int32Array, blankLine: number) => number;
  dist: Map<number, number>;
} {
  const base = size + 1;
  const key = (counts: Int32Array, blankLine: number): number => {
    let k = blankLine;
    for (let i = 0; i < size * size; i++) k = k * base + counts[i];
    return k;
  };
  const goal = new Int32Array(size * size);
  for (let line = 0; line < size; line++) goal[line * size + line] = line === 0 ? size - 1 : size;
  const dist = new Map<number, number>([[key(goal, 0), 0]]);
  let frontier: [Int32Array, number][] = [[goal, 0]];
  for (let depth = 1; frontier.length > 0; depth++) {
    const next: [Int32Array, number][] = [];
    for (const [counts, blank] of frontier)
      for (const other of [blank - 1, blank + 1]) {
        if (other < 0 || other >= size) continue;
        for (let g = 0; g < size; g++) {
          if (counts[other * size + g] === 0) continue;
          const child = counts.slice();
          child[other * size + g]--;
          child[blank * size + g]++;
          const k = key(child, other);
          if (dist.has(k)) continue;
          dist.set(k, depth);
          next.push([child, other]);
        }
      }
    frontier = next;
  }
  return { key, dist };
}

const began = performance.now();
const walking = walkingTable(rows);
const { h, setSums } = regularSets(def, layout);
console.log(
  `walking distance: ${walking.dist.size} states per axis; ${layout.tables.length} tables built in ${((performance.now() - began) / 1000).toFixed(1)} s`,
);

const board = new Int32Array(n);
const sums = new Int32Array(h.sets);
const vertical = new Int32Array(rows * rows);
const horizontal = new Int32Array(cols * cols);
function walkingDistance(): number {
  vertical.fill(0);
  horizontal.fill(0);
  let blankRow = 0;
  let blankCol = 0;
  for (let cell = 0; cell < n; cell++) {
    const tile = board[cell];
    const row = Math.floor(cell / cols);
    const col = cell % cols;
    if (tile === 0) {
      blankRow = row;
      blankCol = col;
      continue;
    }
    vertical[row * rows + Math.floor(tile / cols)]++;
    horizontal[col * cols + (tile % cols)]++;
  }
  return (
    (walking.dist.get(walking.key(vertical, blankRow)) as number) +
    (walking.dist.get(walking.key(horizontal, blankCol)) as number)
  );
}
function tablesEstimate(): number {
  setSums(board, sums);
  return Math.max(...sums);
}

let withWalking = false;
let evaluations = 0;
let above = 0;
let atLeast = 0;
let walkingSum = 0;
let tablesSum = 0;
let tablesPrune = 0;
let walkingPrunesToo = 0;
function estimate(depth: number, bound: number): number {
  const tablesValue = tablesEstimate();
  const walkingValue = walkingDistance();
  evaluations++;
  if (depth + tablesValue > bound) {
    tablesPrune++;
    if (depth + walkingValue > bound) walkingPrunesToo++;
  }
  walkingSum += walkingValue;
  tablesSum += tablesValue;
  if (walkingValue > tablesValue) above++;
  if (walkingValue >= tablesValue) atLeast++;
  return withWalking ? Math.max(tablesValue, walkingValue) : tablesValue;
}

for (const mode of [false, true]) {
  withWalking = mode;
  evaluations = above = atLeast = walkingSum = tablesSum = tablesPrune = walkingPrunesToo = 0;
  const t0 = performance.now();
  const { nodes, rootSum } = referenceIda(rows, cols, board, estimate, instances);
  const count = instances.length;
  const pct = (x: number) => `${((100 * x) / evaluations).toFixed(2)}%`;
  console.log(
    `${def.name}${mode ? " max walking distance" : ""}: ${count} instances, generated ${nodes} (${Math.round(nodes / count)} per instance), mean h(root) ${(rootSum / count).toFixed(2)}; ` +
      `over the nodes: mean tables ${(tablesSum / evaluations).toFixed(2)}, mean walking ${(walkingSum / evaluations).toFixed(2)}, walking above the tables at ${pct(above)}, at least the tables at ${pct(atLeast)}; the tables prune ${pct(tablesPrune)} of the nodes, walking distance alone ${((100 * walkingPrunesToo) / tablesPrune).toFixed(1)}% of those; ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
}
