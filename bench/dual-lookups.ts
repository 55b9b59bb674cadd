// Node counts of a plain IDA* with the regular estimate against max(regular, dual), the dual made
// admissible for a blank off home (src/core/pdb/dual.ts; docs/pdb.md "Dual lookups with the blank
// anywhere"). Exact counts, so one run suffices; the times are of this slow reference search (every
// lookup recomputed per node), not the product's kernel. Tables from PDB_DIR (`puzzle pdb build`).
//
//   npx tsx bench/dual-lookups.ts --pdb 663 [--from 1 --to 100]
//   npx tsx bench/dual-lookups.ts --pdb 6666 --from 40 --to 40
//
// The search: parent pruning, one-level BPMX (a child with f - 2 > bound cuts its parent, as the
// kernel does), children in increasing f, bounds in steps of 2. No transposition table or move
// machine, so the counts compare the estimates alone.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { boardRegions } from "../src/core/pdb/board-regions.ts";
import { type CompiledHeuristic, compileHeuristic, evaluate } from "../src/core/pdb/compiled.ts";
import { dualCorrections, dualEstimate } from "../src/core/pdb/dual.ts";
import { partitionLayout } from "../src/core/pdb/layout.ts";
import { PARTITIONS } from "../src/core/pdb/partitions.ts";
import { getTable } from "../src/core/tables.ts";
import { pdbDirectory } from "../src/pdb-settings.ts";
import { projectRoot } from "../src/project-root.ts";
import { loadTable } from "../src/pdb-store/store.ts";

const argument = (name: string): string | undefined => {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : undefined;
};

const def = PARTITIONS[argument("pdb") ?? "663"];
const { rows, cols } = def;
const n = rows * cols;
const layout = partitionLayout(def, true, true);
for (const table of layout.tables) loadTable(table, { dir: pdbDirectory() });
const h: CompiledHeuristic = compileHeuristic(layout, (key) => {
  const buffer = getTable(key, () => {
    throw new Error(`table ${key} missing: run \`puzzle pdb build ${def.name}\``);
  });
  return new Uint8Array(buffer);
});
const corrections = dualCorrections(h, layout);

const { neighbours } = boardRegions(rows, cols);

const board = new Int32Array(n);
let withDual = false;
let evaluations = 0;
let dualAbove = 0;
function estimate(): number {
  const regular = evaluate(h, board).value;
  if (!withDual) return regular;
  const dual = dualEstimate(h, corrections, board);
  evaluations++;
  if (dual > regular) dualAbove++;
  return Math.max(regular, dual);
}

let nodes = 0;
let bound = 0;
let nextBound = Number.POSITIVE_INFINITY;
let length = 0;
function isGoal(): boolean {
  for (let cell = 0; cell < n; cell++) if (board[cell] !== cell) return false;
  return true;
}
function dfs(g: number, blank: number, previous: number): boolean {
  const children: [number, number][] = [];
  for (const from of neighbours[blank]) {
    if (from === previous) continue;
    const tile = board[from];
    board[blank] = tile;
    board[from] = 0;
    const f = g + 1 + estimate();
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
}

const file = join(
  process.env.SHARED_DIR ?? join(projectRoot, "..", "shared"),
  n === 16 ? "korf100.txt" : "korf24.txt",
);
const instances = readFileSync(file, "utf8")
  .split("\n")
  .filter((line) => line.trim() !== "" && !line.startsWith("#"))
  .map((line) => line.trim().split(/\s+/).map(Number));
const from = Number(argument("from") ?? 1);
const to = Number(argument("to") ?? instances.length);
for (const dual of [false, true]) {
  withDual = dual;
  evaluations = 0;
  dualAbove = 0;
  let total = 0;
  const began = performance.now();
  for (let i = from - 1; i < to; i++) {
    const line = instances[i];
    board.set(line.slice(0, n));
    const blank = board.indexOf(0);
    const parity = (Math.floor(blank / cols) + (blank % cols)) & 1;
    const withParity = (b: number) => (((b - parity) & 1) === 0 ? b : b + 1);
    nodes = 0;
    bound = withParity(estimate());
    for (;;) {
      nextBound = Number.POSITIVE_INFINITY;
      if (dfs(0, blank, -1)) break;
      bound = withParity(nextBound);
    }
    if (length !== line[n]) throw new Error(`Korf #${i + 1}: ${length} moves, optimal ${line[n]}`);
    total += nodes;
  }
  const count = to - from + 1;
  const share =
    evaluations === 0
      ? ""
      : `, dual above regular at ${((100 * dualAbove) / evaluations).toFixed(1)}% of nodes`;
  console.log(
    `${def.name} ${dual ? "max(regular, dual)" : "regular"}: ${count} instances, generated ${total} (${Math.round(total / count)} per instance)${share}, ${((performance.now() - began) / 1000).toFixed(1)} s`,
  );
}
