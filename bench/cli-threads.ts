// Part 6 of `npm run bench:split`: the `puzzle` command with `--threads 1` against `--threads 2`,
// as a user runs it (bin/puzzle.mjs as a program, so with the product's own settings), rounds
// alternating so that the host's drift touches both alike, after one uncounted run of each:
//   - one Korf 24 puzzle (#40 by default), split over the threads (target: ≥ 1.8× faster);
//   - Korf's 100 15-puzzles as a batch with 6-6-3, a puzzle per thread (target: ≥ 1.8× faster).
// Both name their tables (`pdb:6666`, `pdb:663`, what `auto` picks once they are built), so that a
// machine without them gets the CLI's refusal instead of an hours-long search with linear conflict.
// Every answer is checked against the file's optimal length.
import { join } from "node:path";
import { type Instance, korfGoal, korfInstances, ours, type Run, root, runProcess } from "./processes.ts";
import { median } from "./stats.ts";

const puzzle = join(root, "bin", "puzzle.mjs");
const THREADS = [1, 2] as const;

/** The fields of a run this part reports. */
type Timing = Pick<Run, "wallMs" | "searchMs">;

/** Options of part 6 (`BENCH_CLI_ROUNDS`, `BENCH_CLI_KORF`). */
export interface CliThreadsOptions {
  /** Alternating rounds of each command (default 7). */
  readonly rounds?: number;
  /** The Korf 24 instance of the one-puzzle comparison, 1-based (default 40). */
  readonly instance?: number;
}

/** Runs `puzzle solve … --json --quiet` once; any answer that is not optimal stops the bench. */
async function timedSolve(
  args: readonly string[],
  input: string,
  optimal: readonly number[],
): Promise<Timing> {
  const ran = await runProcess(puzzle, ["solve", ...args, "--json", "--quiet"], { input });
  const run = ours(ran, optimal);
  if (ran.code !== 0 || run.problem !== "")
    throw new Error(
      `puzzle solve ${args.slice(0, 3).join(" ")} …: exit ${ran.code}${run.problem === "" ? "" : `, ${run.problem}`}` +
        (ran.stderr.trim() === "" ? "" : `\n${ran.stderr.trim()}`),
    );
  return run;
}

/** `rounds` alternating runs of each thread count; the report line of the comparison. */
async function compare(
  label: string,
  rounds: number,
  run: (threads: number) => Promise<Timing>,
): Promise<string> {
  const runs = new Map<number, Timing[]>(THREADS.map((threads) => [threads, []]));
  // One run of each first, not counted: the first process after a build or a while idle finds the
  // bundle and the tables' pages colder than every later one (2.7 s against 1.2-1.6 s for #40).
  for (const threads of THREADS) await run(threads);
  for (let round = 0; round < rounds; round++)
    for (const threads of THREADS) runs.get(threads)?.push(await run(threads));
  const [one, two] = THREADS.map((threads) => runs.get(threads) ?? []);
  const wall = (timings: Timing[]) => median(timings.map((t) => t.wallMs));
  const search = (timings: Timing[]) => median(timings.map((t) => t.searchMs));
  const list = (timings: Timing[]) => timings.map((t) => (t.wallMs / 1000).toFixed(2)).join(" ");
  const pairs = one.map((t, i) => t.wallMs / two[i].wallMs);
  return (
    `   ${label}: --threads 1 ${(wall(one) / 1000).toFixed(3)} s (${list(one)}; search ${(search(one) / 1000).toFixed(3)} s), ` +
    `--threads 2 ${(wall(two) / 1000).toFixed(3)} s (${list(two)}; search ${(search(two) / 1000).toFixed(3)} s): ` +
    `${(wall(one) / wall(two)).toFixed(2)}x (medians; pairs ${Math.min(...pairs).toFixed(2)}-${Math.max(...pairs).toFixed(2)}x, target ≥ 1.8x)`
  );
}

function boardsInput(instances: readonly Instance[]): string {
  return `${instances.map(({ tiles }) => tiles.join(" ")).join("\n")}\n`;
}

/** Part 6: prints one line per comparison. */
export async function benchCliThreads(options: CliThreadsOptions = {}): Promise<void> {
  const rounds = options.rounds ?? 7;
  const n = options.instance ?? 40;
  if (!Number.isInteger(rounds) || rounds < 1)
    throw new RangeError(`BENCH_CLI_ROUNDS: a whole number ≥ 1, not ${rounds}`);
  const korf24 = korfInstances(5).instances[n - 1];
  if (korf24 === undefined) throw new RangeError(`Korf 24 has no instance #${n}`);
  const korf100 = korfInstances(4).instances;
  const one = [korf24.tiles.join(","), "--goal", korfGoal(5), "--size", "5x5", "--heuristic", "pdb:6666"];
  const batch = ["--batch", "-", "--goal", korfGoal(4), "--heuristic", "pdb:663"];
  const rows = [
    await compare(`Korf 24 #${n}, one puzzle split`, rounds, (threads) =>
      timedSolve([...one, "--threads", String(threads)], "", [korf24.optimal]),
    ),
    await compare("Korf's 100, --batch", rounds, (threads) =>
      timedSolve(
        [...batch, "--threads", String(threads)],
        boardsInput(korf100),
        korf100.map((i) => i.optimal),
      ),
    ),
  ];
  console.log(
    `6. the CLI (bin/puzzle.mjs), --threads 1 against 2, ${rounds} alternating round${rounds === 1 ? "" : "s"}, wall time:\n${rows.join("\n")}`,
  );
}
