// `puzzle solve`: one puzzle from the command line (a report for people, or --json), or a batch of
// puzzles one per line (--batch FILE, "-" for stdin: solve-batch.ts). The options are checked, and
// boards and tables made, in solve-setup.ts; tables are built or loaded once per process.

import { positionsAlong } from "../core/puzzle.ts";
import { solve } from "../core/solve.ts";
import type { PuzzleSpec, SolveOptions, SolveResult } from "../core/types.ts";
import { MAX_THREADS, parseSolveArgs, type SolveArgs } from "./args.ts";
import { afterFirstTry, firstTryOptions, withFirstTry } from "./first-try.ts";
import { describeSolution, resultJson } from "./format.ts";
import { EXIT_INTERRUPTED, UsageError } from "./io.ts";
import { type ProgressReporter, progressReporter } from "./progress.ts";
import { runBatch } from "./solve-batch.ts";
import {
  checkOptions,
  exitStatusOf,
  loadPatternDatabases,
  puzzleFrom,
  solveOptions,
  threadCount,
} from "./solve-setup.ts";
import { SplitThreads } from "./split-threads.ts";

const SOLVE_USAGE = `usage: puzzle solve <tiles...> [--goal <tiles...>] [--size RxC] [--algorithm auto|bfs|astar|idastar]
                    [--heuristic auto|manhattan|linear-conflict|pdb:<name>] [--build-missing]
                    [--max-nodes N] [--time-limit 30|2.5s|500ms|1m] [--json] [--rotation] [--threads N]
                    [--progress|--quiet]
       puzzle solve --batch FILE|- [same options]
--time-limit: seconds unless a unit is given (ms, s, m or min, h); at most 24h
--heuristic pdb:<name>: its tables must be built (puzzle pdb build <name>), or add --build-missing
--threads N: solver threads, 1 to ${MAX_THREADS} (default: the machine's cores); one puzzle is split into
             work units over them, a batch solves N puzzles at once (answers still in input order)
--progress: progress lines on stderr even when it is not a terminal; --quiet: no progress at all
tiles: "1 2 3 x 4 6 7 5 8", 123x46758, 12345678., 123/456/78. or 1,2,3,0,... (blank: 0, x, . or _)
sizes: 2x2 up to 5x5 (rectangles with --size RxC)
exit status: 0 answered (solved or unsolvable), 2 bad input, 3 timed out or node budget spent,
             130 interrupted; a batch exits with its worst line's status`;

/**
 * One puzzle: in this thread, or split into work units over several threads after a first try in
 * this thread while they start (first-try.ts). A search in this thread alone holds the event loop,
 * so Ctrl-C ends the process at once (status 130, the signal's); a split search runs in other
 * threads, so Ctrl-C stops it and its lower bound is printed first.
 */
async function solveOne(
  spec: PuzzleSpec,
  args: SolveArgs,
  threads: SplitThreads | undefined,
  progress?: ProgressReporter,
): Promise<SolveResult> {
  const options: SolveOptions = { ...solveOptions(args), onProgress: progress?.onSearch };
  if (threads === undefined || spec.kind !== "sliding") return solve(spec, options);
  let interrupts = 0;
  const onInterrupt = () => {
    interrupts++;
    if (interrupts > 1) process.exit(EXIT_INTERRUPTED); // a second Ctrl-C does not wait
  };
  process.on("SIGINT", onInterrupt);
  try {
    // A Ctrl-C during the first try is seen when it returns (once the threads are up): the split
    // then stops at once with its lower bound.
    threads.firstTryStarts();
    const first = solve(
      spec,
      firstTryOptions(options, () => threads.up()),
    );
    const rest = afterFirstTry(first, solveOptions(args));
    if (rest === null) return first;
    const onSearch = progress?.onSearch;
    const split = await threads.running.solveSplit(spec, rest, {
      // The counts go on from the first try's, as the answer's do (withFirstTry).
      onProgress:
        onSearch &&
        ((p) => onSearch({ ...p, nodes: first.nodes + p.nodes, elapsedMs: first.elapsedMs + p.elapsedMs })),
      isCancelled: () => interrupts > 0,
      // The iterations the first try exhausted are not searched again.
      provenBound: first.lowerBound,
    });
    return withFirstTry(first, split);
  } finally {
    process.off("SIGINT", onInterrupt);
  }
}

/**
 * The threads of a split search (started at once for a 24-puzzle, before the tables are loaded so
 * that their start-up overlaps the loading; during the first try otherwise: split-threads.ts), or
 * undefined when this puzzle is searched in this thread.
 */
async function splitThreads(spec: PuzzleSpec, args: SolveArgs): Promise<SplitThreads | undefined> {
  const threads = threadCount(args);
  if (threads <= 1 || spec.kind !== "sliding") return undefined;
  const { splittable, LocalExecutor } = await import("../local-executor/executor.ts");
  if (!splittable(spec, solveOptions(args))) return undefined;
  return new SplitThreads(spec.rows * spec.cols, () => LocalExecutor.start(threads));
}

export async function solveCommand(argv: readonly string[]): Promise<number> {
  const args = parseSolveArgs(argv);
  if (args.help) {
    process.stdout.write(`${SOLVE_USAGE}\n`);
    return 0;
  }
  // `--goal` takes every word up to the next option: a start written after it became the goal's.
  if (args.tiles.length === 0 && args.batch === undefined && args.goal !== undefined)
    throw new UsageError(
      "no start tiles given: --goal takes every word up to the next option, so give the start first (puzzle solve <tiles...> --goal <tiles...>)",
    );
  await checkOptions(args);
  if (args.batch !== undefined) {
    if (args.tiles.length > 0) throw new UsageError("give either tiles or --batch, not both");
    return runBatch(args);
  }
  if (args.tiles.length === 0) throw new UsageError("no tiles given (puzzle solve --help)");
  const spec = puzzleFrom(args.tiles, args);
  const threads = await splitThreads(spec, args);
  try {
    await loadPatternDatabases(spec, args);
    const progress = progressReporter(args.progress);
    let result: SolveResult;
    try {
      result = await solveOne(spec, args, threads, progress);
    } finally {
      progress?.finish();
    }
    // Printed before the split's threads are closed (7-14 ms on two threads, measured): the answer
    // appears as soon as it is known.
    if (args.json) process.stdout.write(`${JSON.stringify(resultJson(result))}\n`);
    else process.stdout.write(describeSolution(spec, result, positionsAlong(spec, result.moves)));
    return exitStatusOf(result);
  } finally {
    await threads?.close();
  }
}
