// Korf's benchmark instances with the pattern-database IDA*, single thread.
//
//   npm run bench:korf                                  # 100 15-puzzles, pdb:663 (+ reflection)
//   npm run bench:korf -- --pdb 78                      # the 7-8 tables (build: minutes, once)
//   npm run bench:korf -- --pdb 663 --from 1 --to 20
//   npm run bench:korf -- --pdb 6666 --instances 38,40,25,32   # 24-puzzles (korf24.txt)
//   npm run bench:korf -- --pdb 6666 --from 1 --to 50 --time-limit 120
//   npm run bench:korf -- --rounds 5                     # Korf's 100 five times, and the median total
//   npm run bench:korf -- --transpositions off          # without the transposition table (default: on for 4x4, off for 5x5)
//
// Tables are loaded from PDB_DIR (built and saved first when missing; the build time is printed).
// Instances use Korf's goal (blank top-left), as in the files. Each answer is replayed and its
// length compared with the file's optimal length. Timings are wall-clock on a shared 2-core machine.
// The npm script sets GLIBC_TUNABLES=glibc.malloc.hugetlb=1: glibc then asks for transparent huge
// pages on its large allocations (the tables), which this VM grants only when asked ("madvise");
// fewer TLB misses make the memory-bound 7-8 and 6-6-6-6 searches ~5% faster (docs/pdb.md).
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { pdbTableSpecs, solveWithPdb, type PdbHeuristic } from "../src/core/pdb/index.ts";
import { applySlidingMoves } from "../src/core/sliding/moves.ts";
import { pdbDirectory } from "../src/config.ts";
import { ensurePdb } from "../src/pdb-store/store.ts";
import { scrambledBoard, seededRandom } from "../test/hostile/boards.ts";
import { median } from "./stats.ts";

const PUBLISHED: Record<string, string> = {
  "78": "published 7-8: 136,289 nodes/instance without reflection, 36,710 with it (Korf & Felner 2002; Felner, Korf & Hanan 2004)",
  "6666": "published 6-6-6-6 + reflection: 360,892,479,671 nodes/instance over all 50 (Korf & Felner 2002)",
};

