// Node counts of the reference IDA* (bench/reference-ida.ts) with three estimates from the same
// partition (docs/pdb.md, "Zero-aware tables"):
//   regular     each group's entry is the minimum over every cell the blank could be on (the product's);
//   zero-aware  each group's entry for the blank's own free region (what the region's cells share);
//   designated  zero-aware when the blank is in the group's largest free region, else regular: one
//               table of the regular's size plus the regular as fallback.
//   majority    the product's designated rule (designated.ts): zero-aware when the blank is in the
//               region holding more than half the group's free cells, else regular.
//   two-sided   majority, and outside that region the smallest entry of the other regions (one more
//               value per placement: the "minor side", measured in docs/pdb.md, not built).
// majority and two-sided read the zero-aware tables (4x4 boards only).
// The tables are built here in memory: zero-aware ones keep a byte per placement and blank cell (4x4
// boards only), designated ones a byte per placement (any board; a 5x5 6-tile table takes minutes).
//
//   npx tsx bench/zero-aware.ts --pdb 663 [--from 1 --to 100] [--modes regular,zero-aware,designated]
//   npx tsx bench/zero-aware.ts --pdb 6666 --from 40 --to 40 --modes regular,designated
//   npx tsx bench/zero-aware.ts --pdb 555 --from 1 --to 25 --modes regular,majority,two-sided
import { boardRegions } from "../src/core/pdb/board-regions.ts";
import { type CompiledHeuristic, compileHeuristic, groupIndex } from "../src/core/pdb/compiled.ts";
import { buildPatternTable } from "../src/core/pdb/build.ts";
import { bitCount } from "../src/core/pdb/designated.ts";
import { groupEntries, unrankPositions } from "../src/core/pdb/rank.ts";
import { benchSetup, referenceIda } from "./reference-ida.ts";
import { option } from "./stats.ts";

const { def, layout, instances } = benchSetup();
const { rows, cols } = def;
const n = rows * cols;
type Mode = "regular" | "zero-aware" | "designated" | "majority" | "two-sided";
const modes = (option("modes") ?? "regular,zero-aware,designated").split(",") as Mode[];
const zeroAware = modes.some((m) => m === "zero-aware" || m === "majority" || m === "two-sided");
if (zeroAware && n > 16) throw new Error("bench/zero-aware.ts: zero-aware tables on boards up to 4x4 only");
const { flood } = boardRegions(rows, cols);
const full = (1 << n) - 1;

/** The free region holding more than half of an occupied set's free cells, or 0 (the product's rule). */
function majorityRegion(occupied: number): number {
  const region = largestRegion(occupied);
  return 2 * bitCount(region) > n - bitCount(occupied) ? region : 0;
}
/** The smallest entry over the free cells of `cellsMask` (zero-aware table), 255 if none. */
function minOver(table: Uint8Array, index: number, cellsMask: number): number {
  let best = 255;
  for (let rest = cellsMask; rest !== 0; rest &= rest - 1) {
    const v = table[index * n + (31 - Math.clz32(rest & -rest))];
    if (v < best) best = v;
  }
  return best;
}

/** The largest free region of an occupied set (ties: the one holding the lowest free cell), memoised. */
const largest = new Int32Array(2 ** n);
function largestRegion(occupied: number): number {
  if (largest[occupied] !== 0) return largest[occupied];
  let free = full & ~occupied;
  let best = 0;
  let bestSize = 0;
  while (free !== 0) {
    const region = flood(free & -free, free);
    let size = 0;
    for (let rest = region; rest !== 0; rest &= rest - 1) size++;
    if (size > bestSize) [best, bestSize] = [region, size];
    free &= ~region;
  }
  largest[occupied] = best;
  return best;
}

