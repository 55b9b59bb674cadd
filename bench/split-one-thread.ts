// The split search on one thread against the unsplit search (issue 16: "within 5%"; docs/distributed.md,
// "Current figures"): `solve(spec, { heuristic, split: true })` against the same call without `split`,
// each run in a process of its own (so neither inherits the other's compiled code), the two
// alternating round by round, with the product's settings (tuned-environment.ts). Reported: the
// `solve` call's user+system CPU and wall, and its node count (exact; the split count leaves out the
// frontier's own expansion). Tables come from PDB_DIR (`puzzle pdb build 6666` first).
// `--pool` adds a third run: the split search's units (planned for two threads, as a two-thread fleet
// gets them) handed one at a time to a solver thread of the worker's own pool (workers/solver-pool.ts,
// its tables prepared as a worker prepares them): the thread and the tables the platform's units
// run on, without the queue. Its CPU is the whole process's (the thread's and the loop's).
//
//   npx tsx bench/split-one-thread.ts --instances 40,25 [--rounds 3] [--pdb 6666] [--pool]
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { PARTITIONS } from "../src/core/pdb/partitions.ts";
import { solve } from "../src/core/solve.ts";
import { fold, next, planUnits } from "../src/core/split/index.ts";
import type { SlidingSpec, SolveResult } from "../src/core/types.ts";
import { pdbDirectory } from "../src/pdb-settings.ts";
import { loadPdb } from "../src/pdb-store/store.ts";
import { tunedEnvironment } from "../src/tuned-environment.ts";
import { SolverPool } from "../workers/solver-pool.ts";
import { prepareTables } from "../workers/tables.ts";
import { korfGoal, korfInstances } from "./processes.ts";
import { median, option } from "./stats.ts";

const pdb = option("pdb") ?? "6666";
if (PARTITIONS[pdb] === undefined)
  throw new Error(`--pdb ${pdb}: not a partition (${Object.keys(PARTITIONS).join(", ")})`);
const side = PARTITIONS[pdb].rows as 4 | 5;

interface Run {
  readonly cpuMs: number;
  readonly wallMs: number;
  readonly nodes: number;
  readonly length: number;
}

type Mode = "whole" | "split" | "pool";

/** The split search's units, one at a time, on a thread of the worker's solver pool. */
async function unitsOnPool(spec: SlidingSpec, pool: SolverPool): Promise<{ nodes: number; length: number }> {
  const state = planUnits(spec, { threads: 2, heuristic: `pdb:${pdb}` });
  let nodes = 0;
  for (let task = next(state); task !== null; task = next(state)) {
    const result = await pool.unit(spec, task);
    nodes += result.nodes;
    fold(state, task, result);
  }
  if (state.best === null || state.best === undefined) throw new Error("no answer from the units");
  return { nodes, length: state.best.length };
}

/** One search in this process: the child's side. */
async function child(instance: number, mode: Mode): Promise<void> {
  const { instances } = korfInstances(side);
  const start = instances[instance - 1].tiles;
  const goal = korfGoal(side).split(",").map(Number);
  const spec = { kind: "sliding" as const, rows: side, cols: side, start, goal };
  let pool: SolverPool | undefined;
  if (mode === "pool") {
    const prepared = await prepareTables([pdb], pdbDirectory(), 1);
    pool = new SolverPool(1, prepared.buffers);
    await pool.probe(); // the thread is up and seeded before the clock starts
  } else if (!loadPdb(pdb, { dir: pdbDirectory() }))
    throw new Error(`pdb:${pdb} is not in PDB_DIR: puzzle pdb build ${pdb}`);
  const cpu = process.cpuUsage();
  const began = performance.now();
  let answer: { nodes: number; length: number };
  if (pool === undefined) {
    const result: SolveResult = solve(spec, { heuristic: `pdb:${pdb}`, split: mode === "split" });
    if (result.status !== "solved") throw new Error(`#${instance}: ${result.status}`);
    answer = { nodes: result.nodes, length: result.moves.length };
  } else answer = await unitsOnPool(spec, pool);
  const wallMs = performance.now() - began;
  const used = process.cpuUsage(cpu);
  await pool?.close();
  const run: Run = { cpuMs: (used.user + used.system) / 1000, wallMs, ...answer };
  process.stdout.write(`${JSON.stringify(run)}\n`);
}

function spawnRun(instance: number, mode: Mode): Run {
  const out = spawnSync(
    process.execPath,
    [
      ...process.execArgv,
      fileURLToPath(import.meta.url),
      "--child",
      String(instance),
      "--mode",
      mode,
      "--pdb",
      pdb,
    ],
    { env: tunedEnvironment(process.env), encoding: "utf8" },
  );
  if (out.status !== 0) throw new Error(`child #${instance} ${mode}: ${out.stderr}`);
  return JSON.parse(out.stdout.trim().split("\n").pop() as string) as Run;
}

if (option("child") !== undefined) {
  await child(Number(option("child")), option("mode") as Mode);
} else {
  const instances = (option("instances") ?? "40").split(",").map(Number);
  const rounds = Number(option("rounds") ?? 3);
  const { instances: all } = korfInstances(side);
  const modes: Mode[] = process.argv.includes("--pool") ? ["whole", "split", "pool"] : ["whole", "split"];
  const cpuOf = (runs: readonly Run[]) => median(runs.map((r) => r.cpuMs));
  for (const instance of instances) {
    const runs: Record<Mode, Run[]> = { whole: [], split: [], pool: [] };
    for (let round = 0; round < rounds; round++) {
      // Alternate the order, so a drift of the host's speed falls on every mode.
      const order = round % 2 === 0 ? modes : [...modes].reverse();
      for (const mode of order) {
        const run = spawnRun(instance, mode);
        if (run.length !== all[instance - 1].optimal)
          throw new Error(`#${instance}: length ${run.length}, optimal ${all[instance - 1].optimal}`);
        runs[mode].push(run);
        console.log(
          `#${instance} round ${round + 1} ${mode}: cpu ${(run.cpuMs / 1000).toFixed(2)} s, wall ${(run.wallMs / 1000).toFixed(2)} s, ${run.nodes} nodes`,
        );
      }
    }
    const whole = cpuOf(runs.whole);
    const split = cpuOf(runs.split);
    const pool =
      runs.pool.length === 0
        ? ""
        : `, pool ${(cpuOf(runs.pool) / 1000).toFixed(2)} s (wall ${(median(runs.pool.map((r) => r.wallMs)) / 1000).toFixed(2)} s, ${runs.pool[0].nodes} nodes)`;
    console.log(
      `#${instance}: median cpu whole ${(whole / 1000).toFixed(2)} s, split ${(split / 1000).toFixed(2)} s (${split >= whole ? "+" : ""}${((100 * (split - whole)) / whole).toFixed(1)}%)${pool}; nodes ${runs.whole[0].nodes} whole, ${runs.split[0].nodes} split`,
    );
  }
}
