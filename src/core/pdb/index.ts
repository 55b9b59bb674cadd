// Public face of the pattern-database solver (pure: tables come from the registry in ../tables.ts,
// loaded there by the caller, or are built in memory on demand).
//
//   pdbApplies(spec, name)      the partition fits the board and the goal's blank is in a corner
//   pdbAvailable(name)          all of the partition's tables are in the registry
//   pdbTableSpecs(name)         what tables a partition needs (for loaders and the CLI)
//   buildTable(table, opts)     builds one table in memory, with progress (loaders store it)
//   preparePdb(name)            makes the direct-address copies now (to share them with threads)
//   pdbDirectSpecs(name), expandDirectTable(direct, compact)   those copies, for loaders that save them
//   storedMachineTable(rows, cols), prepareMoveMachine(rows, cols)   the board's move machine, likewise
//   solveWithPdb(spec, heuristic, options, tables?)

import { PuzzleInputError } from "../errors.ts";
import { isSlidingSolvable } from "../sliding/solvability.ts";
import { solvedResult, stoppedResult, unsolvableResult } from "../results.ts";
import { SearchControl } from "../search-control.ts";
import { type TableBuffer, getTable, hasTable } from "../tables.ts";
import type { SlidingSpec, SolveOptions, SolveResult } from "../types.ts";
import { BuildCancelledError, buildPatternTable } from "./build.ts";
import { type CompiledHeuristic, compileHeuristic } from "./compiled.ts";
import { buildDesignatedTables } from "./designated.ts";
import { movesFromCanonical, toCanonical } from "./frame.ts";
import { type IdaOptions, idaStar, PDB_POLL_CADENCE, prepareMoveMachine } from "./ida.ts";
import { type PartitionLayout, type TableSpec, partitionLayout } from "./layout.ts";
import { expandToDirect } from "./rank.ts";
import { PARTITIONS, type PartitionDef, validatePartition } from "./partitions.ts";
import { TableNotLoadedError } from "./table-not-loaded-error.ts";

export { storedMachineTable } from "./move-machine.ts";
export { prepareMoveMachine };

export type PdbHeuristic = "pdb:663" | "pdb:555" | "pdb:78" | "pdb:6666";
export const PDB_HEURISTICS: readonly PdbHeuristic[] = ["pdb:663", "pdb:555", "pdb:78", "pdb:6666"];

/** Strongest first, per board size. */
const STRENGTH: readonly PdbHeuristic[] = ["pdb:78", "pdb:663", "pdb:555", "pdb:6666"];

function partitionOf(name: string): PartitionDef {
  const key = name.startsWith("pdb:") ? name.slice(4) : name;
  const def = PARTITIONS[key];
  if (def === undefined)
    throw new PuzzleInputError(`unknown pattern database "${name}"`, "BAD_OPTION", "heuristic");
  return def;
}

const layouts = new Map<string, PartitionLayout>();
function layoutOf(name: string): PartitionLayout {
  const def = partitionOf(name);
  let layout = layouts.get(def.name);
  if (layout === undefined) {
    layout = partitionLayout(def, true, def.goalBlank === true, def.regions === true);
    layouts.set(def.name, layout);
  }
  return layout;
}

export function pdbTableSpecs(name: string): readonly TableSpec[] {
  return layoutOf(name).tables;
}

export function pdbApplies(spec: Pick<SlidingSpec, "rows" | "cols" | "goal">, name: string): boolean {
  const def = partitionOf(name);
  if (spec.rows !== def.rows || spec.cols !== def.cols) return false;
  const n = spec.rows * spec.cols;
  const blank = spec.goal.indexOf(0);
  return blank === 0 || blank === spec.cols - 1 || blank === n - spec.cols || blank === n - 1;
}

export function pdbAvailable(name: string): boolean {
  return pdbTableSpecs(name).every((t) => hasTable(t.key));
}

/** The strongest partition for the board whose tables are loaded, or null. */
export function strongestAvailablePdb(
  spec: Pick<SlidingSpec, "rows" | "cols" | "goal">,
): PdbHeuristic | null {
  return STRENGTH.find((name) => pdbApplies(spec, name) && pdbAvailable(name)) ?? null;
}

/** The strongest partition defined for the board (loaded or not), or null. */
export function strongestPdbFor(spec: Pick<SlidingSpec, "rows" | "cols" | "goal">): PdbHeuristic | null {
  return STRENGTH.find((name) => pdbApplies(spec, name)) ?? null;
}

