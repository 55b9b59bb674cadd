// Korf's benchmark instances through the product's own command, as a user runs it: one
// `puzzle solve --batch -` process per round (bin/puzzle.mjs run as a program, so with the settings
// the product applies by default: docs/pdb.md, "Settings the product applies"), the instances on its
// stdin, the whole process timed from spawn to exit (Node's start-up and the table loading included).
//
//   npm run bench:korf                                  # 100 15-puzzles, pdb:663, 3 rounds
//   npm run bench:korf -- --pdb 78                      # the 7-8 tables (build: minutes, once)
//   npm run bench:korf -- --pdb 663 --from 1 --to 20
//   npm run bench:korf -- --pdb 6666 --instances 38,40,25,32 --time-limit 300   # 24-puzzles (korf24.txt)
//   npm run bench:korf -- --rounds 5                     # five processes, and the median
//   npm run bench:korf -- --bin ../main/bin/puzzle.mjs   # also another checkout's command, rounds interleaved
//   PUZZLE_HUGEPAGES=0 npm run bench:korf                # without the product's settings
//   npm run bench:korf -- --threads 1                    # one search thread (default: one per core)
//   npm run bench:korf -- --quiet                        # no line per instance
//
// The tables are built first when missing (`puzzle pdb build`, untimed). Instances use Korf's goal
// (blank top-left, given as --goal). Each answer's length is compared with the file's optimal length.
// Timings are wall-clock on a shared 2-core machine: compare side by side, in the same window.
import { spawnSync } from "node:child_process";
import { join, resolve } from "node:path";
import { korfGoal, korfInstances, root, runProcess } from "./processes.ts";
import { median, option } from "./stats.ts";

const partition = (option("pdb") ?? "663").replace(/^pdb:/, "");
const side = partition === "6666" ? 5 : 4;
const { file, instances } = korfInstances(side);
const chosen: number[] = option("instances")
  ? (option("instances") as string).split(",").map(Number)
  : Array.from(
      { length: Number(option("to") ?? instances.length) - Number(option("from") ?? 1) + 1 },
      (_, i) => i + Number(option("from") ?? 1),
    );
const rounds = Math.max(1, Number(option("rounds") ?? 3));
const bins = [join(root, "bin", "puzzle.mjs"), ...(option("bin") ? [resolve(option("bin") as string)] : [])];
const goal = korfGoal(side);
const solveArgs = ["solve", "--batch", "-", "--goal", goal, "--heuristic", `pdb:${partition}`];
// `--threads 1`: one search thread, as the single-thread targets are stated (the command's default is
// one puzzle per core at once).
if (option("threads") !== undefined) solveArgs.push("--threads", option("threads") as string);
const timeLimit = option("time-limit");
// `puzzle solve --time-limit` takes seconds (it took milliseconds before the CLI hardening).
if (timeLimit !== undefined) solveArgs.push("--time-limit", String(Number(timeLimit)));
const input = chosen.map((n) => `${instances[n - 1].tiles.join(" ")}\n`).join("");

interface Round {
  /** Whole process, spawn to exit. */
  readonly wallMs: number;
  /** The searches' own times, as the JSON lines report them. */
  readonly searchMs: number;
  readonly nodes: number;
  readonly solved: number;
  readonly wrong: string[];
}

/** One `puzzle solve --batch -` process over the chosen instances. */
async function runRound(bin: string, print: boolean): Promise<Round> {
  const { wallMs, stdout, code } = await runProcess(bin, solveArgs, { input, stderr: "inherit" });
  // 3: some instance hit --time-limit (its line says so); anything else is a failure.
  if (code !== 0 && code !== 3) throw new Error(`${bin} exited with ${code}`);
  const lines = stdout
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line));
  let nodes = 0;
  let searchMs = 0;
  let solved = 0;
  const wrong: string[] = [];
  lines.forEach((result, i) => {
    const number = chosen[i];
    const { optimal } = instances[number - 1];
    nodes += result.nodes ?? 0;
    searchMs += result.ms ?? 0;
    if (result.status === "solved") solved++;
    const note =
      result.status !== "solved"
        ? `  ${result.status ?? result.error}, lower bound ${result.lowerBound}`
        : result.length !== optimal
          ? "  WRONG"
          : "";
    if (note !== "") wrong.push(`#${number}${note}`);
    if (print) {
      const columns = [
        String(number).padStart(3),
        String(optimal).padStart(3),
        String(result.length).padStart(3),
        String(result.nodes).padStart(11),
        Number(result.ms).toFixed(0).padStart(7),
      ];
      console.log(`${columns.join("  ")}${note}`);
    }
  });
  return { wallMs, searchMs, nodes, solved, wrong };
}

const built = spawnSync(bins[0], ["pdb", "build", partition], { stdio: ["ignore", "ignore", "inherit"] });
if (built.status !== 0) throw new Error(`puzzle pdb build ${partition} failed`);
const tunables = process.env.GLIBC_TUNABLES ? `, GLIBC_TUNABLES=${process.env.GLIBC_TUNABLES}` : "";
const hugePages = process.env.PUZZLE_HUGEPAGES ? `, PUZZLE_HUGEPAGES=${process.env.PUZZLE_HUGEPAGES}` : "";
console.log(
  `puzzle solve --batch -, heuristic pdb:${partition}, ${chosen.length} instance(s) of ${file}; ` +
    `${rounds} round(s), one process each${hugePages}${tunables}`,
);
const results = new Map<string, Round[]>(bins.map((bin) => [bin, []]));
for (let round = 1; round <= rounds; round++) {
  for (const bin of bins) {
    const print = round === 1 && bin === bins[0] && !process.argv.includes("--quiet");
    if (print) console.log("  #  opt  len        nodes  search ms");
    const r = await runRound(bin, print);
    (results.get(bin) as Round[]).push(r);
    console.log(
      `round ${round}${bins.length > 1 ? ` ${bin}` : ""}: process ${(r.wallMs / 1000).toFixed(2)} s, ` +
        `searches ${(r.searchMs / 1000).toFixed(2)} s, ${r.nodes} nodes, ` +
        `${(r.nodes / r.searchMs / 1000).toFixed(2)} M nodes/s, solved ${r.solved}/${chosen.length}` +
        `${r.wrong.length ? `; ${r.wrong.join(", ")}` : ""}`,
    );
  }
}
let failures = 0;
for (const [bin, totals] of results) {
  const wall = totals.map((t) => t.wallMs).sort((a, b) => a - b);
  failures += totals.reduce((sum, t) => sum + t.wrong.length, 0);
  console.log(
    `${bin}: median process ${(median(wall) / 1000).toFixed(2)} s (sorted ${wall.map((v) => (v / 1000).toFixed(2)).join(", ")} s), ` +
      `median searches ${(median(totals.map((t) => t.searchMs)) / 1000).toFixed(2)} s, ${totals[0].nodes} nodes, ` +
      `average ${Math.round(totals[0].nodes / chosen.length)} nodes/instance`,
  );
}
process.exitCode = failures ? 1 : 0;
