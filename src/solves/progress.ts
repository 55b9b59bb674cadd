// The `solveProgress` subscription of one subscriber: the stored state first, then live progress,
// then the final state, then the end. Postgres decides: the stream starts from the stored row (read
// once the events are subscribed), and its final state is a row as committed, announced by whoever
// wrote it (sent as is, no read) or found by SolveEvents' re-check of the followed Solves (after a
// lost Redis connection, and on a slow timer), so a subscriber who connects late, reconnects, or
// misses events still gets the final result. While it waits, a stream never reads Postgres itself.
// One exception to "the first final row ends the stream": cancelSolve announces its row at once, before
// the search has stopped, so that row has no figures (lowerBound, nodesExpanded, durationMs null); the
// worker's write of the stopped search fills them in and announces the row again. A stream that saw
// the search run holds that first CANCELLED row for up to CANCEL_FIGURES_WAIT_MS for the filled one;
// if none comes (the search goes on for other Solves, or the worker's write is late), its final event
// carries the last live figures instead.
// A proven bound never goes backwards for a subscriber: a search whose state Redis lost (restarted
// empty) is planned again by the job the reconciler re-adds, from the bound stored on its row
// (Solve.provenLowerBound, written every SOLVE_CANCEL_POLL_MS), which may be below the last one
// announced; so each stream keeps the highest lowerBound and provenLowerBound it has sent as a floor
// for its later events (every bound it sent was proved: the larger one still is). An open row's stored
// bound is also where a stream that opens starts.
import type { Logger } from "../logger.ts";
import type { Solve } from "../generated/prisma/client.ts";
import type { SolveStatus } from "../generated/prisma/enums.ts";
import type { SolveJobProgress } from "./contracts.ts";
import { isFinished } from "./outcome.ts";
import type { SolveEvents } from "./events.ts";

export interface SolveEvent {
  readonly solveId: number;
  readonly status: SolveStatus;
  readonly lowerBound: number | null;
  readonly nodesExpanded: number | null;
  readonly nodesPerSecond: number | null;
  readonly elapsedMs: number | null;
  /** Split searches only (null otherwise): the proven bound, units settled at it and in all, threads. */
  readonly provenLowerBound: number | null;
  readonly unitsDone: number | null;
  readonly unitsTotal: number | null;
  readonly threads: number | null;
  /** Set on stored-state events (the first one and the final one). */
  readonly solve: Solve | null;
}

/**
 * A stored row as an event. An open Solve whose split search has stored a proven bound
 * (Solve.provenLowerBound) starts its stream from that bound: the search, even one planned again
 * after Redis lost its state, only proves more.
 */
function storedEvent(solve: Solve, last?: SolveJobProgress): SolveEvent {
  const nodes = solve.nodesExpanded === null ? null : Number(solve.nodesExpanded);
  const ms = solve.durationMs;
  const finished = isFinished(solve.status);
  // A finished split search keeps its split figures on its final event: the bound it proved (its
  // length once SOLVED), its units, and the last live counts (the row stores no threads).
  const split = finished && solve.unitsTotal !== null;
  const proven = !finished ? solve.provenLowerBound : split ? finalProvenBound(solve) : null;
  return {
    solveId: solve.id,
    status: solve.status,
    lowerBound: solve.lowerBound ?? proven,
    nodesExpanded: nodes,
    nodesPerSecond: nodes !== null && ms ? Math.round((nodes * 1000) / ms) : null,
    elapsedMs: ms,
    provenLowerBound: proven,
    unitsDone: split ? (last?.unitsDone ?? null) : null,
    unitsTotal: split ? solve.unitsTotal : null,
    threads: split ? (last?.threads ?? null) : null,
    solve,
  };
}

/** What a finished split search proved: its length once SOLVED, else the highest stored bound. */
function finalProvenBound(solve: Solve): number | null {
  if (solve.status === "SOLVED" && solve.optimal && solve.length !== null) return solve.length;
  const bounds = [solve.lowerBound, solve.provenLowerBound].filter((b): b is number => b !== null);
  return bounds.length === 0 ? null : Math.max(...bounds);
}

