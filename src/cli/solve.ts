// `puzzle solve`: one puzzle from the command line (a report for people, or --json), or a batch of
// puzzles one per line (--batch FILE, "-" for stdin) answered as JSON lines in order, a bad line
// giving {"error": ...} without stopping the batch. Tables are built or loaded once per process.

import { readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { inferSquareSide, parseSize, parseTiles } from "../core/notation.ts";
import { createPuzzle } from "../core/puzzle.ts";
import { applyRotationMoves } from "../core/rotation/index.ts";
import { applySlidingMoves } from "../core/sliding/moves.ts";
import { solve } from "../core/solve.ts";
import type { Algorithm, HeuristicName, PuzzleSpec, SolveOptions, SolveResult } from "../core/types.ts";
import { parseSolveArgs, type SolveArgs } from "./args.ts";
import { describeSolution, resultJson } from "./format.ts";
import { readStdin, UsageError } from "./io.ts";

const SOLVE_USAGE = `usage: puzzle solve <tiles...> [--goal <tiles...>] [--size RxC] [--algorithm auto|bfs|astar|idastar]
                    [--heuristic auto|manhattan|linear-conflict|pdb:<name>] [--max-nodes N] [--time-limit MS]
                    [--json] [--rotation] [--threads N]
       puzzle solve --batch FILE|- [same options]
--threads N: solver threads (default: the machine's cores); one puzzle is split into work units
             over them, a batch solves N puzzles at once (answers still in input order)
tiles: "1 2 3 x 4 6 7 5 8", 123x46758, 12345678. or 1,2,3,0,... (blank: 0, x, . or _)`;

/** Builds the puzzle a line (or the command line) describes, with the shared --size/--goal/--rotation. */
function puzzleFrom(tiles: string | readonly string[], args: SolveArgs): PuzzleSpec {
  const start = parseTiles(tiles, "start");
  if (args.rotation) {
    if (args.goal !== undefined) throw new UsageError("--goal does not apply to the rotation game");
    return createPuzzle({ kind: "rotation", start });
  }
  const goal = args.goal === undefined ? undefined : parseTiles(args.goal, "goal");
  let rows: number;
  let cols: number;
  if (args.size !== undefined) ({ rows, cols } = parseSize(args.size));
  else {
    const side = inferSquareSide(start.length);
    if (side === undefined) {
      throw new UsageError(`cannot tell the board's shape from ${start.length} tiles: give --size RxC`);
    }
    rows = cols = side;
  }
  return createPuzzle({ kind: "sliding", rows, cols, start, goal });
}

function solveOptions(args: SolveArgs): SolveOptions {
  return {
    algorithm: args.algorithm as Algorithm | undefined,
    heuristic: args.heuristic as HeuristicName | undefined,
    maxNodes: args.maxNodes,
    timeLimitMs: args.timeLimitMs,
  };
}

/**
 * Loads the pattern databases a 4x4 or 5x5 search would use from the store on disk (PDB_DIR), when
 * they are there, so `auto` can pick them. Loaded lazily: most runs never need the store.
 */
async function loadPatternDatabases(spec: PuzzleSpec, heuristic: string | undefined): Promise<void> {
  if (spec.kind !== "sliding" || spec.rows * spec.cols <= 9) return;
  if (heuristic !== undefined && heuristic !== "auto" && !heuristic.startsWith("pdb:")) return;
  const { PDB_HEURISTICS, pdbApplies, strongestPdbFor } = await import("../core/pdb/index.ts");
  const { loadPdb } = await import("../pdb-store/store.ts");
  const { pdbDirectory } = await import("../config.ts");
  const dir = pdbDirectory();
  // The named one, or the strongest applicable one whose files are all there.
  const strongest = strongestPdbFor(spec);
  const candidates = heuristic?.startsWith("pdb:")
    ? [heuristic]
    : [
        ...(strongest === null ? [] : [strongest]),
        ...PDB_HEURISTICS.filter((name) => name !== strongest && pdbApplies(spec, name)),
      ];
  for (const name of candidates) {
    try {
      if (loadPdb(name, { dir })) return;
    } catch {
      // An unknown name is reported by solve(); an unreadable store just means no tables.
      return;
    }
  }
}

/** Every board from the start to the end of `moves`. */
function boardsAlong(spec: PuzzleSpec, moves: string): number[][] {
  const boards = [[...spec.start]];
  for (const move of moves) {
    const last = boards[boards.length - 1];
    boards.push(
      spec.kind === "rotation"
        ? applyRotationMoves(last, move)
        : applySlidingMoves(spec.rows, spec.cols, last, move),
    );
  }
  return boards;
}

/** A file the user named: not found, a directory, no permission... are their mistakes, said in one line. */
function readBatchFile(path: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? "unreadable";
    throw new UsageError(`--batch ${path}: cannot read the file (${code})`);
  }
}

