// `puzzle solve`: one puzzle from the command line (a report for people, or --json), or a batch of
// puzzles one per line (--batch FILE, "-" for stdin) answered as JSON lines in order, a bad line
// giving {"error": ...} without stopping the batch. Tables are built or loaded once per process.

import { availableParallelism } from "node:os";
import { PuzzleInputError } from "../core/errors.ts";
import { inferSquareSide, parseSize, parseTiles } from "../core/notation.ts";
import { createPuzzle, positionsAlong } from "../core/puzzle.ts";
import { checkSlidingTiles } from "../core/sliding/board.ts";
import { BUILT_IN_HEURISTICS } from "../core/sliding/heuristic.ts";
import { ALGORITHMS, solve } from "../core/solve.ts";
import type { Algorithm, HeuristicName, PuzzleSpec, SolveOptions, SolveResult } from "../core/types.ts";
import type { BatchHelpers } from "../local-executor/batch.ts";
import { SplitThreads } from "./split-threads.ts";
import type { BatchAnswer } from "../local-executor/batch-task.ts";
import { MAX_THREADS, parseSolveArgs, type SolveArgs } from "./args.ts";
import { afterFirstTry, firstTryOptions, withFirstTry } from "./first-try.ts";
import { counted, describeSolution, resultJson } from "./format.ts";
import {
  EXIT_BAD_INPUT,
  EXIT_INTERRUPTED,
  EXIT_STOPPED,
  endIfOutputFailed,
  readFileCapped,
  readStdin,
  UsageError,
} from "./io.ts";
import { missingTablesError, noTablesNote } from "./missing-tables.ts";
import { type ProgressReporter, progressReporter, progressShown } from "./progress.ts";

/** Boards have 2 to 5 rows and columns (the core's limit, said here in the user's words). */
const MAX_SIDE = 5;

/** --size RxC, within the boards the core serves (2x2 up to 5x5). */
function sizeOption(size: string): { rows: number; cols: number } {
  const { rows, cols } = parseSize(size);
  if (rows < 2 || cols < 2 || rows > MAX_SIDE || cols > MAX_SIDE)
    throw new UsageError(
      `--size ${size}: boards go from 2x2 up to ${MAX_SIDE}x${MAX_SIDE} (2 to ${MAX_SIDE} rows and columns)`,
    );
  return { rows, cols };
}

/** The board's shape: --size, or the square a tile count makes; messages name the 5x5 limit. */
function boardShape(count: number, size: string | undefined): { rows: number; cols: number } {
  if (size !== undefined) return sizeOption(size);
  const side = inferSquareSide(count);
  if (side !== undefined) return { rows: side, cols: side };
  const root = Math.sqrt(count);
  if (Number.isInteger(root) && root > MAX_SIDE)
    throw new UsageError(
      `${count} tiles make a ${root}x${root} board: sizes stop at ${MAX_SIDE}x${MAX_SIDE}`,
    );
  // 24 symbols are also a Rotation Game board, written without --rotation.
  const rotation = count === 24 ? " (or --rotation for a Rotation Game board)" : "";
  throw new UsageError(
    `cannot tell the board's shape from ${counted(count, "tile")} (square boards have 4, 9, 16 or 25): give --size RxC, up to ${MAX_SIDE}x${MAX_SIDE}${rotation}`,
  );
}

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

/** Builds the puzzle a line (or the command line) describes, with the shared --size/--goal/--rotation. */
function puzzleFrom(tiles: string | readonly string[], args: SolveArgs): PuzzleSpec {
  const start = parseTiles(tiles, "start");
  if (args.rotation) {
    if (args.goal !== undefined) throw new UsageError("--goal does not apply to the rotation game");
    return createPuzzle({ kind: "rotation", start });
  }
  const goal = args.goal === undefined ? undefined : parseTiles(args.goal, "goal");
  const { rows, cols } = boardShape(start.length, args.size);
  return createPuzzle({ kind: "sliding", rows, cols, start, goal });
}

/**
 * Refuses, before any puzzle is read, the options that are wrong whatever the puzzle: an unknown
 * algorithm or heuristic, a malformed or out-of-range --size, a --goal that is no board by itself
 * (a bad tile, a tile count no board has, a repeated tile). So a batch stops once (status 2) instead
 * of giving the same error for every line. What depends on the line (a goal of another size than
 * the start, a pattern database that does not serve the board) is still said per line.
 */
