// Pattern databases on disk: one file per table in a directory the caller names (PDB_DIR, read by
// src/config.ts: `config.pdbDir`, or `pdbDirectory()` of src/pdb-settings.ts for the CLI). `ensurePdb` loads a partition's
// tables into the process-wide registry, building and saving any table that is missing, truncated
// or corrupt. Used by the CLI and the workers. A table is mapped from its file when it can be
// (mapped-file.ts: one copy in memory for every process of the machine), else read into a
// SharedArrayBuffer; solver threads get both kinds through thread-tables.ts. The direct-address
// copies the search uses for 6-6-3 and 6-6-6-6 are saved beside the tables the first time they are
// laid out (direct-tables.ts), and mapped or read from there afterwards; so is the board's move
// machine (move-machine-file.ts).

import { dirname } from "node:path";
import { buildTable, pdbTableSpecs, preparePdb } from "../core/pdb/index.ts";
import type { TableSpec } from "../core/pdb/layout.ts";
import { hasTable, seedTables } from "../core/tables.ts";
import { buildFigures } from "./build-figures.ts";
import { acquireBuildLock } from "./build-lock.ts";
import { loadDirectTables } from "./direct-tables.ts";
import { writeTableFile } from "./file-format.ts";
import { type LoadOptions, type PdbEvent, loadTable, rememberChecksum, tablePath } from "./load-table.ts";
import { loadMoveMachine } from "./move-machine-file.ts";
import { makeFolder } from "./make-folder.ts";

export { type PdbEvent, loadTable, tablePath } from "./load-table.ts";

export interface EnsureOptions {
  /** Where the table files are (config.pdbDir). */
  readonly dir: string;
  /** Rebuild even when a valid file exists. */
  readonly force?: boolean;
  /** Fraction 0..1 of the build work still to do for this partition (only called while building). */
  readonly onProgress?: (fraction: number, table: TableSpec) => void;
  readonly onEvent?: (event: PdbEvent) => void;
  readonly isCancelled?: () => boolean;
  /** At most one `progress` event per this many ms while building (default 5000). */
  readonly progressEventMs?: number;
}

/**
 * True when every table of the partition is in the registry or loads from disk; then the lookups
 * (direct-address copies included) are laid out too, ready for exportTables().
 */
export function loadPdb(name: string, options: Pick<EnsureOptions, "dir" | "onEvent">): boolean {
  if (!pdbTableSpecs(name).every((table) => hasTable(table.key) || loadTable(table, options))) return false;
  loadDirectTables(name, options);
  loadBoardMachine(name, options);
  return preparePdb(name);
}

/**
 * Loads the partition's tables, building and saving whatever is missing or invalid. Each build holds
 * the table's lock file (build-lock.ts), so processes sharing PDB_DIR build each table once: the
 * others wait, then load what the builder saved (written to a temporary file, then renamed).
 */
export function ensurePdb(name: string, options: EnsureOptions): void {
  const partition = name.replace(/^pdb:/, "");
  const todo = pdbTableSpecs(name).filter(
    (table) => options.force || !(hasTable(table.key) || loadTable(table, options)),
  );
  const total = todo.reduce((sum, t) => sum + t.entries, 0);
  const began = performance.now();
  const eventEvery = options.progressEventMs ?? 5000;
  let lastEvent = began;
  let announced = false;
  let done = 0;
  for (const table of todo) {
    const path = tablePath(table, options.dir);
    makeFolder(dirname(path));
    const lock = acquireBuildLock(`${path}.lock`, (holder) =>
      options.onEvent?.({ kind: "waiting", table, path, holder }),
    );
    try {
      // Built by the process we waited for (not when forced: then this one rebuilds it).
      if (!options.force && loadTable(table, options)) {
        done += table.entries;
        continue;
      }
      if (!announced) {
        announced = true;
        const estimate = buildFigures(partition)?.time ?? "unknown";
        options.onEvent?.({
          kind: "building",
          table,
          path,
          partition,
          tables: todo.length,
          threads: 1,
          estimate,
          forced: options.force ?? false,
        });
      }
      const tableBegan = performance.now();
      const data = buildTable(table, {
        isCancelled: options.isCancelled,
        onProgress: (f) => {
          lock.refresh();
          const fraction = (done + f * table.entries) / total;
          options.onProgress?.(fraction, table);
          const now = performance.now();
          if (options.onEvent !== undefined && now - lastEvent >= eventEvery) {
            lastEvent = now;
            options.onEvent({ kind: "progress", table, path, fraction, elapsedMs: now - began });
          }
        },
      });
      options.onEvent?.({ kind: "built", table, path, ms: performance.now() - tableBegan });
      saveBuiltTable(table, path, partition, data, options.onEvent);
    } finally {
      lock.release();
    }
    done += table.entries;
  }
  loadDirectTables(name, options);
  loadBoardMachine(name, options);
  preparePdb(name);
}

/** The move machine of the partition's board, from PDB_DIR when it is there (move-machine-file.ts). */
function loadBoardMachine(name: string, options: LoadOptions): void {
  const [{ rows, cols }] = pdbTableSpecs(name);
  loadMoveMachine(rows, cols, options);
}

/** Saves a table just built (remembering its checksum) and registers it for this process. */
export function saveBuiltTable(
  table: TableSpec,
  path: string,
  partition: string,
  data: Uint8Array,
  onEvent?: (event: PdbEvent) => void,
): void {
  const began = performance.now();
  rememberChecksum(table.key, writeTableFile(path, table, partition, data).checksum);
  onEvent?.({ kind: "saved", table, path, ms: performance.now() - began });
  seedTables({ [table.key]: data.buffer as SharedArrayBuffer });
}
