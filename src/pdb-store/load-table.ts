// Loading one table file into the core's registry: mapped when it can be (mapped-file.ts), else
// read; the events a loader reports; which checksum each loaded table had (direct-tables.ts ties a
// direct-address copy to the table it was laid out from).

import { rmSync } from "node:fs";
import { join } from "node:path";
import type { TableSpec } from "../core/pdb/layout.ts";
import { seedTables } from "../core/tables.ts";
import {
  DATA_ALIGNMENT,
  PdbFileError,
  type StoredTable,
  readTableFile,
  writeTableFile,
} from "./file-format.ts";
import { canMap } from "./mapped-file.ts";
import { rememberMapped } from "./thread-tables.ts";
import { forgetVerified } from "./verified.ts";

export function tablePath(table: Pick<StoredTable, "key">, dir: string): string {
  return join(dir, `${table.key}.pdb`);
}

export type PdbEvent =
  /** Before the first table build of a partition: what is missing and how long it should take. */
  /** `threads`: how many of the partition's tables are built at once (one thread each). */
  /** `forced`: rebuilt on request (`pdb build --force`), present or not; else the tables are missing. */
  | {
      kind: "building";
      table: TableSpec;
      path: string;
      partition: string;
      tables: number;
      threads: number;
      estimate: string;
      forced: boolean;
    }
  /** While building, at most every `progressEventMs`. */
  | { kind: "progress"; table: TableSpec; path: string; fraction: number; elapsedMs: number }
  /** Another process holds the table's build lock: this one waits, then loads its file. */
  | { kind: "waiting"; table: TableSpec; path: string; holder: string }
  /** `mapped`: the file's pages are mapped (shared by every process), not copied. */
  | { kind: "loaded"; table: StoredTable; path: string; ms: number; mapped: boolean }
  /**
   * The table's cached pages were 4 KiB folios (read by a plain read before it was mapped): they
   * were dropped and read again for 2 MiB entries. Bytes in 2 MiB entries before and after, of
   * those that can be, and of those in blocks that kept a page the kernel would not drop.
   */
  | {
      kind: "remapped";
      table: StoredTable;
      path: string;
      ms: number;
      before: number;
      after: number;
      possible: number;
      kept: number;
    }
  /** A table file written before its data was page-aligned, rewritten so that it can be mapped. */
  | { kind: "realigned"; table: StoredTable; path: string; ms: number }
  /** A direct-address copy laid out from its compact table and saved (once per PDB_DIR). */
  | { kind: "derived"; table: StoredTable; path: string; ms: number; saved: boolean }
  | {
      kind: "rejected";
      table: StoredTable;
      path: string;
      reason: string;
      message: string;
      /** Why the invalid file is still there (a folder this process cannot write); unset: removed. */
      notRemoved?: string;
    }
  | { kind: "built"; table: TableSpec; path: string; ms: number }
  | { kind: "saved"; table: TableSpec; path: string; ms: number };

/** What loading a table takes: where, what to report, and whether its checksum must be computed. */
export interface LoadOptions {
  /** Where the table files are (config.pdbDir). */
  readonly dir: string;
  readonly onEvent?: (event: PdbEvent) => void;
  /** Compute the checksum even when this version of the file was verified before. */
  readonly verify?: boolean;
}

const checksums = new Map<string, string>();

/** The checksum of a table loaded or saved by this process (its file header's), if any. */
export function loadedChecksum(key: string): string | undefined {
  return checksums.get(key);
}

/** Records a table saved by this process. */
export function rememberChecksum(key: string, checksum: string): void {
  checksums.set(key, checksum);
}

/**
 * Loads one table from disk into the registry (mapped, or read); returns false when it is missing
 * or invalid (an invalid file is reported and removed). A file whose data is not page-aligned
 * (written before 2026-11-24) is read, then rewritten aligned when mapping is available, so that
 * the next process maps it.
 */
export function loadTable(table: StoredTable, options: LoadOptions): boolean {
  const path = tablePath(table, options.dir);
  const began = performance.now();
  try {
    const loaded = readTableFile(path, table, { verify: options.verify });
    seedTables({ [table.key]: loaded.data.buffer });
    checksums.set(table.key, loaded.header.checksum);
    if (loaded.fd !== undefined) rememberMapped(table.key, loaded.fd, loaded.offset, table.entries);
    const mapped = loaded.fd !== undefined;
    if (loaded.repair !== undefined) options.onEvent?.({ kind: "remapped", table, path, ...loaded.repair });
    options.onEvent?.({ kind: "loaded", table, path, ms: performance.now() - began, mapped });
    if (!mapped && loaded.offset % DATA_ALIGNMENT !== 0 && canMap()) {
      const rewriting = performance.now();
      try {
        writeTableFile(path, table, loaded.header.partition, loaded.data);
        options.onEvent?.({ kind: "realigned", table, path, ms: performance.now() - rewriting });
      } catch {
        // A directory this process cannot write: the table stays read, as before.
      }
    }
    return true;
  } catch (error) {
    if (!(error instanceof PdbFileError)) throw error;
    if (error.reason !== "missing") {
      const notRemoved = removeInvalid(path);
      options.onEvent?.({
        kind: "rejected",
        table,
        path,
        reason: error.reason,
        message: error.message,
        notRemoved,
      });
    }
    return false;
  }
}

/** Removes an invalid table file and its stamp; what stopped it (a read-only folder) when it could not. */
function removeInvalid(path: string): string | undefined {
  try {
    rmSync(path, { force: true });
    forgetVerified(path);
    return undefined;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code ?? (error as Error).message;
  }
}