async function checkOptions(args: SolveArgs): Promise<void> {
  if (args.algorithm !== undefined && !(ALGORITHMS as readonly string[]).includes(args.algorithm))
    throw new UsageError(`--algorithm ${args.algorithm}: unknown algorithm (use ${ALGORITHMS.join(", ")})`);
  const heuristic = args.heuristic;
  if (heuristic?.startsWith("pdb:")) {
    const { PDB_HEURISTICS } = await import("../core/pdb/index.ts");
    if (!(PDB_HEURISTICS as readonly string[]).includes(heuristic))
      throw new UsageError(
        `--heuristic ${heuristic}: unknown pattern database (use ${PDB_HEURISTICS.join(", ")})`,
      );
    if (args.algorithm === "astar")
      throw new UsageError(
        `--heuristic ${heuristic}: pattern-database heuristics run with idastar, not astar`,
      );
  } else if (heuristic !== undefined && !BUILT_IN_HEURISTICS.includes(heuristic)) {
    throw new UsageError(
      `--heuristic ${heuristic}: unknown heuristic (use ${BUILT_IN_HEURISTICS.join(", ")} or pdb:<name>)`,
    );
  }
  // Options that would be ignored are refused, as astar with a pattern database is: the Rotation
  // Game has one board and its own heuristic, and the bfs tables search nothing.
  if (args.rotation) {
    for (const [given, name] of [
      [args.size, "--size"],
      [args.heuristic === "auto" ? undefined : args.heuristic, "--heuristic"],
      [args.goal, "--goal"],
    ] as const)
      if (given !== undefined) throw new UsageError(`${name} does not apply to the rotation game`);
    // Said once, not on every line of a batch.
    if (args.algorithm === "astar")
      throw new UsageError(
        "--algorithm astar is not available for the rotation game (use auto, bfs or idastar)",
      );
  }
  // `auto` never builds (it takes the strongest tables present), so the flag would do nothing.
  if (args.buildMissing && !heuristic?.startsWith("pdb:"))
    throw new UsageError(
      "--build-missing builds the tables of a named pattern database: give --heuristic pdb:<name> with it",
    );
  if (args.algorithm === "bfs" && heuristic !== undefined && heuristic !== "auto")
    throw new UsageError(
      `--heuristic ${heuristic}: the bfs algorithm answers from tables, with no heuristic`,
    );
  const size = args.size === undefined ? undefined : sizeOption(args.size);
  if (args.goal !== undefined) {
    const goal = parseTiles(args.goal, "goal");
    let shape = size;
    try {
      shape ??= boardShape(goal.length, undefined);
    } catch (error) {
      throw new UsageError(`--goal: ${(error as Error).message}`);
    }
    // The goal's own tiles (count, range, repeats), as a puzzle's goal is checked.
    checkSlidingTiles(goal, shape.rows * shape.cols, "goal");
  }
}

function solveOptions(args: SolveArgs): SolveOptions {
  return {
    algorithm: args.algorithm as Algorithm | undefined,
    heuristic: args.heuristic as HeuristicName | undefined,
    maxNodes: args.maxNodes,
    timeLimitMs: args.timeLimitMs,
    // Tables are loaded (or refused, or built and saved with --build-missing) before the search:
    // a table that is not loaded then is a bug, never a silent build of minutes and gigabytes.
    buildMissingTables: false,
  };
}

/**
 * Loads the pattern databases a 4x4 or 5x5 search would use from the store on disk (PDB_DIR), when
 * they are there, so `auto` can pick them; `auto` never builds anything (without tables it uses
 * linear conflict). A pattern database named with --heuristic must be in the store: it is refused
 * (exit status 2, naming the build command and its cost) unless --build-missing asks for the build.
 * Loaded lazily: most runs never need the store.
 */
