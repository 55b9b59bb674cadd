// Handing the loaded tables to solver threads. Shared tables (SharedArrayBuffers) go as they are;
// a mapped table cannot cross to another thread without being copied, so each thread maps the same
// open file again (same pages, no copy): the loader keeps the file open for that.

import { exportTables, hasTable, seedTables } from "../core/tables.ts";
import { mapFileRange } from "./mapped-file.ts";

/** A table mapped from a file this process keeps open. */
interface MappedTableRef {
  readonly fd: number;
  readonly offset: number;
  readonly length: number;
}

/** What a solver thread is given (plain data: SharedArrayBuffers and numbers). */
export interface ThreadTables {
  readonly shared: Readonly<Record<string, SharedArrayBuffer>>;
  readonly mapped: Readonly<Record<string, MappedTableRef>>;
}

const mapped = new Map<string, MappedTableRef>();

/** Records a table the loader mapped (its file stays open for the process's lifetime). */
export function rememberMapped(key: string, fd: number, offset: number, length: number): void {
  mapped.set(key, { fd, offset, length });
}

/** Every table of this process, for its solver threads. */
export function tablesForThreads(): ThreadTables {
  const shared = exportTables();
  const refs: Record<string, MappedTableRef> = {};
  for (const [key, ref] of mapped) if (!(key in shared)) refs[key] = ref;
  return { shared, mapped: refs };
}

/**
 * In a solver thread: registers the shared tables and maps the mapped ones, those it does not hold
 * yet (a table received again is a new object over the same memory: keeping the first keeps the
 * thread's compiled lookups, which are tied to their buffers).
 */
export function seedThreadTables(tables: ThreadTables): void {
  for (const [key, buffer] of Object.entries(tables.shared))
    if (!hasTable(key)) seedTables({ [key]: buffer });
  for (const [key, ref] of Object.entries(tables.mapped)) {
    if (hasTable(key)) continue;
    const data = mapFileRange(ref.fd, ref.offset, ref.length);
    if (data === null) throw new Error(`table ${key}: cannot map it in this thread`);
    seedTables({ [key]: data.buffer as ArrayBuffer });
  }
}
