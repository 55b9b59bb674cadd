// Part 6 of `npm run bench:split`: the `puzzle` command with `--threads 1` against `--threads 2`,
// as a user runs it (bin/puzzle.mjs as a program, so with the product's own settings), rounds
// alternating so that the host's drift touches both alike, after one uncounted run of each:
//   - one Korf 24 puzzle (#40 by default), split over the threads (target: ≥ 1.8× faster);
//   - Korf's 100 15-puzzles as a batch with 6-6-3, a puzzle per thread (target: ≥ 1.8× faster).
// Each round also runs two `--threads 1` processes side by side, each with the whole job: how much
// slower each is than alone measures what the host's two vCPUs give memory-bound work at the same
// moment (shared cache and memory, and neighbours on the VM's host). The "host ceiling" is what a
// perfect split would give at that speed: the run alone against its fixed part (wall − search, paid
// once) plus half the search side by side. The ratio is read against it.
// Both name their tables (`pdb:6666`, `pdb:663`, what `auto` picks once they are built), so that a
// machine without them gets the CLI's refusal instead of an hours-long search with linear conflict.
// Every answer is checked against the file's optimal length.
import { join } from "node:path";
import { type Instance, korfGoal, korfInstances, ours, type Run, root, runProcess } from "./processes.ts";
import { median } from "./stats.ts";

const puzzle = join(root, "bin", "puzzle.mjs");

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

/** Two `--threads 1` runs at once, each with the whole job: their mean, in the fields reported. */
async function sideBySide(run: (threads: number) => Promise<Timing>): Promise<Timing> {
  const [a, b] = await Promise.all([run(1), run(1)]);
  return { wallMs: (a.wallMs + b.wallMs) / 2, searchMs: (a.searchMs + b.searchMs) / 2 };
}

/** `rounds` alternating runs of each thread count and of the side-by-side pair; the report lines. */
async function compare(
  label: string,
  rounds: number,
  run: (threads: number) => Promise<Timing>,
): Promise<string> {
  const one: Timing[] = [];
  const two: Timing[] = [];
  const paired: Timing[] = [];
  // One run of each first, not counted: the first process after a build or a while idle finds the
  // bundle and the tables' pages colder than every later one (2.7 s against 1.2-1.6 s for #40).
  await run(1);
  await run(2);
  for (let round = 0; round < rounds; round++) {
    one.push(await run(1));
    two.push(await run(2));
    paired.push(await sideBySide(run));
  }
  const medians = (timings: Timing[]): Timing => ({
    wallMs: median(timings.map((t) => t.wallMs)),
    searchMs: median(timings.map((t) => t.searchMs)),
  });
  const [m1, m2, mp] = [medians(one), medians(two), medians(paired)];
  const list = (timings: Timing[]) => timings.map((t) => (t.wallMs / 1000).toFixed(2)).join(" ");
  const seconds = (ms: number) => (ms / 1000).toFixed(3);
  const range = (values: number[]) => `${Math.min(...values).toFixed(2)}-${Math.max(...values).toFixed(2)}x`;
  // A perfect split pays the fixed part once and half the search at the side-by-side speed.
  const ceiling = (alone: Timing, pair: Timing) =>
    alone.wallMs / (alone.wallMs - alone.searchMs + pair.searchMs / 2);
  return (
    `   ${label}: --threads 1 ${seconds(m1.wallMs)} s (${list(one)}; search ${seconds(m1.searchMs)} s), ` +
    `--threads 2 ${seconds(m2.wallMs)} s (${list(two)}; search ${seconds(m2.searchMs)} s): ` +
    `${(m1.wallMs / m2.wallMs).toFixed(2)}x (medians; pairs ${range(one.map((t, i) => t.wallMs / two[i].wallMs))}, target ≥ 1.8x)\n` +
    `     two --threads 1 side by side, each the whole job: ${seconds(mp.wallMs)} s (${list(paired)}; search ${seconds(mp.searchMs)} s), ` +
    `searching at ${((100 * m1.searchMs) / mp.searchMs).toFixed(0)}% of the speed alone: host ceiling ${ceiling(m1, mp).toFixed(2)}x ` +
    `(rounds ${range(one.map((t, i) => ceiling(t, paired[i])))})`
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
