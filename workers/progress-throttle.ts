// Turns the core's progress reports (each new bound, plus periodic ones) into at most one
// `job.updateProgress` per interval. The latest report is never lost: one that arrives too soon is
// sent when the interval ends (unless a newer one replaces it), so the last bound always goes out.
import type { SearchProgress } from "../src/core/types.ts";
import type { SolveJobProgress } from "../src/solves/index.ts";

/** A core report, or a split search's (which adds its units and threads). */
export type ReportedProgress = SearchProgress &
  Partial<Pick<SolveJobProgress, "lowerBound" | "unitsDone" | "unitsTotal" | "threads">>;

export function toJobProgress(progress: ReportedProgress): SolveJobProgress {
  const seconds = progress.elapsedMs / 1000;
  const { lowerBound, unitsDone, unitsTotal, threads } = progress;
  return {
    bound: progress.bound,
    nodes: progress.nodes,
    elapsedMs: Math.round(progress.elapsedMs),
    nodesPerSecond: seconds > 0 ? Math.round(progress.nodes / seconds) : 0,
    ...(progress.phase === undefined ? {} : { phase: progress.phase }),
    ...(lowerBound === undefined ? {} : { lowerBound, unitsDone, unitsTotal, threads }),
  };
}

export class ProgressThrottle {
  private lastEmit = Number.NEGATIVE_INFINITY;
  private pending: ReportedProgress | undefined;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly intervalMs: number,
    private readonly emit: (progress: SolveJobProgress) => void,
    private readonly now: () => number = () => performance.now(),
  ) {}

  push(progress: ReportedProgress): void {
    if (this.stopped) return;
    this.pending = progress;
    const wait = this.lastEmit + this.intervalMs - this.now();
    if (wait <= 0) this.emitPending();
    else this.timer ??= setTimeout(() => this.emitPending(), wait);
  }

  /** Drops whatever is pending; nothing is emitted afterwards. */
  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.pending = undefined;
  }

  private emitPending(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const progress = this.pending;
    if (progress === undefined || this.stopped) return;
    this.pending = undefined;
    this.lastEmit = this.now();
    this.emit(toJobProgress(progress));
  }
}
