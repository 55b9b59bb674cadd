// A process-wide registry of precomputed tables (3x3 distance tables, the rotation mask table,
// pattern databases). Each table is a SharedArrayBuffer under a stable name, built lazily on first
// use. A worker process builds or loads its tables once, exports them, and seeds every solver
// thread with the same buffers, so threads share one copy instead of building their own.

const tables = new Map<string, SharedArrayBuffer>();

/** Returns the table named `name`, building it with `build` on first use. */
export function getTable(name: string, build: () => SharedArrayBuffer): SharedArrayBuffer {
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

/** Registers tables built elsewhere (e.g. passed to a thread in `workerData`). */
export function seedTables(buffers: Readonly<Record<string, SharedArrayBuffer>>): void {
  for (const [name, buffer] of Object.entries(buffers)) {
    if (!(buffer instanceof SharedArrayBuffer))
      throw new TypeError(`table ${name} is not a SharedArrayBuffer`);
    tables.set(name, buffer);
  }
}

/** All tables built or seeded so far, for handing to other threads. */
export function exportTables(): Record<string, SharedArrayBuffer> {
  return Object.fromEntries(tables);
}

/** Total bytes held, for metrics and memory reports. */
export function tableBytes(): number {
  let total = 0;
  for (const buffer of tables.values()) total += buffer.byteLength;
  return total;
}
