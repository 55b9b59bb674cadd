// The move machine of a board size (core: move-machine.ts), kept in PDB_DIR beside the tables as
// `move-machine-<rows>x<cols>-12.pdb`: laying it out from the stored automaton costs every process
// ~8 ms of cold code before its first search, reading it ~0.3 ms (mapped: one copy for every
// process of the machine, handed to solver threads as the tables are). The file names the
// fingerprint of the code that laid it out (`source`), so a machine of other code is rejected, laid
// out again and saved.

import { prepareMoveMachine, storedMachineTable } from "../core/pdb/index.ts";
import { getTable, hasTable } from "../core/tables.ts";
import { type StoredTable, writeTableFile } from "./file-format.ts";
import { type LoadOptions, loadTable, rememberChecksum, tablePath } from "./load-table.ts";

/**
 * Puts the board's move machine in the registry: loaded from PDB_DIR, or laid out and saved there
 * (best effort: a directory this process cannot write only costs the lay-out again next time).
 */
export function loadMoveMachine(rows: number, cols: number, options: LoadOptions): void {
  const stored = machineStoredTable(rows, cols);
  const { key } = stored;
  if (hasTable(key)) return;
  if (loadTable(stored, options)) return;
  const began = performance.now();
  prepareMoveMachine(rows, cols);
  const data = new Uint8Array(getTable(key, missing(key)));
  const path = tablePath(stored, options.dir);
  let saved = true;
  try {
    rememberChecksum(key, writeTableFile(path, stored, "move-machine", data).checksum);
  } catch {
    saved = false;
  }
  options.onEvent?.({ kind: "derived", table: stored, path, ms: performance.now() - began, saved });
}

/** The board's move machine as stored: `source` is the fingerprint of the code that lays it out. */
export function machineStoredTable(rows: number, cols: number): StoredTable {
  const { key, bytes, source } = storedMachineTable(rows, cols);
  return { key, rows, cols, cells: [], entries: bytes, encoding: "move-machine", source };
}

function missing(key: string): () => never {
  return () => {
    throw new Error(`${key} was not laid out`);
  };
}