function argument(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

const partition = (argument("pdb") ?? "663").replace(/^pdb:/, "");
const heuristic = `pdb:${partition}` as PdbHeuristic;
const side = partition === "6666" ? 5 : 4;
const shared = process.env.SHARED_DIR ?? join(dirname(fileURLToPath(import.meta.url)), "..", "..", "shared");
const file = join(shared, side === 5 ? "korf24.txt" : "korf100.txt");
const instances = readFileSync(file, "utf8")
  .split("\n")
  .filter((line) => line.trim() !== "" && !line.startsWith("#"))
  .map((line) => {
    const tiles = line.trim().split(/\s+/).map(Number);
    const optimal = tiles.pop()!;
    return { tiles, optimal };
  });
const chosen: number[] = argument("instances")
  ? argument("instances")!.split(",").map(Number)
  : Array.from(
      { length: Number(argument("to") ?? instances.length) - Number(argument("from") ?? 1) + 1 },
      (_, i) => i + Number(argument("from") ?? 1),
    );
const timeLimitMs = argument("time-limit") ? Number(argument("time-limit")) * 1000 : undefined;
// --transpositions on|off: the search's transposition table, to compare (same answers); default the solver's.
const transpositionsArg = argument("transpositions");
const transpositions = transpositionsArg === undefined ? undefined : transpositionsArg === "on";

/** How much of the process sits on transparent huge pages (Linux), for the record. */
function hugePages(): string {
  try {
    const kib = Number(
      /AnonHugePages:\s+(\d+)/.exec(readFileSync("/proc/self/smaps_rollup", "utf8"))?.[1] ?? 0,
    );
    return `on huge pages ${mib(kib * 1024)}`;
  } catch {
    return "huge pages unknown";
  }
}

const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;
let began = performance.now();
ensurePdb(partition, {
  dir: pdbDirectory(),
  onEvent: (event) => {
    if (event.kind === "built")
      console.log(
        `built ${event.table.key} (${mib(event.table.entries)}) in ${(event.ms / 1000).toFixed(1)} s`,
      );
    if (event.kind === "loaded")
      console.log(`loaded ${event.table.key} (${mib(event.table.entries)}) in ${event.ms.toFixed(0)} ms`);
    if (event.kind === "rejected") console.log(`rejected ${event.path}: ${event.message}`);
  },
});
const goal = Array.from({ length: side * side }, (_, i) => i);
// The first solve also lays out the direct-address copies (663, 6666): timed separately.
solveWithPdb({ kind: "sliding", rows: side, cols: side, start: goal, goal }, heuristic);
// Two untimed warm-up solves on boards that are none of Korf's (seeded random walks from the default
// goal, which the same tables serve), with the timed solves' options (V8 specialises on them): the
// timed instances then run in optimised code, as in a worker that has solved before.
const defaultGoal = Array.from({ length: side * side }, (_, i) => (i + 1) % (side * side));
for (const seed of [1, 2]) {
  const start = scrambledBoard(side, side === 5 ? 70 : 200, seededRandom(seed));
  const warmed = solveWithPdb(
    { kind: "sliding", rows: side, cols: side, start, goal: defaultGoal },
    heuristic,
    { timeLimitMs, transpositions },
  );
  console.log(
    `warm-up (untimed): a random-walk board, ${warmed.nodes} nodes in ${warmed.elapsedMs.toFixed(0)} ms`,
  );
}
const tableBytes = pdbTableSpecs(partition).reduce((sum, t) => sum + t.entries, 0);
console.log(
  `tables ready in ${((performance.now() - began) / 1000).toFixed(1)} s: ${mib(tableBytes)} on disk; rss ${mib(process.memoryUsage().rss)}; ${hugePages()}`,
);
console.log(
  `${heuristic} + reflection${transpositions === undefined ? "" : `, transposition table ${transpositionsArg}`}, ${chosen.length} instance(s) of ${file}, single thread; wall-clock, and the process' CPU time ` +
    "beside it (steadier than wall time when other work shares the two cores, though caches stay shared)",
);
console.log("  #  opt  len        nodes  wall ms   cpu ms   Mnodes/s");

interface RoundTotals {
  readonly ms: number;
  readonly cpuMs: number;
  readonly nodes: number;
  readonly solved: number;
  readonly failures: number;
}

/** Solves the chosen instances once; prints a line per instance when `print`. */
function runRound(print: boolean): RoundTotals {
  let nodes = 0;
  let ms = 0;
  let cpuMs = 0;
  let solved = 0;
  let failures = 0;
  for (const number of chosen) {
    const { tiles, optimal } = instances[number - 1];
    const cpuBefore = process.cpuUsage();
    const result = solveWithPdb({ kind: "sliding", rows: side, cols: side, start: tiles, goal }, heuristic, {
      timeLimitMs,
      transpositions,
    });
    const cpu = process.cpuUsage(cpuBefore);
    const instanceCpuMs = (cpu.user + cpu.system) / 1000;
    nodes += result.nodes;
    ms += result.elapsedMs;
    cpuMs += instanceCpuMs;
    const replayOk =
      result.status === "solved" &&
      applySlidingMoves(side, side, tiles, result.moves).every((tile, i) => tile === goal[i]);
    let note = "";
    if (result.status === "solved") {
      solved++;
      if (!replayOk || result.length !== optimal) {
        failures++;
        note = "  WRONG";
      }
    } else {
      note = `  ${result.status}, lower bound ${result.lowerBound}`;
    }
    if (!print && note === "") continue;
    console.log(
      `${String(number).padStart(3)}  ${String(optimal).padStart(3)}  ${String(result.length).padStart(3)}  ${String(result.nodes).padStart(11)}  ${result.elapsedMs.toFixed(0).padStart(7)}  ${instanceCpuMs.toFixed(0).padStart(7)}  ${(result.nodes / result.elapsedMs / 1000).toFixed(2).padStart(9)}${note}`,
    );
  }
  return { ms, cpuMs, nodes, solved, failures };
}

// --rounds N: the same instances N times in this process (tables loaded once); every round's total and
// their median, for a host whose speed drifts. Instance lines are printed for the first round only.
const rounds = Math.max(1, Number(argument("rounds") ?? 1));
const totals: RoundTotals[] = [];
for (let round = 1; round <= rounds; round++) {
  const t = runRound(round === 1);
  totals.push(t);
  if (round === 1)
    console.log(`solved ${t.solved}/${chosen.length}${t.failures ? `, ${t.failures} WRONG` : ""}`);
  console.log(
    `${rounds > 1 ? `round ${round}: ` : ""}total ${(t.ms / 1000).toFixed(2)} s (CPU ${(t.cpuMs / 1000).toFixed(2)} s), ${t.nodes} nodes, ${(t.nodes / t.ms / 1000).toFixed(2)} M nodes/s, average ${Math.round(t.nodes / chosen.length)} nodes/instance`,
  );
}
const failures = totals.reduce((sum, t) => sum + t.failures, 0);
if (rounds > 1) {
  const seconds = (values: number[]) => values.map((v) => (v / 1000).toFixed(2)).join(", ");
  const wall = totals.map((t) => t.ms).sort((a, b) => a - b);
  const cpu = totals.map((t) => t.cpuMs);
  console.log(
    `${rounds} rounds: median total ${(median(wall) / 1000).toFixed(2)} s (CPU ${(median(cpu) / 1000).toFixed(2)} s); sorted totals ${seconds(wall)} s`,
  );
}
if (PUBLISHED[partition]) console.log(PUBLISHED[partition]);
console.log(`rss ${mib(process.memoryUsage().rss)}`);
process.exitCode = failures ? 1 : 0;