function liveEvent(solveId: number, progress: SolveJobProgress): SolveEvent {
  return {
    solveId,
    status: "RUNNING",
    lowerBound: progress.bound,
    nodesExpanded: progress.nodes,
    nodesPerSecond: progress.nodesPerSecond,
    elapsedMs: progress.elapsedMs,
    provenLowerBound: progress.lowerBound ?? null,
    unitsDone: progress.unitsDone ?? null,
    unitsTotal: progress.unitsTotal ?? null,
    threads: progress.threads ?? null,
    solve: null,
  };
}

/**
 * The final event of a Solve cancelled before its worker wrote what the search proved: the row as
 * stored, with the figures of the last live progress (a proven bound, the nodes counted then).
 */
function carriedEvent(solve: Solve, progress: SolveJobProgress | undefined): SolveEvent {
  if (progress === undefined) return storedEvent(solve);
  // A split search's bound is what every unit exhausted; the row would store that one (or more:
  // a bound stored before the last report reached this process).
  const live = progress.lowerBound ?? progress.bound;
  return {
    ...liveEvent(solve.id, progress),
    status: solve.status,
    lowerBound: Math.max(live, solve.lowerBound ?? live),
    solve,
  };
}

/**
 * A split search's report older than the last one sent: from a coordinator that lost the job (a
 * worker stopped, SIGSTOP or a long pause, whose search another worker took over) and publishes what
 * it held when it froze before it learns so. Both its clock and its count are behind: a split
 * search's elapsedMs is its state's clock (kept in Redis, or the row's start once re-planned) and its
 * nodes the state's count, shared by every run of it. One alone cannot tell: a worker whose clock is
 * behind another's takes a search over with a lower elapsedMs and a higher count, and a search planned
 * again after Redis lost its state counts its nodes from 0 with a higher elapsedMs. A whole search's
 * thread counts both from its own start (a retried one from 0 again): no such check.
 */
function isStale(progress: SolveJobProgress, last: SolveJobProgress | undefined): boolean {
  return (
    progress.unitsTotal !== undefined &&
    last?.unitsTotal !== undefined &&
    progress.elapsedMs < last.elapsedMs &&
    progress.nodes < last.nodes
  );
}

/**
 * A TIMED_OUT row the reconciler wrote for a search whose coordinator was gone at its limit: the
 * stored bound, no nodes (the figures come later, with the coordinator's own write). The final event
 * carries the last live figures meanwhile, as a cancelled row without figures does.
 */
function timedOutWithoutFigures(solve: Solve): boolean {
  return solve.status === "TIMED_OUT" && solve.nodesExpanded === null;
}

/** A CANCELLED row as cancelSolve left it: the worker has not written what the search proved yet. */
function lacksFigures(solve: Solve): boolean {
  return solve.status === "CANCELLED" && solve.lowerBound === null && solve.nodesExpanded === null;
}

export interface ProgressStreamDeps {
  readonly load: (id: number) => Promise<Solve | null>;
  readonly events: SolveEvents;
  readonly log: Logger;
}

/** How long a stream waits for the event topics to be subscribed before reading its Solve anyway. */
const LISTEN_WAIT_MS = 2000;

/**
 * How long a stream holds a cancelled row without figures for the worker's write: a stopped search
 * writes within about a second (a split search's coordinator waits up to 1 s for its stopped units).
 */
const CANCEL_FIGURES_WAIT_MS = 3000;

export class SolveProgressStream implements AsyncIterableIterator<SolveEvent> {
  private readonly buffered: SolveEvent[] = [];
  private wake: (() => void) | undefined;
  private ended = false;
  /** The last state sent; undefined until the stored state has been read (live events wait for it). */
  private current: Solve | undefined;
  private readonly unwatch: (() => void)[] = [];
  /** Reads and announced rows are handled one at a time, in order. */
  private updating: Promise<void> = Promise.resolve();
  /** The last live progress of the Solve's search. */
  private lastProgress: SolveJobProgress | undefined;
  /** The highest lowerBound and provenLowerBound sent: later events never say less. */
  private floor = { lowerBound: 0, provenLowerBound: 0 };
  /** Set while a CANCELLED row without figures is held for the worker's filled one: sends it as is. */
  private held: NodeJS.Timeout | undefined;

