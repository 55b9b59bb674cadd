// Progress of a long `puzzle solve` on stderr. On a terminal: one line rewritten in place (bound,
// nodes, nodes/s, elapsed), shown once the search has run for a moment and erased at the end, so a
// quick solve prints nothing. Elsewhere (a pipe, a log file) nothing by default, so scripts and
// judge pipelines get a clean stderr; with --progress, one line per new bound. --quiet: nothing.

import type { SearchProgress } from "../core/types.ts";

/** A search shorter than this shows no progress on a terminal. */
const SHOW_AFTER_MS = 500;
/** At most one rewrite of the terminal line per interval. */
const REDRAW_MS = 200;

export type ProgressMode = "auto" | "always" | "never";

export interface ProgressReporter {
  /** SolveOptions.onProgress. */
  readonly onSearch: (progress: SearchProgress) => void;
  /** Erases the terminal line, if one was drawn (call before printing the answer). */
  readonly finish: () => void;
}

function count(n: number): string {
  if (n >= 1e9) return `${(n / 1e9).toFixed(2)} G`;
  if (n >= 1e6) return `${(n / 1e6).toFixed(1)} M`;
  if (n >= 1e3) return `${(n / 1e3).toFixed(1)} k`;
  return String(Math.round(n));
}

/** "bound 48, 12.3 M nodes, 10.1 M nodes/s, 1.2 s" (or the phase, while tables are built). */
function describeProgress(p: SearchProgress): string {
  const seconds = `${(p.elapsedMs / 1000).toFixed(1)} s`;
  if (p.phase !== undefined) {
    const percent = p.fraction === undefined ? "" : ` ${(p.fraction * 100).toFixed(0)}%`;
    return `${p.phase}${percent}, ${seconds}`;
  }
  const rate = p.elapsedMs > 0 ? (p.nodes * 1000) / p.elapsedMs : 0;
  return `bound ${p.bound}, ${count(p.nodes)} nodes, ${count(rate)} nodes/s, ${seconds}`;
}

/** Whether progress (and the notes that go with it) is shown on `stream` in `mode`. */
export function progressShown(mode: ProgressMode, stream: NodeJS.WriteStream = process.stderr): boolean {
  return mode === "always" || (mode === "auto" && stream.isTTY === true);
}

/** The reporter for `mode` on `stream`, or undefined when no progress is to be shown. */
export function progressReporter(
  mode: ProgressMode,
  stream: NodeJS.WriteStream = process.stderr,
): ProgressReporter | undefined {
  if (!progressShown(mode, stream)) return undefined;
  if (stream.isTTY) {
    let drawn = false;
    let last = Number.NEGATIVE_INFINITY; // performance.now() starts near 0 in a fresh process
    return {
      onSearch: (p) => {
        const now = performance.now();
        if (p.elapsedMs < SHOW_AFTER_MS || now - last < REDRAW_MS) return;
        last = now;
        drawn = true;
        stream.write(`\r${describeProgress(p)}\x1b[K`);
      },
      finish: () => {
        if (drawn) stream.write("\r\x1b[K");
        drawn = false;
      },
    };
  }
  let lastBound = -1;
  return {
    onSearch: (p) => {
      if (p.phase !== undefined || p.bound <= lastBound) return;
      lastBound = p.bound;
      stream.write(`progress: ${describeProgress(p)}\n`);
    },
    finish: () => {},
  };
}
