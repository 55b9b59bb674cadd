// A plain reference IDA* for comparing estimates by their exact node counts (bench/dual-lookups.ts,
// bench/zero-aware.ts, bench/walking-distance.ts, bench/lazy-sets.ts): parent pruning, one-level
// BPMX (a child with f - 2 > bound cuts its parent, as the kernel does), children in increasing f,
// bounds in steps of 2. No transposition table or move machine, so the counts compare the estimates
// alone. Its times are of this slow search (every lookup recomputed per node), not the product's kernel.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { boardRegions } from "../src/core/pdb/board-regions.ts";
import { buildPatternTable } from "../src/core/pdb/build.ts";
import { type CompiledHeuristic, compileHeuristic, groupIndex } from "../src/core/pdb/compiled.ts";
import { type PartitionLayout, partitionLayout } from "../src/core/pdb/layout.ts";
import { type PartitionDef, PARTITIONS } from "../src/core/pdb/partitions.ts";
import { projectRoot } from "../src/project-root.ts";
import { option } from "./stats.ts";

/**
 * `--pdb` (default 663), its layout (reflection, goal-blank tables) and Korf's instances: `--from`..`--to`,
 * or a list (`--instances 38,40`).
 */
export function benchSetup(): { def: PartitionDef; layout: PartitionLayout; instances: number[][] } {
  const def = PARTITIONS[option("pdb") ?? "663"];
  const all = korfInstances(def.rows * def.cols === 16 ? 16 : 25);
  const list = option("instances");
  const instances =
    list === undefined
      ? all.slice(Number(option("from") ?? 1) - 1, Number(option("to") ?? all.length))
      : list.split(",").map((number) => all[Number(number) - 1]);
  return { def, layout: partitionLayout(def, true, true), instances };
}

/**
 * The layout's regular tables, built here in memory, compiled; `setSums(board, sums)` writes each
 * set's sum for a board (cell -> tile) into `sums` (one entry per set).
 */
export function regularSets(
  def: PartitionDef,
  layout: PartitionLayout,
): { h: CompiledHeuristic; setSums(board: Int32Array, sums: Int32Array): void } {
  const n = def.rows * def.cols;
  const tables = new Map<string, Uint8Array>();
  for (const spec of layout.tables)
    tables.set(spec.key, buildPatternTable(def.rows, def.cols, spec.cells, { blank: spec.blank }));
  const h = compileHeuristic(layout, (key) => tables.get(key) as Uint8Array);
  const pos = new Int32Array(n);
  return {
    h,
    setSums(board, sums) {
      for (let cell = 0; cell < n; cell++) pos[board[cell]] = cell;
      sums.fill(0);
      for (let g = 0; g < h.setOf.length; g++) sums[h.setOf[g]] += h.tables[g][groupIndex(h, g, pos)];
    },
  };
}

/** Korf's instances for the board size (tiles, then the optimal length), from the shared folder. */
export function korfInstances(n: 16 | 25): number[][] {
  const file = join(
    process.env.SHARED_DIR ?? join(projectRoot, "..", "shared"),
    n === 16 ? "korf100.txt" : "korf24.txt",
  );
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "" && !line.startsWith("#"))
    .map((line) => line.trim().split(/\s+/).map(Number));
}

/**
 * Solves each instance (tiles then optimal length; goal: blank top-left, tile i on cell i) with
 * `estimate`, which reads the board being searched (cell -> tile) and is told the board's depth and the
 * iteration's bound (a child is pruned when depth + estimate > bound); throws on a length that is not the
 * instance's optimum. Returns the nodes generated over all instances and per instance, and the sum of h(root).
 */
export function referenceIda(
  rows: number,
  cols: number,
  board: Int32Array,
  estimate: (depth: number, bound: number) => number,
  instances: readonly (readonly number[])[],
): { nodes: number; perInstance: number[]; rootSum: number } {
  const n = rows * cols;
  const { neighbours } = boardRegions(rows, cols);
  let nodes = 0;
  let bound = 0;
  let nextBound = Number.POSITIVE_INFINITY;
  let length = 0;
  const isGoal = (): boolean => {
    for (let cell = 0; cell < n; cell++) if (board[cell] !== cell) return false;
    return true;
  };
  const dfs = (g: number, blank: number, previous: number): boolean => {
    const children: [number, number][] = [];
    for (const from of neighbours[blank]) {
      if (from === previous) continue;
      const tile = board[from];
      board[blank] = tile;
      board[from] = 0;
      const f = g + 1 + estimate(g + 1, bound);
      nodes++;
      if (f <= bound && isGoal()) {
        length = g + 1;
        return true;
      }
      board[from] = tile;
      board[blank] = 0;
      if (f - 2 > bound) {
        nextBound = Math.min(nextBound, f - 2);
        return false;
      }
      if (f > bound) nextBound = Math.min(nextBound, f);
      else children.push([f, from]);
    }
    children.sort((a, b) => a[0] - b[0]);
    for (const [, from] of children) {
      const tile = board[from];
      board[blank] = tile;
      board[from] = 0;
      const found = dfs(g + 1, from, blank);
      board[from] = tile;
      board[blank] = 0;
      if (found) return true;
    }
    return false;
  };
  let rootSum = 0;
  const perInstance: number[] = [];
  for (const line of instances) {
    const before = nodes;
    board.set(line.slice(0, n));
    const blank = board.indexOf(0);
    const parity = (Math.floor(blank / cols) + (blank % cols)) & 1;
    const withParity = (b: number) => (((b - parity) & 1) === 0 ? b : b + 1);
    const root = estimate(0, Number.POSITIVE_INFINITY);
    rootSum += root;
    bound = withParity(root);
    for (;;) {
      nextBound = Number.POSITIVE_INFINITY;
      if (dfs(0, blank, -1)) break;
      bound = withParity(nextBound);
    }
    if (length !== line[n]) throw new Error(`${line.join(" ")}: ${length} moves, optimal ${line[n]}`);
    perInstance.push(nodes - before);
  }
  return { nodes, perInstance, rootSum };
}