  private constructor(
    private readonly solveId: number,
    private readonly deps: ProgressStreamDeps,
  ) {}

  /** Returns null when there is no such Solve. */
  static async open(solveId: number, deps: ProgressStreamDeps): Promise<SolveProgressStream | null> {
    const stream = new SolveProgressStream(solveId, deps);
    // Listen first (once Redis has the subscription: what is announced from then on arrives), then
    // read: a state announced meanwhile is applied after the read (in order). If Redis is away, the
    // read is made anyway and repeated by the re-check when the subscriber connection is back.
    await deps.events.listening(LISTEN_WAIT_MS);
    stream.unwatch.push(deps.events.watch(solveId, (solve) => stream.update(solve)));
    let failure: unknown;
    stream.updating = deps.load(solveId).then(
      (solve) => stream.apply(solve),
      (error: unknown) => {
        failure = error ?? new Error("reading the Solve failed");
      },
    );
    await stream.updating;
    if (failure !== undefined || stream.current === undefined) {
      stream.end();
      if (failure !== undefined) throw failure;
      return null;
    }
    if (!stream.ended) {
      const { jobId } = stream.current;
      if (jobId) {
        stream.unwatch.push(deps.events.watchJob(jobId, (progress) => stream.onProgress(progress)));
      }
    }
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
    // Cancelled (held for the figures): no more RUNNING events, and the figures stay as of the
    // cancel (a search that goes on for other Solves is no longer this one's).
    if (this.current === undefined || this.ended || this.held !== undefined) return;
    if (isStale(progress, this.lastProgress)) return;
    this.lastProgress = progress;
    this.push(liveEvent(this.solveId, progress));
  }

  /** Applies rows (announced or re-read) in order, after the first read. */
  private update(solve: Solve): void {
    this.updating = this.updating
      .then(() => this.apply(solve))
      .catch((error: unknown) =>
        this.deps.log.warn({ err: error, solveId: this.solveId }, "solve progress refresh failed"),
      );
  }

  /**
   * The first state is always sent, later ones when the status changed; a final state ends the stream,
   * except a CANCELLED one without figures after the search was seen running (held: see the top).
   */
  private apply(solve: Solve | null): void {
    if (this.ended) return;
    if (!solve) {
      this.end();
      return;
    }
    if (this.held !== undefined) {
      if (lacksFigures(solve)) return; // the same row again (a re-check): keep waiting
      clearTimeout(this.held);
      this.held = undefined;
    }
    const previous = this.current;
    if (
      lacksFigures(solve) &&
      previous !== undefined &&
      (previous.status === "RUNNING" || this.lastProgress !== undefined)
    ) {
      this.held = setTimeout(() => {
        this.held = undefined;
        this.push(carriedEvent(solve, this.lastProgress));
        this.end();
      }, CANCEL_FIGURES_WAIT_MS);
      this.current = solve;
      return;
    }
    this.current = solve;
    if (previous === undefined || solve.status !== previous.status || isFinished(solve.status))
      this.push(
        timedOutWithoutFigures(solve)
          ? carriedEvent(solve, this.lastProgress)
          : storedEvent(solve, this.lastProgress),
      );
    if (isFinished(solve.status)) this.end();
  }

  private push(sent: SolveEvent): void {
    if (this.ended) return;
    const event = this.floored(sent);
    this.buffered.push(event);
    this.wake?.();
  }

  /** `event` with its bounds raised to the floor, which it raises in turn. */
  private floored(event: SolveEvent): SolveEvent {
    const raise = (value: number | null, key: keyof typeof this.floor): number | null => {
      if (value === null) return null;
      this.floor[key] = Math.max(this.floor[key], value);
      return this.floor[key];
    };
    return {
      ...event,
      lowerBound: raise(event.lowerBound, "lowerBound"),
      provenLowerBound: raise(event.provenLowerBound, "provenLowerBound"),
    };
  }

  private end(): void {
    this.ended = true;
    clearTimeout(this.held);
    this.held = undefined;
    for (const unwatch of this.unwatch.splice(0)) unwatch();
    this.wake?.();
  }
}