async function loadPatternDatabases(spec: PuzzleSpec, args: SolveArgs): Promise<void> {
  const heuristic = args.heuristic;
  if (spec.kind !== "sliding" || spec.rows * spec.cols <= 9) return;
  if (heuristic !== undefined && heuristic !== "auto" && !heuristic.startsWith("pdb:")) return;
  // A* and BFS run without pattern databases (one named with them is solve()'s error to report).
  if (args.algorithm === "astar" || args.algorithm === "bfs") return;
  const { PDB_HEURISTICS, pdbApplies, strongestPdbFor } = await import("../core/pdb/index.ts");
  const { loadPdb } = await import("../pdb-store/store.ts");
  const { pdbDirectory, pdbMapping } = await import("../pdb-settings.ts");
  (await import("../pdb-store/mapped-file.ts")).setMapping(pdbMapping());
  const dir = pdbDirectory();
  if (heuristic?.startsWith("pdb:")) {
    // An unknown name (pdbApplies throws) or a board it does not serve is reported by solve(),
    // before anything is loaded or built.
    if (!pdbApplies(spec, heuristic)) return;
    if (loadPdb(heuristic, { dir })) return;
    if (!args.buildMissing) throw missingTablesError(heuristic, dir);
    const { buildPdbReporting, checkPdbFolder } = await import("./pdb.ts");
    checkPdbFolder(dir);
    process.stderr.write(`puzzle: building ${heuristic} (--build-missing)\n`);
    await buildPdbReporting(heuristic, { dir, threads: threadCount(args) });
    return;
  }
  // The strongest applicable one whose files are all there.
  const strongest = strongestPdbFor(spec);
  const candidates = [
    ...(strongest === null ? [] : [strongest]),
    ...PDB_HEURISTICS.filter((name) => name !== strongest && pdbApplies(spec, name)),
  ];
  for (const name of candidates) {
    try {
      if (loadPdb(name, { dir })) return;
    } catch {
      // An unreadable store just means no tables.
      return;
    }
  }
  // None is built: the quickest to build of those that serve the board (PDB_HEURISTICS' order), said
  // where progress goes.
  const quickest = PDB_HEURISTICS.find((name) => pdbApplies(spec, name));
  if (quickest !== undefined && progressShown(args.progress))
    process.stderr.write(noTablesNote(quickest, spec.rows * spec.cols, dir));
}

/** A file the user named: not found, a directory, no permission... are their mistakes, said in one line. */
function readBatchFile(path: string): string {
  try {
    return readFileCapped(path);
  } catch (error) {
    if (error instanceof PuzzleInputError) throw error;
    const code = (error as NodeJS.ErrnoException).code ?? "unreadable";
    throw new UsageError(`--batch ${path}: cannot read the file (${code})`);
  }
}

function threadCount(args: SolveArgs): number {
  return args.threads ?? availableParallelism();
}

/** The exit status of one answer: 0 answered, 3 stopped by a limit, 130 interrupted. */
function exitStatusOf(result: SolveResult): number {
  if (result.status === "solved" || result.status === "unsolvable") return 0;
  return result.status === "cancelled" ? EXIT_INTERRUPTED : EXIT_STOPPED;
}

/** The JSON line of a line that could not be solved. */
function errorJson(error: unknown): Record<string, unknown> {
  return { error: error instanceof Error ? error.message.split("\n")[0] : String(error) };
}

type BatchLine = { spec: PuzzleSpec } | { error: unknown };

function parseBatch(text: string, args: SolveArgs): BatchLine[] {
  return text
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => {
      try {
        return { spec: puzzleFrom(line, args) };
      } catch (error) {
        return { error };
      }
    });
}

/**
 * A batch's exit status, with one line on stderr saying why when it is not 0: 3 when a line
 * stopped before its answer (time limit, node budget), else 2 when a line was not a puzzle, else 0.
 * Each line's own outcome is in its JSON (`status`, or `error`).
 */
function batchStatus(answers: readonly Record<string, unknown>[]): number {
  const stopped = answers.filter((a) => a.status === "timed_out" || a.status === "budget_exhausted").length;
  const bad = answers.filter((a) => "error" in a).length;
  if (stopped === 0 && bad === 0) return 0;
  const parts = [
    ...(stopped > 0 ? [`${stopped} stopped before an answer (time limit or node budget)`] : []),
    ...(bad > 0 ? [`${bad} not solved (bad input)`] : []),
  ];
  process.stderr.write(`puzzle: ${parts.join(", ")}, of ${counted(answers.length, "line")}\n`);
  return stopped > 0 ? EXIT_STOPPED : EXIT_BAD_INPUT;
}

