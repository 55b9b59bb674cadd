// Builds (or loads) every table a solver thread may need, once per worker process, into the core's
// registry of SharedArrayBuffers; the pool then hands the same buffers to each thread.
import { rotationTable } from "../src/core/rotation/table.ts";
import { slidingTable } from "../src/core/sliding/table.ts";
import { exportTables, tableBytes } from "../src/core/tables.ts";

export interface PreparedTables {
  readonly buffers: Readonly<Record<string, SharedArrayBuffer>>;
  readonly bytes: number;
  readonly ms: number;
}

export function prepareTables(): PreparedTables {
  const started = performance.now();
  // Nine 3x3 tables (one per goal blank cell) answer every 3x3 goal; one mask table every rotation board.
  for (let goalBlank = 0; goalBlank < 9; goalBlank++) slidingTable(3, 3, goalBlank);
  rotationTable();
  return { buffers: exportTables(), bytes: tableBytes(), ms: Math.round(performance.now() - started) };
}
