// Lazy set evaluation, measured by exact counts of the reference IDA* (bench/reference-ida.ts):
// the kernel checks a child against its sets one by one, stopping at the first that prunes, so a
// child that survives costs a lookup in every set. Lazy: stop as soon as the sets read so far leave
// the child `slack` below the bound (it survives whatever the rest say, unless one of them is higher
// by more than the slack); the child may then be expanded although a later set would prune it.
// Counts, per mode, generated nodes and table lookups (sets read in a fixed order: the partition,
// its reflection, the extra partition, its reflection), the lookups of a pruned child stopping at the
// set that prunes it.
//
//   npx tsx bench/lazy-sets.ts [--pdb 663] [--from 1 --to 100] [--slacks 2,4]
import { benchSetup, referenceIda, regularSets } from "./reference-ida.ts";
import { option } from "./stats.ts";

const { def, layout, instances } = benchSetup();
const { rows, cols } = def;
const { h, setSums } = regularSets(def, layout);

const board = new Int32Array(rows * cols);
const sums = new Int32Array(h.sets);
let lookups = 0;
let slack = Number.POSITIVE_INFINITY; // not lazy
function estimate(depth: number, bound: number): number {
  setSums(board, sums);
  let best = 0;
  for (let s = 0; s < h.sets; s++) {
    lookups++; // a child changes one group per set: one lookup per set read
    if (sums[s] > best) best = sums[s];
    if (depth + best > bound) return best; // pruned here
    if (depth + best <= bound - slack) return best; // lazy: survives whatever the rest say
  }
  return best;
}

for (const s of ["none", ...(option("slacks") ?? "2,4").split(",")]) {
  slack = s === "none" ? Number.POSITIVE_INFINITY : Number(s);
  lookups = 0;
  const t0 = performance.now();
  const { nodes } = referenceIda(rows, cols, board, estimate, instances);
  const count = instances.length;
  console.log(
    `${def.name} lazy slack ${s}: ${count} instances, generated ${nodes} (${Math.round(nodes / count)} per instance), lookups ${lookups} (${(lookups / nodes).toFixed(2)} per node); ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
}
