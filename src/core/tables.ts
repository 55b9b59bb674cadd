// A process-wide registry of precomputed tables (3x3 distance tables, the rotation mask table,
// pattern databases, move machines). Each table is a buffer under a stable name, built lazily on first use. A
// worker process builds or loads its tables once, exports them, and seeds every solver thread with
// the same buffers, so threads share one copy instead of building their own.
//
// Tables are SharedArrayBuffers, except those a loader maps from a file (an ArrayBuffer over the
// file's pages, shared with every process mapping it): those cannot cross to another thread, so
// `exportTables` leaves them out and the loader maps them again in each thread (pdb-store).

export type TableBuffer = SharedArrayBuffer | ArrayBuffer;

const tables = new Map<string, TableBuffer>();

/** Returns the table named `name`, building it with `build` on first use. */
export function getTable(name: string, build: () => TableBuffer): TableBuffer {
  let table = tables.get(name);
  if (table === undefined) {
    table = build();
    tables.set(name, table);
  }
  return table;
}

export function hasTable(name: string): boolean {
  return tables.has(name);
}

/** Registers tables built or mapped elsewhere (e.g. passed to a thread in `workerData`). */
export function seedTables(buffers: Readonly<Record<string, TableBuffer>>): void {
  for (const [name, buffer] of Object.entries(buffers)) {
    if (!(buffer instanceof SharedArrayBuffer || buffer instanceof ArrayBuffer))
      throw new TypeError(`table ${name} is not an ArrayBuffer or a SharedArrayBuffer`);
    tables.set(name, buffer);
  }
}

/** The shared tables built or seeded so far, for handing to other threads (mapped ones excepted). */
export function exportTables(): Record<string, SharedArrayBuffer> {
  const shared: Record<string, SharedArrayBuffer> = {};
  for (const [name, buffer] of tables) if (buffer instanceof SharedArrayBuffer) shared[name] = buffer;
  return shared;
}

/** Total bytes held, for metrics and memory reports (mapped tables included). */
export function tableBytes(): number {
  let total = 0;
  for (const buffer of tables.values()) total += buffer.byteLength;
  return total;
}
