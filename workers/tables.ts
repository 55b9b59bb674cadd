// Builds (or loads) every table a solver thread may need, once per worker process, into the core's
// registry of SharedArrayBuffers; the pool then hands the same buffers to each thread. This runs
// before the BullMQ Worker exists, so the time it takes holds no job lock.
import { rotationTable } from "../src/core/rotation/table.ts";
import { slidingTable } from "../src/core/sliding/table.ts";
import { tableBytes } from "../src/core/tables.ts";
import { pdbMapping } from "../src/pdb-settings.ts";
import { setMapping } from "../src/pdb-store/mapped-file.ts";
import { ensurePdbOnThreads } from "../src/pdb-store/parallel-build.ts";
import type { PdbEvent } from "../src/pdb-store/store.ts";
import { type ThreadTables, tablesForThreads } from "../src/pdb-store/thread-tables.ts";

export interface PreparedTables {
  readonly buffers: ThreadTables;
  readonly bytes: number;
  readonly ms: number;
}

/**
 * The nine 3x3 tables (one per goal blank cell: every 3x3 goal), the rotation mask table, and the
 * pattern databases named in `pdbs` (e.g. "663"): loaded from `pdbDir` (PDB_DIR), or built and saved there,
 * a partition's missing tables on up to `threads` threads at once (as `puzzle pdb build`).
 * Without a loaded pattern database, 4x4 and 5x5 searches use linear conflict.
 */
export async function prepareTables(
  pdbs: readonly string[],
  pdbDir: string,
  threads: number,
  onPdbEvent?: (event: PdbEvent) => void,
): Promise<PreparedTables> {
  const started = performance.now();
  for (let goalBlank = 0; goalBlank < 9; goalBlank++) slidingTable(3, 3, goalBlank);
  rotationTable();
  setMapping(pdbMapping());
  for (const name of pdbs) await ensurePdbOnThreads(name, { dir: pdbDir, threads, onEvent: onPdbEvent });
  return { buffers: tablesForThreads(), bytes: tableBytes(), ms: Math.round(performance.now() - started) };
}
