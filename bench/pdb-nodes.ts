// Node counts of the PDB search under heuristic variants, in process (counts are exact, so one run
// suffices; times here are only indicative). Tables are read from PDB_DIR when present, else built in
// memory (minutes for the 8-tile table: build it first with `puzzle pdb build 78`).
//
//   npx tsx bench/pdb-nodes.ts --pdb 78 --variants goalBlank,old,noTT,noReflect
//   npx tsx bench/pdb-nodes.ts --pdb 6666 --from 40 --to 40 --variants old+noExtra+noCycle,noExtra
//   npx tsx bench/pdb-nodes.ts --pdb 663 --random 1000 --seed 1       # random instances instead of Korf's
//   npx tsx bench/pdb-nodes.ts --pdb 555 --from 1 --to 20
//
// Variants: `goalBlank` (tables built from the goal blank's region: the default of 663 and 78), `old`
// (blank-anywhere tables), `noTT` (goalBlank, transposition table off), `noReflect` (goalBlank, no
// diagonal reflection), `noExtra` (goalBlank without a partition's extra partitions), `noCycle` (no
// cycle pruning or move machine: parent pruning only), `fsm=L` (the move machine of forbidden
// sequences up to L moves; L = 6 is cycle pruning; the default whenever the transposition table is
// off), `TT` (the table on, no machine), `extras=2` or `extras=1.2` (only those extra partitions). Flags combine with `+`: `old+noExtra+noCycle` is 6-6-6-6 as it was before 2026-11-24.
// `--instances 40,25` picks Korf instances by number; `--direct` uses the product's direct-address
// copies (same nodes, the product's speed; the copies are made before the clock starts).
import { pdbDirectory } from "../src/pdb-settings.ts";
import { compileHeuristic } from "../src/core/pdb/compiled.ts";
import { idaStar } from "../src/core/pdb/ida.ts";
import { buildTable } from "../src/core/pdb/index.ts";
import { partitionLayout } from "../src/core/pdb/layout.ts";
import { moveMachine } from "../src/core/pdb/move-machine.ts";
import { PARTITIONS, type PartitionDef } from "../src/core/pdb/partitions.ts";
import { expandToDirect } from "../src/core/pdb/rank.ts";
import { getTable } from "../src/core/tables.ts";
import { loadTable } from "../src/pdb-store/store.ts";
import { korfInstances } from "./processes.ts";
import { option } from "./stats.ts";

const def = PARTITIONS[option("pdb") ?? "663"];
const variants = (option("variants") ?? "goalBlank,old").split(",");
const n = def.rows * def.cols;

/** A mulberry32 stream: the same random instances for the same seed. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Uniform solvable boards for the goal 0 1 2 ... (blank top-left): a random permutation, fixed by parity. */
function randomBoards(count: number, seed: number): number[][] {
  const next = random(seed);
  const boards: number[][] = [];
  while (boards.length < count) {
    const board = Array.from({ length: n }, (_, i) => i);
    for (let i = n - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [board[i], board[j]] = [board[j], board[i]];
    }
    let inversions = 0;
    for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) if (board[i] > board[j]) inversions++;
    const blank = board.indexOf(0);
    // Permutation parity (blank included) = parity of the blank's Manhattan distance from cell 0.
    if (inversions % 2 !== (Math.floor(blank / def.cols) + (blank % def.cols)) % 2) continue;
    boards.push(board);
  }
  return boards;
}

/** The files' optimal lengths, checked against every answer. */
const optimal = new Map<string, number>();

function korfBoards(): number[][] {
  const all = korfInstances(n === 16 ? 4 : 5).instances;
  for (const { tiles, optimal: length } of all) optimal.set(tiles.join(" "), length);
  const picked = option("instances");
  const boards = all.map(({ tiles }) => tiles);
  if (picked !== undefined) return picked.split(",").map((i) => boards[Number(i) - 1]);
  const from = Number(option("from") ?? 1);
  const to = Number(option("to") ?? all.length);
  return boards.slice(from - 1, to);
}

const boards = option("random")
  ? randomBoards(Number(option("random")), Number(option("seed") ?? 1))
  : korfBoards();