/** Builds one table (pure, in memory). */
export function buildTable(
  table: TableSpec,
  options: {
    onProgress?: (f: number) => void;
    isCancelled?: () => boolean;
  } = {},
): Uint8Array {
  const build = { ...options, blank: table.blank };
  if (table.regions === true)
    return buildDesignatedTables(table.rows, table.cols, table.cells, build).designated;
  return buildPatternTable(table.rows, table.cols, table.cells, build);
}

const compiled = new Map<string, { heuristic: CompiledHeuristic; sources: TableBuffer[] }>();

/** A table's direct-address copy: registry key, size, and the compact table it is laid out from. */
export interface DirectTableSpec {
  /** Registry key (`<compact key>@direct`). */
  readonly key: string;
  readonly source: TableSpec;
  /** n^k entries. */
  readonly entries: number;
}

/**
 * The direct-address copy a table gets (index = sum cell_j * n^(k-1-j), every move a single add),
 * or null: only when it is at most 4x the compact size (6-6-3: 16 MiB, 6-6-6-6: 233 MiB per table;
 * not the 7-8 tables).
 */
function directTableSpec(source: TableSpec): DirectTableSpec | null {
  const entries = (source.rows * source.cols) ** source.cells.length;
  return entries > 4 * source.entries ? null : { key: `${source.key}@direct`, source, entries };
}

/** The direct-address copies of a partition's tables (for loaders that keep them on disk). */
export function pdbDirectSpecs(name: string): readonly DirectTableSpec[] {
  return pdbTableSpecs(name).flatMap((table) => directTableSpec(table) ?? []);
}

/** Lays a compact table out as its direct-address copy, in a new SharedArrayBuffer (pure). */
export function expandDirectTable(direct: DirectTableSpec, compact: Uint8Array): Uint8Array {
  const out = new Uint8Array(new SharedArrayBuffer(direct.entries));
  expandToDirect(compact, direct.source.rows * direct.source.cols, direct.source.cells.length, out);
  return out;
}

/**
 * A table's direct-address copy from the registry (a loader may have put it there), else laid
 * out now and registered, once per process, so that solver threads share it.
 */
function directTable(layout: PartitionLayout, key: string, compact: TableBuffer): Uint8Array | null {
  const direct = directTableSpec(layout.tables.find((t) => t.key === key)!);
  if (direct === null) return null;
  return new Uint8Array(
    getTable(
      direct.key,
      () => expandDirectTable(direct, new Uint8Array(compact)).buffer as SharedArrayBuffer,
    ),
  );
}

export function compiledHeuristic(
  name: string,
  tables: Readonly<Record<string, TableBuffer>> | undefined,
  options: SolveOptions,
  control?: SearchControl,
): CompiledHeuristic {
  const layout = layoutOf(name);
  const buffers = new Map<string, TableBuffer>();
  for (const spec of layout.tables) {
    const given = tables?.[spec.key];
    // Workers never build in a search thread (gigabytes, minutes): they load tables at start-up.
    if (given === undefined && options.buildMissingTables === false && !hasTable(spec.key))
      throw new TableNotLoadedError(name, spec.key);
    buffers.set(
      spec.key,
      given ??
        getTable(spec.key, () => {
          const began = performance.now();
          const data = buildTable(spec, {
            // The solve's time limit and cancellation stop a build too.
            isCancelled: () => control?.interrupted() === true,
            onProgress: (fraction) =>
              options.onProgress?.({
                bound: 0,
                nodes: 0,
                elapsedMs: performance.now() - began,
                phase: "building heuristic tables",
                fraction,
              }),
          });
          return data.buffer as SharedArrayBuffer;
        }),
    );
  }
  // The compiled lookups are reused while they point at the same compact buffers.
  const cacheKey = layout.tables.map((t) => t.key).join(",");
  const cached = compiled.get(cacheKey);
  if (cached?.sources.every((buffer, i) => buffer === buffers.get(layout.tables[i].key)))
    return cached.heuristic;
  const result = compileHeuristic(
    layout,
    (key) => new Uint8Array(buffers.get(key)!),
    (key) => directTable(layout, key, buffers.get(key)!),
  );
  compiled.set(cacheKey, {
    heuristic: result,
    sources: layout.tables.map((t) => buffers.get(t.key)!),
  });
  return result;
}

