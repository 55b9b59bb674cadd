// The one way a search stops and reports progress. Every search (sliding IDA* and A*, the
// pattern-database IDA*, the Rotation Game's IDA*) makes one SearchControl from the caller's
// SolveOptions, counts its nodes down from `countdown(nodes)` and calls `poll` when the count reaches
// zero (so the clock and the cancellation callback cost nothing per node), and calls `newBound` at
// each IDA* iteration / A* f-level. Both return true once the search must stop; `stopReason` says why.

import type { SearchProgress, SolveOptions, StopReason } from "./types.ts";

/** How often a search polls: every `pollEvery` counted steps, each adding up to `nodesPerStep` nodes. */
export interface PollCadence {
  /** Default POLL_INTERVAL. */
  readonly pollEvery?: number;
  /**
   * Nodes one counted step may add (e.g. the children of one expansion, for a search that counts
   * generated nodes): near the node budget the countdown shrinks so the search overshoots it by at
   * most one step. Default 1.
   */
  readonly nodesPerStep?: number;
}

export const POLL_INTERVAL = 8192;
const DEFAULT_PROGRESS_INTERVAL_MS = 250;
/**
 * `forecastTimeLimit`: iterations smaller than this forecast nothing (their time is mostly the
 * clock's grain and the compiler warming up, not the search's pace).
 */
const FORECAST_MIN_NODES = 10_000;

export class SearchControl {
  readonly startedAt = performance.now();
  /** Set by the first poll (or `stop`) that finds a reason to stop; never cleared. */
  stopReason: StopReason | undefined;
  private readonly deadline: number;
  private readonly maxNodes: number;
  private readonly progressInterval: number;
  private readonly pollEvery: number;
  private readonly nodesPerStep: number;
  private lastReport: number;
  /** `forecastTimeLimit`: where the current iteration began, and the last one's nodes. */
  private iterationAt = Number.NaN;
  private iterationNodes = 0;
  private lastIterationNodes = 0;

  constructor(
    private readonly options: SolveOptions,
    cadence: PollCadence = {},
  ) {
    this.deadline = options.timeLimitMs === undefined ? Infinity : this.startedAt + options.timeLimitMs;
    this.maxNodes = options.maxNodes ?? Infinity;
    this.progressInterval = options.progressIntervalMs ?? DEFAULT_PROGRESS_INTERVAL_MS;
    this.pollEvery = cadence.pollEvery ?? POLL_INTERVAL;
    this.nodesPerStep = cadence.nodesPerStep ?? 1;
    this.lastReport = this.startedAt;
  }

  elapsedMs(): number {
    return performance.now() - this.startedAt;
  }

  /** Steps until the next poll: the cadence, or fewer when the node budget is closer (at least 1). */
  countdown(nodes: number): number {
    const toBudget = Math.ceil((this.maxNodes - nodes) / this.nodesPerStep);
    return Math.max(1, Math.min(this.pollEvery, toBudget));
  }

  /** Checks the budget, cancellation and the clock; reports progress when due. True: stop. */
  poll(nodes: number, bound: number): boolean {
    if (this.mustStop(nodes)) return true;
    if (this.options.onProgress !== undefined) {
      const now = performance.now();
      if (now - this.lastReport >= this.progressInterval) this.report(nodes, bound, now);
    }
    return false;
  }

  /** Reports a new proven lower bound (an IDA* iteration, an A* f-level), then checks as `poll` does. */
  newBound(nodes: number, bound: number): boolean {
    const now = performance.now();
    if (this.options.onProgress !== undefined) this.report(nodes, bound, now);
    if (this.mustStop(nodes)) return true;
    if (this.options.forecastTimeLimit === true && this.deadline !== Infinity) this.forecast(nodes, now);
    return this.stopReason !== undefined;
  }

  /**
   * Cancellation and the clock only, for work before the search (building its tables), which
   * counts no nodes. True: stop.
   */
  interrupted(): boolean {
    if (this.stopReason === undefined) this.checkInterruption();
    return this.stopReason !== undefined;
  }

  /** Why the search stopped: only after `poll` or `newBound` returned true (or `stop`). */
  stoppedBy(): StopReason {
    if (this.stopReason === undefined) throw new Error("SearchControl: the search has not stopped");
    return this.stopReason;
  }

  /** Stops for a reason the search found itself (e.g. A*'s memory bound). The first reason stays. */
  stop(reason: StopReason): void {
    this.stopReason ??= reason;
  }

  private mustStop(nodes: number): boolean {
    if (this.stopReason !== undefined) return true;
    if (nodes >= this.maxNodes) this.stopReason = "budget_exhausted";
    else this.checkInterruption();
    return this.stopReason !== undefined;
  }

  /**
   * At an iteration's start: stops (`timed_out`) when the iteration, forecast from the one that just
   * ended (its time times its growth in nodes), would end past the deadline. An iteration that finds
   * the goal ends sooner than forecast, but a first try (the option's user) that stops then loses
   * only the split's overhead, while one that runs on loses its thread's time to its budget.
   */
  private forecast(nodes: number, now: number): void {
    const ended = nodes - this.iterationNodes;
    if (!Number.isNaN(this.iterationAt) && ended >= FORECAST_MIN_NODES && this.lastIterationNodes > 0) {
      const nextMs = (now - this.iterationAt) * (ended / this.lastIterationNodes);
      if (now + nextMs > this.deadline) this.stopReason = "timed_out";
    }
    if (!Number.isNaN(this.iterationAt)) this.lastIterationNodes = ended;
    this.iterationAt = now;
    this.iterationNodes = nodes;
  }

  private checkInterruption(): void {
    if (this.options.isCancelled?.() === true) this.stopReason = "cancelled";
    else if (this.deadline !== Infinity && performance.now() >= this.deadline) this.stopReason = "timed_out";
  }

  private report(nodes: number, bound: number, now: number): void {
    this.lastReport = now;
    const progress: SearchProgress = { bound, nodes, elapsedMs: now - this.startedAt };
    this.options.onProgress?.(progress);
  }
}

/** What a sliding or Rotation Game search returns; the facades make a SolveResult of it. */
export interface SearchOutcome {
  readonly status: "solved" | StopReason;
  /** The solution's moves, "" unless solved. */
  readonly moves: string;
  /** Nodes as the search counts them (sliding: expanded; Rotation Game: moves generated). */
  readonly nodes: number;
  /** Children evaluated, when the search counts them (IDA*'s built-in kernel): Korf's "nodes generated". */
  readonly generated?: number;
  /** The best proven lower bound (the solution length when solved). */
  readonly lowerBound: number;
}
