// Budgets, cancellation and progress for the sliding-puzzle searches. A search calls `poll` every
// POLL_INTERVAL nodes (so the clock and the cancellation callback cost nothing per node) and
// `newBound` at each IDA* iteration / A* f-level.

import type { SearchProgress, SolveOptions } from "../types.ts";

export const POLL_INTERVAL = 8192;

export type StopReason = "cancelled" | "timed_out" | "budget_exhausted";

export class SearchControl {
  readonly startedAt = performance.now();
  private readonly deadline: number;
  private readonly maxNodes: number;
  private readonly interval: number;
  private lastReport: number;
  stopReason: StopReason | undefined;

  constructor(private readonly options: SolveOptions) {
    this.deadline = options.timeLimitMs === undefined ? Infinity : this.startedAt + options.timeLimitMs;
    this.maxNodes = options.maxNodes ?? Infinity;
    this.interval = options.progressIntervalMs ?? 250;
    this.lastReport = this.startedAt;
  }

  elapsedMs(): number {
    return performance.now() - this.startedAt;
  }

  /** Checks budgets and cancellation; reports progress when due. Returns true when the search must stop. */
  poll(nodes: number, bound: number): boolean {
    if (this.stopReason !== undefined) return true;
    if (nodes >= this.maxNodes) this.stopReason = "budget_exhausted";
    else if (this.options.isCancelled?.() === true) this.stopReason = "cancelled";
    else {
      const now = performance.now();
      if (now >= this.deadline) this.stopReason = "timed_out";
      else if (this.options.onProgress !== undefined && now - this.lastReport >= this.interval) {
        this.lastReport = now;
        this.report(nodes, bound, now);
      }
    }
    return this.stopReason !== undefined;
  }

  /** Reports a new proven lower bound (a new IDA* iteration or A* f-level). */
  newBound(nodes: number, bound: number): void {
    if (this.options.onProgress === undefined) return;
    const now = performance.now();
    this.lastReport = now;
    this.report(nodes, bound, now);
  }

  private report(nodes: number, bound: number, now: number): void {
    const progress: SearchProgress = { bound, nodes, elapsedMs: now - this.startedAt };
    this.options.onProgress?.(progress);
  }
}

/** What a sliding-puzzle search returns; the facade turns it into a SolveResult. */
export interface SearchOutcome {
  readonly status: "solved" | StopReason;
  /** U/D/L/R, "" unless solved. */
  readonly moves: string;
  /** Nodes expanded. */
  readonly nodes: number;
  /** Children evaluated, when the search counts them (IDA*'s built-in kernel): Korf's "nodes generated". */
  readonly generated?: number;
  /** The best proven lower bound (the solution length when solved). */
  readonly lowerBound: number;
}