/** The JSON line of an answer a helper thread of a batch sent back. */
function answerJson(answer: BatchAnswer): Record<string, unknown> {
  return "result" in answer ? resultJson(answer.result) : errorJson(new Error(answer.error));
}

/**
 * Answers the lines, printing each as soon as it and every line before it are answered (input
 * order): in this thread, helped by `helpers` when given (each puzzle unsplit, on one thread).
 */
async function answerLines(
  lines: readonly BatchLine[],
  args: SolveArgs,
  helpers: BatchHelpers | undefined,
): Promise<Record<string, unknown>[]> {
  const options = solveOptions(args);
  const answers: (Record<string, unknown> | undefined)[] = lines.map((line) =>
    "spec" in line ? undefined : errorJson(line.error),
  );
  let printed = 0;
  const flush = () => {
    for (; printed < answers.length && answers[printed] !== undefined; printed++) {
      process.stdout.write(`${JSON.stringify(answers[printed])}\n`);
      endIfOutputFailed(); // a reader that has gone ends the batch now, not after its last line
    }
  };
  const at = lines.flatMap((line, index) => ("spec" in line ? [index] : []));
  const specs = at.map((index) => (lines[index] as { spec: PuzzleSpec }).spec);
  const onAnswer = (answer: BatchAnswer) => {
    answers[at[answer.index]] = answerJson(answer);
    flush();
  };
  // `poll` takes the helpers' answers in the middle of this thread's own search (batch.ts).
  const solveHere = (spec: PuzzleSpec, poll?: () => void) =>
    solve(
      spec,
      poll === undefined
        ? options
        : {
            ...options,
            isCancelled: () => {
              poll();
              return false;
            },
          },
    );
  if (helpers !== undefined) await helpers.run(specs, options, solveHere, onAnswer);
  else
    specs.forEach((spec, index) => {
      try {
        onAnswer({ index, result: solveHere(spec) });
      } catch (error) {
        onAnswer({ index, error: error instanceof Error ? error.message : String(error) });
      }
    });
  flush();
  return answers as Record<string, unknown>[];
}

/**
 * One puzzle of each kind of board in the batch that pattern databases tell apart (shape, and where
 * the goal's blank is), in input order: loading the tables for these loads every line's.
 */
function boardKinds(lines: readonly BatchLine[]): PuzzleSpec[] {
  const kinds = new Map<string, PuzzleSpec>();
  for (const line of lines) {
    if (!("spec" in line)) continue;
    const spec = line.spec;
    const key = spec.kind === "sliding" ? `${spec.rows}x${spec.cols}:${spec.goal.indexOf(0)}` : spec.kind;
    if (!kinds.has(key)) kinds.set(key, spec);
  }
  return [...kinds.values()];
}

async function runBatch(args: SolveArgs): Promise<number> {
  const text = args.batch === "-" ? await readStdin() : readBatchFile(args.batch!);
  const lines = parseBatch(text, args);
  const threads = Math.min(threadCount(args), lines.filter((line) => "spec" in line).length);
  // Helper threads start now: their start-up overlaps the table loading.
  const helpers =
    threads > 1 ? new (await import("../local-executor/batch.ts")).BatchHelpers(threads - 1) : undefined;
  try {
    // Tables are loaded (or a missing one refused, the batch then answering nothing) before the
    // first line is answered, for every kind of board in the batch: a later 4x4 line after 3x3
    // ones gets the tables it would get alone, and nothing is built in memory.
    for (const spec of boardKinds(lines)) await loadPatternDatabases(spec, args);
    return batchStatus(await answerLines(lines, args, helpers));
  } finally {
    await helpers?.close();
  }
}

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
  let result: SolveResult;
  try {
    await loadPatternDatabases(spec, args);
    const progress = progressReporter(args.progress);
    try {
      result = await solveOne(spec, args, threads, progress);
    } finally {
      progress?.finish();
    }
  } finally {
    await threads?.close();
  }
  if (args.json) process.stdout.write(`${JSON.stringify(resultJson(result))}\n`);
  else process.stdout.write(describeSolution(spec, result, positionsAlong(spec, result.moves)));
  return exitStatusOf(result);
}
