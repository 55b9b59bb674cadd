// Whole-process judge benchmark: `node bin/puzzle.mjs judge <format>` on the heaviest shared case of
// each format, checked byte for byte, Node's start-up included (median of several runs), next to a
// bare `node -e ""` for scale. Needs `npm run build` (bench/index.ts is run by `npm run bench`, which
// builds first). Wall time suffers when other work shares the cores, so the CPU time the processes
// used (user + system, from /proc on Linux) is reported too: it is far less sensitive to contention.

import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import { readCases } from "../test/cli/cases.ts";
import { median, timed } from "./stats.ts";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const RUNS = Number(process.env.BENCH_RUNS ?? 9);

/** The heaviest case of each format (the most boards, or the longest answer). */
const JUDGE_CASES = [
  { format: "hihocoder", file: "hihocoder1312.txt", name: "hiho-junit-depths-24-31" },
  { format: "acwing", file: "acwing845.txt", name: "acw-31-867254301" },
  { format: "lanqiao", file: "lanqiao-jiugong.txt", name: "lq-31-867254301" },
  { format: "rotation", file: "rotation-game.txt", name: "rot-batch-8-hardest" },
] as const;

/** CPU time of this process's waited-for children so far (ms), or NaN off Linux. */
function childrenCpuMs(): number {
  try {
    // Fields after the ")" of the command name: cutime and cstime are the 14th and 15th, in ticks.
    const fields = readFileSync("/proc/self/stat", "utf8").split(") ")[1].split(" ");
    return ((Number(fields[13]) + Number(fields[14])) * 1000) / 100;
  } catch {
    return Number.NaN;
  }
}

/** Median wall time and mean CPU time per process, in ms. */
function processMs(args: string[], input: string, expected?: string): { wall: number; cpu: number } {
  const runs: number[] = [];
  const cpuBefore = childrenCpuMs();
  for (let run = 0; run < RUNS; run++) {
    let child: ReturnType<typeof spawnSync> | undefined;
    runs.push(
      timed(() => (child = spawnSync(process.execPath, args, { cwd: ROOT, input, encoding: "utf8" }))),
    );
    if (child!.status !== 0) throw new Error(`${args.join(" ")} failed: ${String(child!.stderr)}`);
    if (expected !== undefined && child!.stdout !== expected)
      throw new Error(`${args.join(" ")}: wrong output`);
  }
  return { wall: median(runs), cpu: (childrenCpuMs() - cpuBefore) / RUNS };
}

function figures({ wall, cpu }: { wall: number; cpu: number }): string {
  return `${wall.toFixed(0)} ms wall (median), ${Number.isNaN(cpu) ? "?" : cpu.toFixed(0)} ms CPU (mean)`;
}

export function benchJudge(): void {
  if (!existsSync(new URL("../dist/src/cli/main.js", import.meta.url))) {
    console.log("judge whole-process figures skipped: run `npm run build` first");
    return;
  }
  console.log(`Whole-process judge runs (median of ${RUNS}; Node's start-up included)`);
  console.log(`  node -e "" (bare start-up, for scale): ${figures(processMs(["-e", ""], ""))}`);
  for (const { format, file, name } of JUDGE_CASES) {
    const c = readCases(file).find((each) => each.name === name);
    if (c === undefined) throw new Error(`no case ${name} in ${file}`);
    const run = processMs(["bin/puzzle.mjs", "judge", format], c.input, c.expected);
    console.log(`  puzzle judge ${format.padEnd(9)} (${name}): ${figures(run)}`);
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  benchJudge();
}