function threadCount(args: SolveArgs): number {
  return args.threads ?? availableParallelism();
}

/** The JSON line of a line that could not be solved. */
function errorJson(error: unknown): Record<string, unknown> {
  return { error: error instanceof Error ? error.message.split("\n")[0] : String(error) };
}

/** A batch on several threads: lines solved at once, each printed as soon as those before it are. */
async function runThreadedBatch(lines: readonly string[], args: SolveArgs, threads: number): Promise<number> {
  const { LocalExecutor } = await import("../local-executor/executor.ts");
  const options = solveOptions(args);
  const parsed = lines.map((line): { spec: PuzzleSpec } | { error: unknown } => {
    try {
      return { spec: puzzleFrom(line, args) };
    } catch (error) {
      return { error };
    }
  });
  const first = parsed.find((p) => "spec" in p);
  if (first !== undefined && "spec" in first) await loadPatternDatabases(first.spec, args.heuristic);
  const executor = new LocalExecutor(threads);
  try {
    const answers = parsed.map((p) =>
      "spec" in p ? executor.solve(p.spec, options).then(resultJson, errorJson) : errorJson(p.error),
    );
    for (const answer of answers) process.stdout.write(`${JSON.stringify(await answer)}\n`);
  } finally {
    await executor.close();
  }
  return 0;
}

async function runBatch(args: SolveArgs): Promise<number> {
  const text = args.batch === "-" ? await readStdin() : readBatchFile(args.batch!);
  const threads = threadCount(args);
  if (threads > 1)
    return runThreadedBatch(
      text.split("\n").filter((line) => line.trim() !== ""),
      args,
      threads,
    );
  const options = solveOptions(args);
  let pdbLoaded = false;
  for (const line of text.split("\n")) {
    if (line.trim() === "") continue;
    let json: Record<string, unknown>;
    try {
      const spec = puzzleFrom(line, args);
      if (!pdbLoaded) {
        await loadPatternDatabases(spec, args.heuristic);
        pdbLoaded = true;
      }
      json = resultJson(solve(spec, options));
    } catch (error) {
      json = errorJson(error);
    }
    process.stdout.write(`${JSON.stringify(json)}\n`);
  }
  return 0;
}

/** One puzzle: in this thread, or split into work units over several threads. */
async function solveOne(spec: PuzzleSpec, args: SolveArgs): Promise<SolveResult> {
  const threads = threadCount(args);
  const options = solveOptions(args);
  if (threads <= 1 || spec.kind !== "sliding") return solve(spec, options);
  const { splittable, LocalExecutor } = await import("../local-executor/executor.ts");
  if (!splittable(spec, options)) return solve(spec, options);
  const executor = new LocalExecutor(threads);
  try {
    return await executor.solveSplit(spec, options);
  } finally {
    await executor.close();
  }
}

export async function solveCommand(argv: readonly string[]): Promise<number> {
  const args = parseSolveArgs(argv);
  if (args.help) {
    process.stdout.write(`${SOLVE_USAGE}\n`);
    return 0;
  }
  if (args.batch !== undefined) {
    if (args.tiles.length > 0) throw new UsageError("give either tiles or --batch, not both");
    return runBatch(args);
  }
  if (args.tiles.length === 0) throw new UsageError("no tiles given (puzzle solve --help)");
  const spec = puzzleFrom(args.tiles, args);
  await loadPatternDatabases(spec, args.heuristic);
  const result = await solveOne(spec, args);
  if (args.json) process.stdout.write(`${JSON.stringify(resultJson(result))}\n`);
  else process.stdout.write(describeSolution(spec, result, boardsAlong(spec, result.moves)));
  return 0;
}