/**
 * `extras=2` or `extras=1.2`: only those extra partitions (1-based, the partition's `extra` first,
 * then its `optionalExtra`).
 */
function pickExtras(flags: Set<string>): PartitionDef["extra"] {
  const picked = [...flags].find((f) => f.startsWith("extras="));
  if (picked === undefined) return def.extra;
  const all = [...(def.extra ?? []), ...(def.optionalExtra ?? [])];
  return picked
    .slice("extras=".length)
    .split(".")
    .map((i) => all[Number(i) - 1]);
}

/** `fsm=12`: the move machine of sequences up to 12 moves (default: the kernel's). */
function machineLengthOf(flags: Set<string>): number | undefined {
  const picked = [...flags].find((f) => f.startsWith("fsm="));
  return picked === undefined ? undefined : Number(picked.slice("fsm=".length));
}

for (const variant of variants) {
  const flags = new Set(variant.split("+"));
  const goalBlank = !flags.has("old");
  const layout = partitionLayout(
    { ...def, extra: flags.has("noExtra") ? undefined : pickExtras(flags) },
    !flags.has("noReflect"),
    goalBlank,
  );
  for (const table of layout.tables) loadTable(table, { dir: pdbDirectory() });
  const tableOf = (key: string) =>
    new Uint8Array(
      getTable(key, () => buildTable(layout.tables.find((t) => t.key === key)!).buffer as SharedArrayBuffer),
    );
  // --direct: the product's direct-address copies (when at most 4x the compact size), for times.
  const directCopies = new Map<string, Uint8Array>();
  const directOf = (key: string): Uint8Array | null => {
    const spec = layout.tables.find((t) => t.key === key)!;
    const size = n ** spec.cells.length;
    if (!process.argv.includes("--direct") || size > 4 * spec.entries) return null;
    let copy = directCopies.get(key);
    if (copy === undefined) {
      copy = new Uint8Array(size);
      expandToDirect(tableOf(key), n, spec.cells.length, copy);
      directCopies.set(key, copy);
    }
    return copy;
  };
  const h = compileHeuristic(layout, tableOf, directOf);
  const machineLength = flags.has("noCycle") ? 0 : machineLengthOf(flags);
  if (machineLength) {
    const built = performance.now();
    const m = moveMachine(def.rows, def.cols, machineLength); // built before the clock starts
    console.log(
      `  move machine ${machineLength}: ${m.sequences} sequences, ${m.states} states, ${((performance.now() - built) / 1000).toFixed(2)} s to build`,
    );
  }
  const user0 = process.cpuUsage().user;
  let nodes = 0;
  let expanded = 0;
  let initial = 0;
  let length = 0;
  const began = performance.now();
  for (const board of boards) {
    const boardBegan = performance.now();
    const outcome = idaStar(h, board, {
      transpositions: flags.has("noTT") ? false : flags.has("TT") ? true : undefined,
      machineLength,
    });
    if (outcome.status !== "solved") throw new Error(`not solved: ${board.join(" ")}`);
    const expected = optimal.get(board.join(" "));
    if (expected !== undefined && outcome.moves.length !== expected)
      throw new Error(`${outcome.moves.length} moves, optimal ${expected}: ${board.join(" ")}`);
    if (boards.length <= 10)
      console.log(
        `  ${board.join(" ")}: ${outcome.moves.length} moves, h0 ${outcome.initialH}, generated ${outcome.nodes}, ${((performance.now() - boardBegan) / 1000).toFixed(1)} s`,
      );
    nodes += outcome.nodes;
    expanded += outcome.expanded;
    initial += outcome.initialH;
    length += outcome.moves.length;
  }
  const count = boards.length;
  console.log(
    `${def.name} ${variant}: ${count} boards, generated ${nodes} (${Math.round(nodes / count)}/board), expanded ${expanded} (${Math.round(expanded / count)}/board), mean h0 ${(initial / count).toFixed(2)}, mean length ${(length / count).toFixed(2)}, ${((performance.now() - began) / 1000).toFixed(1)} s wall, ${((process.cpuUsage().user - user0) / 1e6).toFixed(1)} s user CPU`,
  );
}
