// The split search on one thread against the unsplit search (issue 16: "within 5%"; docs/distributed.md,
// "Current figures"): `solve(spec, { heuristic, split: true })` against the same call without `split`,
// each run in a process of its own (so neither inherits the other's compiled code), the two
// alternating round by round, with the product's settings (tuned-environment.ts). Reported: the
// `solve` call's user+system CPU and wall, and its node count (exact; the split count leaves out the
// frontier's own expansion). Tables come from PDB_DIR (`puzzle pdb build 6666` first).
//
//   npx tsx bench/split-one-thread.ts --instances 40,25 [--rounds 3] [--pdb 6666]
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { PARTITIONS } from "../src/core/pdb/partitions.ts";
import { solve } from "../src/core/solve.ts";
import { pdbDirectory } from "../src/pdb-settings.ts";
import { loadPdb } from "../src/pdb-store/store.ts";
import { tunedEnvironment } from "../src/tuned-environment.ts";
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

/** One search in this process: the child's side. */
function child(instance: number, split: boolean): void {
  if (!loadPdb(pdb, { dir: pdbDirectory() }))
    throw new Error(`pdb:${pdb} is not in PDB_DIR: puzzle pdb build ${pdb}`);
  const { instances } = korfInstances(side);
  const start = instances[instance - 1].tiles;
  const goal = korfGoal(side).split(",").map(Number);
  const spec = { kind: "sliding" as const, rows: side, cols: side, start, goal };
  const cpu = process.cpuUsage();
  const began = performance.now();
  const result = solve(spec, { heuristic: `pdb:${pdb}`, split });
  const wallMs = performance.now() - began;
  const used = process.cpuUsage(cpu);
  if (result.status !== "solved") throw new Error(`#${instance}: ${result.status}`);
  const run: Run = {
    cpuMs: (used.user + used.system) / 1000,
    wallMs,
    nodes: result.nodes,
    length: result.moves.length,
  };
  process.stdout.write(`${JSON.stringify(run)}\n`);
}

function spawnRun(instance: number, split: boolean): Run {
  const out = spawnSync(
    process.execPath,
    [
      ...process.execArgv,
      fileURLToPath(import.meta.url),
      "--child",
      String(instance),
      "--split",
      String(split),
      "--pdb",
      pdb,
    ],
    { env: tunedEnvironment(process.env), encoding: "utf8" },
  );
  if (out.status !== 0) throw new Error(`child #${instance} split=${split}: ${out.stderr}`);
  return JSON.parse(out.stdout.trim().split("\n").pop() as string) as Run;
}

if (option("child") !== undefined) {
  child(Number(option("child")), option("split") === "true");
} else {
  const instances = (option("instances") ?? "40").split(",").map(Number);
  const rounds = Number(option("rounds") ?? 3);
  const { instances: all } = korfInstances(side);
  for (const instance of instances) {
    const runs: Record<"whole" | "split", Run[]> = { whole: [], split: [] };
    for (let round = 0; round < rounds; round++) {
      // Alternate which goes first, so a drift of the host's speed falls on both.
      const order = round % 2 === 0 ? [false, true] : [true, false];
      for (const split of order) {
        const run = spawnRun(instance, split);
        if (run.length !== all[instance - 1].optimal)
          throw new Error(`#${instance}: length ${run.length}, optimal ${all[instance - 1].optimal}`);
        runs[split ? "split" : "whole"].push(run);
        console.log(
          `#${instance} round ${round + 1} ${split ? "split" : "whole"}: cpu ${(run.cpuMs / 1000).toFixed(2)} s, wall ${(run.wallMs / 1000).toFixed(2)} s, ${run.nodes} nodes`,
        );
      }
    }
    const whole = median(runs.whole.map((r) => r.cpuMs));
    const split = median(runs.split.map((r) => r.cpuMs));
    console.log(
      `#${instance}: median cpu whole ${(whole / 1000).toFixed(2)} s, split ${(split / 1000).toFixed(2)} s (${split >= whole ? "+" : ""}${((100 * (split - whole)) / whole).toFixed(1)}%); nodes ${runs.whole[0].nodes} whole, ${runs.split[0].nodes} split`,
    );
  }
}
