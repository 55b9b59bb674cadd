// `puzzle pdb build` on every core: a partition's missing tables are built at the same time, one
// thread per table (largest first, at most `threads` at once), each under its lock file as
// ensurePdb's sequential builds are; the main thread saves each table as it arrives. One table is
// one breadth-first search, so a partition goes as fast as its largest table (6-6-6-6: two tables of
// 122 MiB, about half the sequential time; 7-8: the 8-tile table dominates). ensurePdb then finds
// every table in place and lays out the direct-address copies.
// With one thread, or one table to build, the build still runs off the main thread, and the wait for
// another process's lock does not block it: a worker's signal handler runs during its start-up.

import { dirname } from "node:path";
import { pdbTableSpecs } from "../core/pdb/index.ts";
import type { TableSpec } from "../core/pdb/layout.ts";
import { startThread } from "../thread-path.ts";
import { buildFigures } from "./build-figures.ts";
import { type BuildLock, acquireBuildLockAsync } from "./build-lock.ts";
import type { BuildThreadMessage } from "./build-thread.ts";
import { type PdbEvent, loadTable, tablePath } from "./load-table.ts";
import { type EnsureOptions, ensurePdb, saveBuiltTable } from "./store.ts";
import { makeFolder } from "./make-folder.ts";

interface ParallelBuildOptions {
  readonly dir: string;
  /** Rebuild even when a valid file exists. */
  readonly force?: boolean;
  /** Tables built at once (at least 1: each on a thread of its own). */
  readonly threads: number;
  /** Fraction 0..1 of the partition's build work done, and a table being built. */
  readonly onProgress?: (fraction: number, table: TableSpec) => void;
  readonly onEvent?: (event: PdbEvent) => void;
  /** `progress` events through onEvent at most this often (default 5000 ms, as ensurePdb's). */
  readonly progressEventMs?: number;
}

/** Builds one table on a thread of its own, refreshing its lock as the build reports progress. */
function buildOnThread(
  table: TableSpec,
  lock: BuildLock,
  onFraction: (f: number) => void,
): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const worker = startThread("src/pdb-store/build-thread.ts", { workerData: table });
    let data: Uint8Array | undefined;
    worker.on("message", (message: BuildThreadMessage) => {
      lock.refresh();
      if (message.kind === "progress") onFraction(message.fraction);
      else data = message.data;
    });
    worker.once("error", reject);
    worker.once("exit", (code) =>
      data !== undefined ? resolve(data) : reject(new Error(`table build thread exited (${code})`)),
    );
  });
}

/**
 * Builds and saves the partition's missing tables `threads` at a time. Tables another process is
 * building are left alone (ensurePdb waits for them afterwards); a table that fails here is left
 * for ensurePdb's sequential build, which reports the error. True when every table is in place
 * (built here or by another process); false when something is left for ensurePdb.
 */
async function buildTablesInParallel(name: string, options: ParallelBuildOptions): Promise<boolean> {
  const partition = name.replace(/^pdb:/, "");
  const todo = pdbTableSpecs(name)
    .filter((table) => options.force || !loadTable(table, options))
    .sort((a, b) => b.entries - a.entries);
  if (todo.length === 0) return true;
  const threads = Math.max(1, options.threads);
  const total = todo.reduce((sum, t) => sum + t.entries, 0);
  const fractions = new Map<string, number>();
  const began = performance.now();
  const eventEvery = options.progressEventMs ?? 5000;
  let lastEvent = began;
  const report = (table: TableSpec) => {
    let done = 0;
    for (const t of todo) done += (fractions.get(t.key) ?? 0) * t.entries;
    options.onProgress?.(done / total, table);
    const now = performance.now();
    if (options.onEvent !== undefined && now - lastEvent >= eventEvery) {
      lastEvent = now;
      const path = tablePath(table, options.dir);
      options.onEvent({ kind: "progress", table, path, fraction: done / total, elapsedMs: now - began });
    }
  };
  const estimate = buildFigures(partition)?.time ?? "unknown";
  options.onEvent?.({
    kind: "building",
    table: todo[0],
    path: tablePath(todo[0], options.dir),
    partition,
    tables: todo.length,
    threads: Math.min(threads, todo.length),
    estimate,
    forced: options.force ?? false,
  });
  // Every lock first, before any thread starts, always in the same order (largest first), so two
  // processes cannot each hold a lock the other waits for.
  const mine: { table: TableSpec; path: string; lock: BuildLock }[] = [];
  for (const table of todo) {
    const path = tablePath(table, options.dir);
    makeFolder(dirname(path));
    const lock = await acquireBuildLockAsync(`${path}.lock`, (holder) =>
      options.onEvent?.({ kind: "waiting", table, path, holder }),
    );
    if (!options.force && loadTable(table, options))
      lock.release(); // another process built it
    else mine.push({ table, path, lock });
  }
  let next = 0;
  let failed = false;
  const runner = async (): Promise<void> => {
    while (next < mine.length) {
      const { table, path, lock } = mine[next++];
      try {
        const began = performance.now();
        const data = await buildOnThread(table, lock, (fraction) => {
          fractions.set(table.key, fraction);
          report(table);
        });
        fractions.set(table.key, 1);
        options.onEvent?.({ kind: "built", table, path, ms: performance.now() - began });
        saveBuiltTable(table, path, partition, data, options.onEvent);
      } catch {
        failed = true; // left to ensurePdb's sequential build, which reports what goes wrong
      } finally {
        lock.release();
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(threads, mine.length) }, runner));
  return !failed;
}

/**
 * ensurePdb with the partition's missing tables first built on up to `threads` threads at once:
 * whatever the threads leave (a failed thread) ensurePdb builds on the main thread, then it loads every
 * table and lays out the direct-address copies. What `puzzle pdb build`, `solve --build-missing`
 * and a worker's start-up run.
 */
export async function ensurePdbOnThreads(
  name: string,
  options: EnsureOptions & { readonly threads: number },
): Promise<void> {
  const built = await buildTablesInParallel(name, options);
  ensurePdb(name, { ...options, force: (options.force ?? false) && !built });
}
