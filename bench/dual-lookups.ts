// Node counts of a plain IDA* with the regular estimate against max(regular, dual), the dual made
// admissible for a blank off home (src/core/pdb/dual.ts; docs/pdb.md "Dual lookups with the blank
// anywhere"). Exact counts, so one run suffices; the times are of this slow reference search (every
// lookup recomputed per node), not the product's kernel. Tables from PDB_DIR (`puzzle pdb build`).
//
//   npx tsx bench/dual-lookups.ts --pdb 663 [--from 1 --to 100]
//   npx tsx bench/dual-lookups.ts --pdb 6666 --from 40 --to 40
//
// The search is bench/reference-ida.ts's.
import { type CompiledHeuristic, compileHeuristic, evaluate } from "../src/core/pdb/compiled.ts";
import { dualCorrections, dualEstimate } from "../src/core/pdb/dual.ts";
import { getTable } from "../src/core/tables.ts";
import { pdbDirectory } from "../src/pdb-settings.ts";
import { loadTable } from "../src/pdb-store/store.ts";
import { benchSetup, referenceIda } from "./reference-ida.ts";

const { def, layout, instances } = benchSetup();
const { rows, cols } = def;
const n = rows * cols;
for (const table of layout.tables) loadTable(table, { dir: pdbDirectory() });
const h: CompiledHeuristic = compileHeuristic(layout, (key) => {
  const buffer = getTable(key, () => {
    throw new Error(`table ${key} missing: run \`puzzle pdb build ${def.name}\``);
  });
  return new Uint8Array(buffer);
});
const corrections = dualCorrections(h, layout);

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

for (const dual of [false, true]) {
  withDual = dual;
  evaluations = 0;
  dualAbove = 0;
  const began = performance.now();
  const { nodes: total } = referenceIda(rows, cols, board, estimate, instances);
  const count = instances.length;
  const share =
    evaluations === 0
      ? ""
      : `, dual above regular at ${((100 * dualAbove) / evaluations).toFixed(1)}% of nodes`;
  console.log(
    `${def.name} ${dual ? "max(regular, dual)" : "regular"}: ${count} instances, generated ${total} (${Math.round(total / count)} per instance)${share}, ${((performance.now() - began) / 1000).toFixed(1)} s`,
  );
}