const began = performance.now();
const regularTables = new Map<string, Uint8Array>();
const cellTables = new Map<string, Uint8Array>();
const designatedTables = new Map<string, Uint8Array>();
for (const spec of layout.tables) {
  const k = spec.cells.length;
  const entries = groupEntries(n, k);
  const cells = zeroAware ? new Uint8Array(entries * n).fill(255) : new Uint8Array(0);
  const designated = new Uint8Array(entries).fill(255);
  const positions = new Uint8Array(k);
  const regular = buildPatternTable(rows, cols, spec.cells, {
    blank: spec.blank,
    onReached(index, blankCells, depth) {
      if (zeroAware)
        for (let cell = 0; cell < n; cell++) if ((blankCells >>> cell) & 1) cells[index * n + cell] = depth;
      // Layers come in increasing depth: the first that reaches the largest region is its entry.
      if (
        designated[index] === 255 &&
        (blankCells & largestRegion(unrankPositions(index, k, n, positions))) !== 0
      )
        designated[index] = depth;
    },
  });
  // A placement whose largest region the build never reached (none seen) keeps the regular entry.
  for (let i = 0; i < entries; i++) if (designated[i] === 255) designated[i] = regular[i];
  regularTables.set(spec.key, regular);
  cellTables.set(spec.key, cells);
  designatedTables.set(spec.key, designated);
}
console.log(`${layout.tables.length} tables built in ${((performance.now() - began) / 1000).toFixed(1)} s`);
const h: CompiledHeuristic = compileHeuristic(layout, (key) => regularTables.get(key) as Uint8Array);
const groups = layout.sets.flat();
const cellTableOf = groups.map((g) => cellTables.get(g.tableKey) as Uint8Array);
const designatedOf = groups.map((g) => designatedTables.get(g.tableKey) as Uint8Array);

let mode: Mode = "regular";
const board = new Int32Array(n);
const pos = new Int32Array(n);
const regularSums = new Int32Array(h.sets);
const sums = new Int32Array(h.sets);
let evaluations = 0;
let above = 0;
function estimate(): number {
  for (let cell = 0; cell < n; cell++) pos[board[cell]] = cell;
  regularSums.fill(0);
  sums.fill(0);
  for (let g = 0; g < groups.length; g++) {
    const index = groupIndex(h, g, pos);
    const regular = h.tables[g][index];
    regularSums[h.setOf[g]] += regular;
    if (mode === "regular") continue;
    const blank = h.map[g * n + pos[0]];
    // The group's cells (table frame): the free regions of the other modes come from them.
    let occupied = 0;
    if (mode !== "zero-aware")
      for (let j = 0; j < h.size[g]; j++) occupied |= 1 << h.map[g * n + pos[h.tiles[g * h.stride + j]]];
    let value: number;
    if (mode === "zero-aware") value = cellTableOf[g][index * n + blank];
    else if (mode === "designated")
      value = ((largestRegion(occupied) >>> blank) & 1) === 0 ? regular : designatedOf[g][index];
    else {
      const major = majorityRegion(occupied);
      if (major === 0) value = regular;
      else if (((major >>> blank) & 1) !== 0)
        value = cellTableOf[g][index * n + blank]; // the region's entry
      else value = mode === "two-sided" ? minOver(cellTableOf[g], index, full & ~occupied & ~major) : regular;
    }
    sums[h.setOf[g]] += value;
  }
  const regular = Math.max(...regularSums);
  if (mode === "regular") return regular;
  const value = Math.max(...sums);
  evaluations++;
  if (value > regular) above++;
  return value;
}

for (const m of modes) {
  mode = m;
  evaluations = above = 0;
  const t0 = performance.now();
  const { nodes, perInstance, rootSum } = referenceIda(rows, cols, board, estimate, instances);
  const count = instances.length;
  const share =
    evaluations === 0 ? "" : `, above regular at ${((100 * above) / evaluations).toFixed(1)}% of nodes`;
  console.log(
    `${def.name} ${m}: ${count} instances, generated ${nodes} (${Math.round(nodes / count)} per instance), mean h(root) ${(rootSum / count).toFixed(2)}${share}${count <= 5 ? `, per instance ${perInstance.join(" / ")}` : ""}, ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
}
