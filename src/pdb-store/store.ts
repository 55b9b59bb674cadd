// Pattern databases on disk: one file per table in a directory the caller names (PDB_DIR, read by
// src/config.ts: `config.pdbDir`, or `pdbDirectory()` for the CLI). `ensurePdb` loads a partition's tables into the process-wide registry (shared
// SharedArrayBuffers, handed to solver threads with exportTables/seedTables), building and saving
// any table that is missing, truncated or corrupt. Used by the CLI and the workers.

import { rmSync } from "node:fs";
import { join } from "node:path";
import { buildTable, pdbTableSpecs, preparePdb } from "../core/pdb/index.ts";
import type { TableSpec } from "../core/pdb/layout.ts";
import { hasTable, seedTables } from "../core/tables.ts";
import { PdbFileError, readTableFile, writeTableFile } from "./file-format.ts";

export function tablePath(table: TableSpec, dir: string): string {
  return join(dir, `${table.key}.pdb`);
}

export type PdbEvent =
  | { kind: "loaded"; table: TableSpec; path: string; ms: number }
  | { kind: "rejected"; table: TableSpec; path: string; reason: string; message: string }
  | { kind: "built"; table: TableSpec; path: string; ms: number }
  | { kind: "saved"; table: TableSpec; path: string; ms: number };

export interface EnsureOptions {
  /** Where the table files are (config.pdbDir). */
  readonly dir: string;
  /** Rebuild even when a valid file exists. */
  readonly force?: boolean;
  /** Fraction 0..1 of the build work still to do for this partition (only called while building). */
  readonly onProgress?: (fraction: number, table: TableSpec) => void;
  readonly onEvent?: (event: PdbEvent) => void;
  readonly isCancelled?: () => boolean;
}

/** Loads one table from disk into the registry; returns false when it is missing or invalid. */
export function loadTable(table: TableSpec, options: Pick<EnsureOptions, "dir" | "onEvent">): boolean {
  const path = tablePath(table, options.dir);
  const began = performance.now();
  try {
    const { data } = readTableFile(path, table);
    seedTables({ [table.key]: data.buffer as SharedArrayBuffer });
    options.onEvent?.({ kind: "loaded", table, path, ms: performance.now() - began });
    return true;
  } catch (error) {
    if (!(error instanceof PdbFileError)) throw error;
    if (error.reason !== "missing") {
      options.onEvent?.({ kind: "rejected", table, path, reason: error.reason, message: error.message });
      rmSync(path, { force: true });
    }
    return false;
  }
}

/**
 * True when every table of the partition is in the registry or loads from disk; then the lookups
 * (direct-address copies included) are laid out too, ready for exportTables().
 */
export function loadPdb(name: string, options: Pick<EnsureOptions, "dir" | "onEvent">): boolean {
  return (
    pdbTableSpecs(name).every((table) => hasTable(table.key) || loadTable(table, options)) && preparePdb(name)
  );
}

/** Loads the partition's tables, building and saving whatever is missing or invalid. */
export function ensurePdb(name: string, options: EnsureOptions): void {
  const partition = name.replace(/^pdb:/, "");
  const todo = pdbTableSpecs(name).filter(
    (table) => options.force || !(hasTable(table.key) || loadTable(table, options)),
  );
  const total = todo.reduce((sum, t) => sum + t.entries, 0);
  let done = 0;
  for (const table of todo) {
    const path = tablePath(table, options.dir);
    let began = performance.now();
    const data = buildTable(table, {
      isCancelled: options.isCancelled,
      onProgress: (f) => options.onProgress?.((done + f * table.entries) / total, table),
    });
    options.onEvent?.({ kind: "built", table, path, ms: performance.now() - began });
    began = performance.now();
    writeTableFile(path, table, partition, data);
    options.onEvent?.({ kind: "saved", table, path, ms: performance.now() - began });
    seedTables({ [table.key]: data.buffer as SharedArrayBuffer });
    done += table.entries;
  }
  preparePdb(name);
}
