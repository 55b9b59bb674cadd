// The direct-address copies of the 6-6-3 and 6-6-6-6 tables (core: directTableSpec; 2 x 16 MiB and
// 2 x 233 MiB), kept in PDB_DIR beside the tables they are laid out from, as `<key>@direct.pdb`:
// laying one out takes 0.1 s (6-6-3) to 1 s (6-6-6-6) of CPU per table and per process, loading it
// nothing when mapped, and a mapped file is one copy for every process of the machine. Each file
// names the checksum of its compact table (`source`), so a rebuilt table never meets a stale copy:
// the copy is rejected, laid out again and saved.

import { type DirectTableSpec, expandDirectTable, pdbDirectSpecs } from "../core/pdb/index.ts";
import { getTable, hasTable, seedTables } from "../core/tables.ts";
import { type StoredTable, writeTableFile } from "./file-format.ts";
import { type LoadOptions, loadTable, loadedChecksum, rememberChecksum, tablePath } from "./load-table.ts";

/**
 * Puts the partition's direct-address copies in the registry: loaded from PDB_DIR, or laid out from
 * the loaded compact tables and saved there (best effort: a directory this process cannot write
 * only costs the lay-out again next time). Tables the process did not load from or save to PDB_DIR
 * (built in memory) are left to the core, which lays their copies out when first used.
 */
export function loadDirectTables(name: string, options: LoadOptions): void {
  for (const direct of pdbDirectSpecs(name)) {
    const source = loadedChecksum(direct.source.key);
    if (hasTable(direct.key) || source === undefined) continue;
    const stored = directStoredTable(direct, source);
    if (loadTable(stored, options)) continue;
    const began = performance.now();
    const data = expandDirectTable(
      direct,
      new Uint8Array(getTable(direct.source.key, missing(direct.source.key))),
    );
    seedTables({ [direct.key]: data.buffer as SharedArrayBuffer });
    const path = tablePath(stored, options.dir);
    let saved = true;
    try {
      rememberChecksum(direct.key, writeTableFile(path, stored, name.replace(/^pdb:/, ""), data).checksum);
    } catch {
      saved = false;
    }
    options.onEvent?.({ kind: "derived", table: stored, path, ms: performance.now() - began, saved });
  }
}

/** A direct-address copy as stored: `source` is the checksum of the compact table it is laid out from. */
export function directStoredTable(direct: DirectTableSpec, source: string): StoredTable {
  const { rows, cols, cells } = direct.source;
  return { key: direct.key, rows, cols, cells, entries: direct.entries, encoding: "direct", source };
}

function missing(key: string): () => never {
  return () => {
    throw new Error(`table ${key} is not loaded`);
  };
}
