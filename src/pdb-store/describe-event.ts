// One line of text per pattern-database event, for the CLI's stderr and the worker's log.

import type { PdbEvent } from "./store.ts";

function mib(bytes: number): string {
  return `${(bytes / 2 ** 20).toFixed(1)} MiB`;
}

export function describePdbEvent(event: PdbEvent): string {
  switch (event.kind) {
    case "building": {
      const estimate = `~${event.estimate.replace(/^~/, "")}`;
      // Forced (`pdb build --force`): tables that may well be there, rebuilt; neither a first run nor missing.
      return event.forced
        ? `rebuilding pattern databases (forced, ${estimate}): pdb:${event.partition}, ${event.tables} table(s), ${event.threads} at a time`
        : `building pattern databases (first run, ${estimate}): pdb:${event.partition}, ${event.tables} table(s) missing, ${event.threads} at a time`;
    }
    case "progress":
      return `building pattern databases: ${(event.fraction * 100).toFixed(0)}% (${event.table.key}), ${(event.elapsedMs / 1000).toFixed(0)} s`;
    case "waiting":
      return `waiting for ${event.holder}, which is building ${event.table.key}`;
    case "loaded":
      return `loaded ${event.table.key} (${mib(event.table.entries)}, ${event.mapped ? "mapped" : "read"}) in ${event.ms.toFixed(0)} ms`;
    case "remapped":
      return event.after > event.before
        ? `read ${event.table.key} again in ${event.ms.toFixed(0)} ms: its cached pages were 4 KiB folios, now ${mib(event.after)} of ${mib(event.possible)} in 2 MiB pages (was ${mib(event.before)})${event.kept > 0 ? `; ${mib(event.kept)} kept pages the kernel would not drop yet` : ""}`
        : `${event.table.key} stays in 4 KiB pages (${mib(event.before)} of ${mib(event.possible)} in 2 MiB pages): the kernel would not drop its cached pages (another process maps them, or they were read a moment ago); searches are a few per cent slower until the page cache drops them`;
    case "realigned":
      return `rewrote ${event.path} with its data page-aligned (so that it can be mapped) in ${event.ms.toFixed(0)} ms`;
    case "derived":
      return `laid out ${event.table.key} (${mib(event.table.entries)}) in ${event.ms.toFixed(0)} ms${event.saved ? `, saved to ${event.path}` : " (not saved: directory not writable)"}`;
    case "rejected":
      return `rejected ${event.path}: ${event.message}; ${event.notRemoved === undefined ? "removed" : `could not remove it (${event.notRemoved})`}`;
    case "built":
      return `built ${event.table.key} (${mib(event.table.entries)}) in ${(event.ms / 1000).toFixed(1)} s`;
    case "saved":
      return `saved ${event.path} in ${event.ms.toFixed(0)} ms`;
  }
}
