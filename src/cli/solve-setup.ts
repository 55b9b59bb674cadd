// What `puzzle solve` does for one puzzle and a batch alike: the options checked once, the board a
// line (or the command line) describes, the SolveOptions, the pattern databases loaded from the
// store, and the exit status of an answer.

import { availableParallelism } from "node:os";
import { inferSquareSide, parseBoard, parseSize, type WrittenBoard } from "../core/notation.ts";
import { createPuzzle } from "../core/puzzle.ts";
import { checkSlidingTiles } from "../core/sliding/board.ts";
import { BUILT_IN_HEURISTICS } from "../core/sliding/heuristic.ts";
import { ALGORITHMS } from "../core/solve.ts";
import type { Algorithm, HeuristicName, PuzzleSpec, SolveOptions, SolveResult } from "../core/types.ts";
import type { PdbEvent } from "../pdb-store/load-table.ts";
import type { SolveArgs } from "./args.ts";
import { counted } from "./format.ts";
import { EXIT_INTERRUPTED, EXIT_STOPPED, UsageError, showArgument } from "./io.ts";
import { missingTablesError, noTablesNote } from "./missing-tables.ts";
import { progressShown } from "./progress.ts";

/** Boards have 2 to 5 rows and columns (the core's limit, said here in the user's words). */
const MAX_SIDE = 5;

/** --size RxC (or the shape rows give, said as `what`), within the boards the core serves (2x2 up to 5x5). */
function sizeOption(size: string, what = `--size ${showArgument(size)}`): { rows: number; cols: number } {
  const { rows, cols } = parseSize(size);
  if (rows < 2 || cols < 2 || rows > MAX_SIDE || cols > MAX_SIDE)
    throw new UsageError(
      `${what}: boards go from 2x2 up to ${MAX_SIDE}x${MAX_SIDE} (2 to ${MAX_SIDE} rows and columns)`,
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

/**
 * The shape a sliding board written in rows gives (undefined without rows): its rows equally long,
 * and the same as `shape` (--size, or the start's rows) when there is one.
 */
function shapeOfRows(
  board: WrittenBoard,
  field: string,
  shape: { rows: number; cols: number } | undefined,
): { rows: number; cols: number } | undefined {
  const lengths = board.rowLengths;
  if (lengths === undefined) return undefined;
  if (lengths.some((length) => length !== lengths[0]))
    throw new UsageError(`${field}: rows must be equally long (${lengths.join(", ")} tiles)`);
  const written = { rows: lengths.length, cols: lengths[0] };
  const size = `${written.rows}x${written.cols}`;
  if (shape !== undefined && (shape.rows !== written.rows || shape.cols !== written.cols))
    throw new UsageError(`${field}: its rows make a ${size} board, not ${shape.rows}x${shape.cols}`);
  return sizeOption(size, `${field}: its rows make a ${size} board`);
}

/** Builds the puzzle a line (or the command line) describes, with the shared --size/--goal/--rotation. */
export function puzzleFrom(tiles: string | readonly string[], args: SolveArgs): PuzzleSpec {
  const start = parseBoard(tiles, "start");
  if (args.rotation) {
    if (args.goal !== undefined) throw new UsageError("--goal does not apply to the rotation game");
    // The notation reads x, . and _ as 0: said as written, not as "symbol 0" (the core's words).
    const blank = start.tiles.indexOf(0);
    if (blank >= 0)
      throw new UsageError(
        `start: cell ${blank + 1} of ${start.tiles.length} holds a blank (0, x, X, . or _): Rotation Game boards hold symbols 1, 2 and 3 only`,
      );
    return createPuzzle({ kind: "rotation", start: start.tiles });
  }
  const goal = args.goal === undefined ? undefined : parseBoard(args.goal, "goal");
  const size = args.size === undefined ? undefined : sizeOption(args.size);
  const { rows, cols } =
    shapeOfRows(start, "start", size) ?? size ?? boardShape(start.tiles.length, undefined);
  if (goal !== undefined) shapeOfRows(goal, "goal", { rows, cols });
  return createPuzzle({ kind: "sliding", rows, cols, start: start.tiles, goal: goal?.tiles });
}

/**
 * Refuses, before any puzzle is read, the options that are wrong whatever the puzzle: an unknown
 * algorithm or heuristic, a malformed or out-of-range --size, a --goal that is no board by itself
 * (a bad tile, a tile count no board has, a repeated tile). So a batch stops once (status 2) instead
 * of giving the same error for every line. What depends on the line (a goal of another size than
 * the start, a pattern database that does not serve the board) is still said per line.
 */
export async function checkOptions(args: SolveArgs): Promise<void> {
  if (args.algorithm !== undefined && !(ALGORITHMS as readonly string[]).includes(args.algorithm))
    throw new UsageError(
      `--algorithm ${showArgument(args.algorithm)}: unknown algorithm (use ${ALGORITHMS.join(", ")})`,
    );
  const heuristic = args.heuristic;
  if (heuristic?.startsWith("pdb:")) {
    const { PDB_HEURISTICS } = await import("../core/pdb/index.ts");
    if (!(PDB_HEURISTICS as readonly string[]).includes(heuristic))
      throw new UsageError(
        `--heuristic ${showArgument(heuristic)}: unknown pattern database (use ${PDB_HEURISTICS.join(", ")})`,
      );
    if (args.algorithm === "astar")
      throw new UsageError(
        `--heuristic ${heuristic}: pattern-database heuristics run with idastar, not astar`,
      );
  } else if (heuristic !== undefined && !BUILT_IN_HEURISTICS.includes(heuristic)) {
    throw new UsageError(
      `--heuristic ${showArgument(heuristic)}: unknown heuristic (use ${BUILT_IN_HEURISTICS.join(", ")} or pdb:<name>)`,
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
    const goal = parseBoard(args.goal, "goal");
    let shape = shapeOfRows(goal, "goal", size) ?? size;
    try {
      shape ??= boardShape(goal.tiles.length, undefined);
    } catch (error) {
      throw new UsageError(`--goal: ${(error as Error).message}`);
    }
    // The goal's own tiles (count, range, repeats), as a puzzle's goal is checked.
    checkSlidingTiles(goal.tiles, shape.rows * shape.cols, "goal");
  }
}

export function solveOptions(args: SolveArgs): SolveOptions {
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
export async function loadPatternDatabases(spec: PuzzleSpec, args: SolveArgs): Promise<void> {
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
  // A table file found invalid is removed (or named, when the folder is read-only): said on stderr
  // either way, so that "not built" below is not a surprise.
  const { describePdbEvent } = await import("../pdb-store/describe-event.ts");
  const onEvent = (event: PdbEvent): void => {
    if (event.kind === "rejected") process.stderr.write(`puzzle: ${describePdbEvent(event)}\n`);
  };
  if (heuristic?.startsWith("pdb:")) {
    // An unknown name (pdbApplies throws) or a board it does not serve is reported by solve(),
    // before anything is loaded or built.
    if (!pdbApplies(spec, heuristic)) return;
    if (loadPdb(heuristic, { dir, onEvent })) return;
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
      if (loadPdb(name, { dir, onEvent })) return;
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

export function threadCount(args: SolveArgs): number {
  return args.threads ?? availableParallelism();
}

/** The exit status of one answer: 0 answered, 3 stopped by a limit, 130 interrupted. */
export function exitStatusOf(result: SolveResult): number {
  if (result.status === "solved" || result.status === "unsolvable") return 0;
  return result.status === "cancelled" ? EXIT_INTERRUPTED : EXIT_STOPPED;
}
