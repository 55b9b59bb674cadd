// Regular against designated-region tables (docs/pdb.md, "Designated regions") in the product's
// kernel, in process, with the product's direct-address copies: exact node counts and search CPU,
// the two alternating. Tables come from PDB_DIR (`puzzle pdb build` writes the designated ones, key
// suffix `-r`; the regular ones are those of earlier versions, or derived from the `-r` ones: the
// regular value of each entry), else are built here in memory (one thread: minutes for a 5x5 6-tile
// table).
//
//   npx tsx bench/designated.ts --pdb 6666 --instances 40,25,38 [--rounds 2]
//   npx tsx bench/designated.ts --pdb 663 [--rounds 3]
//   … --only regular|designated   one of the two (to run the two side by side, one process per core)
//   … --machine 14                 the move machine of sequences up to 14 moves instead of the
//                                  kernel's 12 (built at the first search: seconds; round 1 pays it)
import { compileHeuristic } from "../src/core/pdb/compiled.ts";
import { idaStar } from "../src/core/pdb/ida.ts";
import { regularValue } from "../src/core/pdb/designated.ts";
import { buildTable } from "../src/core/pdb/index.ts";
import { type PartitionLayout, type TableSpec, partitionLayout } from "../src/core/pdb/layout.ts";
import { PARTITIONS } from "../src/core/pdb/partitions.ts";
import { expandToDirect } from "../src/core/pdb/rank.ts";
import { getTable } from "../src/core/tables.ts";
import { pdbDirectory } from "../src/pdb-settings.ts";
import { loadTable } from "../src/pdb-store/store.ts";
import { korfInstances } from "./processes.ts";
import { option } from "./stats.ts";

const def = PARTITIONS[option("pdb") ?? "663"];
const n = def.rows * def.cols;
const rounds = Number(option("rounds") ?? 2);
const machineOption = option("machine");
const machineLength = machineOption === undefined ? undefined : Number(machineOption);

/**
 * A regular table missing from PDB_DIR, derived from its designated-region form when that one is
 * there: the regular value of each entry (designated.ts's regularValue), the same bytes a regular
 * build writes (the two come from one breadth-first search).
 */
function regularFromDesignated(spec: TableSpec): SharedArrayBuffer | null {
  if (spec.regions === true) return null;
  const designatedSpec = { ...spec, key: `${spec.key}-r`, regions: true as const };
  if (!loadTable(designatedSpec, { dir: pdbDirectory() })) return null;
  const designated = new Uint8Array(getTable(designatedSpec.key, () => new SharedArrayBuffer(0)));
  const regular = new Uint8Array(new SharedArrayBuffer(designated.length));
  for (let i = 0; i < designated.length; i++) regular[i] = regularValue(designated[i]);
  console.log(`${spec.key}: not in PDB_DIR, derived from ${designatedSpec.key}`);
  return regular.buffer as SharedArrayBuffer;
}

function compiled(layout: PartitionLayout) {
  const direct = new Map<string, Uint8Array>();
  for (const spec of layout.tables) {
    const began = performance.now();
    const loaded = loadTable(spec, { dir: pdbDirectory() });
    const derived = loaded ? null : regularFromDesignated(spec);
    if (!loaded && derived === null) console.log(`${spec.key}: not in PDB_DIR, building`);
    const table = new Uint8Array(
      getTable(spec.key, () => derived ?? (buildTable(spec).buffer as SharedArrayBuffer)),
    );
    let flagged = 0;
    for (let i = 0; i < table.length; i++) if (table[i] >= 0x80) flagged++;
    const k = spec.cells.length;
    if (n ** k <= 4 * spec.entries) {
      const copy = new Uint8Array(n ** k);
      expandToDirect(table, n, k, copy);
      direct.set(spec.key, copy);
    }
    console.log(
      `${spec.key}: ${((100 * flagged) / table.length).toFixed(1)}% of entries flagged, ready in ${((performance.now() - began) / 1000).toFixed(1)} s`,
    );
  }
  return compileHeuristic(
    layout,
    (key) =>
      new Uint8Array(
        getTable(key, () => {
          throw new Error(key);
        }),
      ),
    (key) => direct.get(key) ?? null,
  );
}
const goalBlank = def.goalBlank === true;
const only = option("only");
const variants = (["regular", "designated"] as const)
  .filter((name) => only === undefined || only === name)
  .map((name) => [name, compiled(partitionLayout(def, true, goalBlank, name === "designated"))] as const);

const all = korfInstances(n === 16 ? 4 : 5).instances;
const picked = option("instances");
const instances = picked === undefined ? all : picked.split(",").map((i) => all[Number(i) - 1]);
for (let round = 0; round < rounds; round++) {
  for (const [name, h] of variants) {
    const user0 = process.cpuUsage().user;
    let nodes = 0;
    const per: string[] = [];
    for (const { tiles, optimal } of instances) {
      const t0 = process.cpuUsage().user;
      const outcome = idaStar(h, tiles, { machineLength });
      if (outcome.status !== "solved" || outcome.moves.length !== optimal)
        throw new Error(`${name}: ${outcome.moves.length} moves, optimal ${optimal}`);
      nodes += outcome.nodes;
      if (instances.length <= 5)
        per.push(`${outcome.nodes} ${((process.cpuUsage().user - t0) / 1e6).toFixed(2)} s`);
    }
    console.log(
      `round ${round + 1} ${name}: ${nodes} nodes, ${((process.cpuUsage().user - user0) / 1e6).toFixed(2)} s user${per.length ? ` (${per.join(" / ")})` : ""}`,
    );
  }
}
