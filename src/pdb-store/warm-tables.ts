// Keeps a long-running process's mapped tables in memory where the host pages out what has gone
// untouched for a while (Linux's DAMON-based proactive reclaim: a `pageout` scheme pages out memory
// not accessed for a minute or two). A worker that waits for jobs does not touch its tables, so the
// first search after a quiet spell reads them back from disk: Korf 24 #40 took 1.15 s instead of
// 0.68 s on the twenty-eighth session's host after 37 idle minutes (docs/operations.md). Reading one
// byte of every page once per period marks the pages accessed, the same signal a search gives.
// Spread over the period in small steps, so that no step holds the worker's main thread for long.

import { getTable, hasTable } from "../core/tables.ts";
import { mappedTableKeys } from "./thread-tables.ts";

const PAGE = 4096;

/** Reads one byte of every page in [from, to) of `bytes` (page-aligned offsets); returns their sum. */
export function touchPages(bytes: Uint8Array, from: number, to: number): number {
  let sum = 0;
  for (let at = from; at < to; at += PAGE) sum += bytes[at] ?? 0;
  return sum;
}

export interface WarmTablesOptions {
  /** Every page is read once per this period (PDB_TOUCH_SECONDS). */
  readonly periodMs: number;
  /** The period is walked in steps this far apart (default 250 ms). */
  readonly stepMs?: number;
}

/** Walks every table this process mapped, a slice per step, one period per walk. */
export class WarmTables {
  private readonly tables: Uint8Array[];
  private readonly pagesPerStep: number;
  private table = 0;
  private offset = 0;
  private timer: NodeJS.Timeout | undefined;
  /** Kept so that the reads are not optimised away. */
  private sum = 0;

  /** Pages in all the mapped tables. */
  readonly pages: number;

  constructor(private readonly options: WarmTablesOptions) {
    // Mapped tables only: a SharedArrayBuffer is the process's own memory, not the page cache's.
    this.tables = mappedTableKeys()
      .filter(hasTable)
      .map((key) => getTable(key, () => new SharedArrayBuffer(0)))
      .filter((buffer) => !(buffer instanceof SharedArrayBuffer))
      .map((buffer) => new Uint8Array(buffer));
    this.pages = this.tables.reduce((sum, bytes) => sum + Math.ceil(bytes.length / PAGE), 0);
    const steps = Math.max(1, Math.floor(options.periodMs / (options.stepMs ?? 250)));
    this.pagesPerStep = Math.ceil(this.pages / steps);
  }

  /** Starts the walk (nothing when there is no mapped table); the timer does not keep the process alive. */
  start(): void {
    if (this.timer !== undefined || this.tables.length === 0) return;
    this.timer = setInterval(() => this.step(), this.options.stepMs ?? 250);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Reads the next slice of pages, going on from where the last step stopped; returns how many. */
  step(): number {
    let left = this.pagesPerStep;
    while (left > 0 && this.tables.length > 0) {
      const bytes = this.tables[this.table];
      const to = Math.min(bytes.length, this.offset + left * PAGE);
      this.sum += touchPages(bytes, this.offset, to);
      left -= Math.ceil((to - this.offset) / PAGE);
      this.offset = to;
      if (this.offset >= bytes.length) {
        this.offset = 0;
        this.table = (this.table + 1) % this.tables.length;
      }
    }
    return this.pagesPerStep - left;
  }
}