/**
 * Lays out the partition's lookups (direct-address copies included) from loaded tables, and builds
 * the move machine of its board (~10-30 ms: cold code), so that a process can export them to its
 * solver threads before the first solve and no thread builds its own. False when tables are missing.
 */
export function preparePdb(name: string): boolean {
  if (!pdbAvailable(name)) return false;
  compiledHeuristic(name, undefined, {});
  const def = partitionOf(name);
  prepareMoveMachine(def.rows, def.cols);
  return true;
}

/**
 * Optimal solve with IDA* and the additive PDB `heuristic`, maximised with its diagonal reflection.
 * Tables: `tables` (name -> buffer) first, then the registry; missing ones are built in memory
 * (reported through onProgress with phase "building heuristic tables"), which for pdb:78 takes
 * minutes: callers should load them from the store first.
 */
export function solveWithPdb(
  spec: SlidingSpec,
  heuristic: PdbHeuristic,
  options: SolveOptions = {},
  tables?: Readonly<Record<string, TableBuffer>>,
): SolveResult {
  const control = new SearchControl(options, PDB_POLL_CADENCE);
  if (!pdbApplies(spec, heuristic)) {
    const def = partitionOf(heuristic);
    throw new PuzzleInputError(
      `${heuristic} serves ${def.rows}x${def.cols} boards whose goal has the blank in a corner`,
      "BAD_OPTION",
      "heuristic",
    );
  }
  const label = `${heuristic}+reflect`;
  if (!isSlidingSolvable(spec)) return unsolvable(label, control);
  let h: CompiledHeuristic;
  try {
    h = compiledHeuristic(heuristic, tables, options, control);
  } catch (error) {
    if (!(error instanceof BuildCancelledError)) throw error;
    return stoppedResult(control.stoppedBy(), 0, figures(label, 0, control));
  }
  return solveCompiled(spec, h, label, options, control);
}

/**
 * The same search with any partition (groups of home cells in the blank-top-left frame, see
 * partitions.ts), tables built in memory on first use (registered under the same names as the
 * named partitions' tables): for small boards and tests.
 */
export function solveWithPartition(
  spec: SlidingSpec,
  groups: readonly (readonly number[])[],
  options: IdaOptions & {
    readonly reflect?: boolean;
    readonly goalBlank?: boolean;
    readonly regions?: boolean;
  } = {},
): SolveResult {
  const control = new SearchControl(options, PDB_POLL_CADENCE);
  const def = { rows: spec.rows, cols: spec.cols, groups };
  validatePartition(def);
  if (toCanonical(spec) === null)
    throw new PuzzleInputError("pattern databases need the goal's blank in a corner", "BAD_OPTION", "goal");
  const label = `pdb:${groups.map((g) => g.length).join("-")}${options.reflect !== false && spec.rows === spec.cols ? "+reflect" : ""}`;
  if (!isSlidingSolvable(spec)) return unsolvable(label, control);
  const layout = partitionLayout(
    def,
    options.reflect !== false,
    options.goalBlank === true,
    options.regions === true,
  );
  // Through the registry: built once per process, shared with the named partitions' tables.
  const tableOf = (key: string) =>
    new Uint8Array(
      getTable(key, () => buildTable(layout.tables.find((t) => t.key === key)!).buffer as SharedArrayBuffer),
    );
  return solveCompiled(spec, compileHeuristic(layout, tableOf), label, options, control);
}

function figures(heuristic: string, nodes: number, control: SearchControl) {
  return {
    algorithm: "idastar",
    heuristic,
    nodes,
    elapsedMs: control.elapsedMs(),
  };
}

function unsolvable(heuristic: string, control: SearchControl): SolveResult {
  return unsolvableResult(figures(heuristic, 0, control));
}

function solveCompiled(
  spec: SlidingSpec,
  h: CompiledHeuristic,
  heuristic: string,
  options: IdaOptions,
  control: SearchControl,
): SolveResult {
  const canonical = toCanonical(spec)!;
  const outcome = idaStar(h, canonical.start, options, control);
  const done = figures(heuristic, outcome.nodes, control);
  if (outcome.status !== "solved") return stoppedResult(outcome.status, outcome.lowerBound, done);
  return solvedResult(movesFromCanonical(canonical.flip, outcome.moves), done);
}
