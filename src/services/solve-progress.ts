// The `solveProgress` subscription of one subscriber: the stored state first, then live progress,
// then the final state, then the end. Postgres decides: every signal (a job event, a Solve changed
// by another API process, or a periodic poll that covers lost events) is answered by re-reading the
// Solve, so a subscriber who connects late, reconnects, or misses events still gets the final result.
import type { Logger } from "../logger.ts";
import type { Solve } from "../generated/prisma/client.ts";
import type { SolveStatus } from "../generated/prisma/enums.ts";
import type { SolveJobProgress } from "../queue/contracts.ts";
import { isFinished } from "../repositories/solve-repository.ts";
import type { SolveEvents } from "./solve-events.ts";

export interface SolveEvent {
  readonly solveId: number;
  readonly status: SolveStatus;
  readonly lowerBound: number | null;
  readonly nodesExpanded: number | null;
  readonly nodesPerSecond: number | null;
  readonly elapsedMs: number | null;
  /** Set on stored-state events (the first one and the final one). */
  readonly solve: Solve | null;
}

export function storedEvent(solve: Solve): SolveEvent {
  const nodes = solve.nodesExpanded === null ? null : Number(solve.nodesExpanded);
  const ms = solve.durationMs;
  return {
    solveId: solve.id,
    status: solve.status,
    lowerBound: solve.lowerBound,
    nodesExpanded: nodes,
    nodesPerSecond: nodes !== null && ms ? Math.round((nodes * 1000) / ms) : null,
    elapsedMs: ms,
    solve,
  };
}

export function liveEvent(solveId: number, progress: SolveJobProgress): SolveEvent {
  return {
    solveId,
    status: "RUNNING",
    lowerBound: progress.bound,
    nodesExpanded: progress.nodes,
    nodesPerSecond: progress.nodesPerSecond,
    elapsedMs: progress.elapsedMs,
    solve: null,
  };
}

export interface ProgressStreamDeps {
  readonly load: (id: number) => Promise<Solve | null>;
  readonly events: SolveEvents;
  readonly pollMs: number;
  readonly log: Logger;
}

export class SolveProgressStream implements AsyncIterableIterator<SolveEvent> {
  private readonly buffered: SolveEvent[] = [];
  private wake: (() => void) | undefined;
  private ended = false;
  /** Live events wait until the stored state has been sent. */
  private started = false;
  private unwatch: () => void = () => undefined;
  private poll: NodeJS.Timeout | undefined;
  private refreshing: Promise<void> = Promise.resolve();

  private constructor(
    private current: Solve,
    private readonly deps: ProgressStreamDeps,
  ) {}

  /** Returns null when there is no such Solve. */
  static async open(solveId: number, deps: ProgressStreamDeps): Promise<SolveProgressStream | null> {
    const first = await deps.load(solveId);
    if (!first) return null;
    const stream = new SolveProgressStream(first, deps);
    if (isFinished(first.status)) {
      stream.push(storedEvent(first));
      stream.end();
      return stream;
    }
    // Listen first, then read again: nothing that happens in between is missed.
    stream.unwatch = deps.events.watch(first.id, first.jobId, {
      progress: (progress) => stream.onProgress(progress),
      changed: () => stream.refresh(false),
    });
    stream.poll = setInterval(() => stream.refresh(false), deps.pollMs);
    stream.refresh(true);
    return stream;
  }

  [Symbol.asyncIterator](): AsyncIterableIterator<SolveEvent> {
    return this;
  }

  async next(): Promise<IteratorResult<SolveEvent>> {
    for (;;) {
      const value = this.buffered.shift();
      if (value) return { value, done: false };
      if (this.ended) return { value: undefined, done: true };
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }

  /** The subscriber went away. */
  async return(): Promise<IteratorResult<SolveEvent>> {
    this.end();
    this.buffered.length = 0;
    return { value: undefined, done: true };
  }

  private onProgress(progress: SolveJobProgress): void {
    if (this.started && !this.ended) this.push(liveEvent(this.current.id, progress));
  }

  /** Re-reads the Solve (one read at a time, in order); sends it if it is new or `always`. */
  private refresh(always: boolean): void {
    this.refreshing = this.refreshing
      .then(async () => {
        if (this.ended) return;
        const solve = await this.deps.load(this.current.id);
        if (!solve) return this.end();
        const changed = solve.status !== this.current.status;
        this.current = solve;
        if (always || changed || isFinished(solve.status)) this.push(storedEvent(solve));
        this.started = true;
        if (isFinished(solve.status)) this.end();
      })
      .catch((error: unknown) => this.deps.log.warn({ err: error, solveId: this.current.id }, "solve progress refresh failed"));
  }

  private push(event: SolveEvent): void {
    if (this.ended) return;
    this.buffered.push(event);
    this.wake?.();
  }

  private end(): void {
    this.ended = true;
    this.unwatch();
    clearInterval(this.poll);
    this.wake?.();
  }
}
