// The coordinator of a search (docs/distributed.md, "On the platform"). It runs inside the search
// job on a worker's main thread and only does I/O: it plans the units, keeps about two per live
// thread of the fleet queued or running as unit jobs, folds their outcomes into the state kept in
// Redis, and returns the search's result once the core says the answer is proven (or the search
// was stopped). A search that is not split is one unit holding the whole search. A coordinator
// that dies is replaced by another worker's (BullMQ stalled-job recovery), which resumes from the
// state in Redis; units in flight go on meanwhile.
import type { Queue } from "bullmq";
import type { Logger } from "pino";
import {
  type SplitState,
  childMoves,
  type UnitResult,
  type UnitTask,
  fold,
  isDone,
  isObsolete,
  lowerBound,
  next,
  planUnits,
  release,
  splitResult,
  widen,
} from "../src/core/index.ts";
import { stoppedResult } from "../src/core/results.ts";
import { isSlidingSolvable } from "../src/core/sliding/solvability.ts";
import type { SlidingSpec, SolveResult } from "../src/core/types.ts";
import { SearchWakeups } from "./search-wakeups.ts";
import type { EventBus } from "../src/services/events.ts";
import {
  type SearchFailure,
  type SolveJobData,
  UNIT_DONE_TOPIC,
  UNIT_JOB,
  UNIT_STOP_TOPIC,
  type UnitDoneMessage,
  type UnitJobData,
  type UnitOutcome,
  type UnitStopMessage,
  WHOLE_JOB,
  unitJobId,
  wholeJobId,
} from "../src/solves/index.ts";
import { CANCELLED, SHUTDOWN, SUPERSEDED } from "./abort-reasons.ts";
import type { ReportedProgress } from "./progress-throttle.ts";
import { SearchFailedError } from "./search-failed-error.ts";
import { SupersededError } from "./superseded-error.ts";
import type { SplitRecord, SplitStore } from "./split-store.ts";

type UnitQueue = Queue<UnitJobData, void>;

export interface CoordinatorHooks {
  /** Aborted with CANCELLED: stop every unit; with SHUTDOWN or SUPERSEDED: leave them to the coordinator that takes over. */
  readonly signal?: AbortSignal;
  readonly onProgress?: (progress: ReportedProgress) => void;
}

export interface CoordinatorDeps {
  readonly store: SplitStore;
  readonly units: UnitQueue;
  readonly events: EventBus;
  /** Solver threads of the live fleet (heartbeats), at least 1. */
  readonly liveThreads: () => Promise<number>;
  readonly log: Logger;
  /** Units queued or running per live thread (default 2). */
  readonly unitsPerThread?: number;
  /** A unit in flight longer than this has its job looked up (lost for good: queued again). */
  readonly lostCheckMs?: number;
}

/** Unit jobs leave Redis when done (their outcome is on the results list); a failed one is re-queued by its coordinator. */
const UNIT_JOB_OPTIONS = { removeOnComplete: true, removeOnFail: true, attempts: 1 } as const;

/**
 * Units per live thread a running search keeps (as planUnits plans: enough that no thread waits for
 * a unit another one is searching); a fleet that grows gets its search split further.
 */
const UNITS_PER_THREAD_AT_LEAST = 8;

/**
 * Once the answer is proven, or the search is cancelled or out of time, how long the coordinator
 * waits for the units still running (stopped at once: milliseconds) to report the work they did,
 * which the result's node count includes.
 */
const STRAGGLERS_MS = 1000;

/** With no wake-up message (pub/sub may drop one), the coordinator looks at its results this often. */
const POLL_MS = 250;

/**
 * A whole search's thread keeps its own time limit; one whose unit never ran (lost again and again,
 * or left for a worker holding its tables) ends TIMED_OUT this long after it.
 */
const WHOLE_GRACE_MS = 5000;

/** Whether the search runs as units of a split search (AUTO: IDA* on 4x4 and 5x5 boards). */
export function runsSplit(data: SolveJobData): boolean {
  const { spec } = data;
  if (data.split === false || spec.kind !== "sliding" || spec.rows * spec.cols <= 9) return false;
  if (data.algorithm !== "auto" && data.algorithm !== "idastar") return false;
  const h = data.heuristic;
  if (h !== "auto" && h !== "manhattan" && h !== "linear-conflict" && !h.startsWith("pdb:")) return false;
  if (!isSlidingSolvable(spec)) return false;
  return data.split === true || spec.rows * spec.cols === 16 || spec.rows * spec.cols === 25;
}

/**
 * Whether a stop hands the search back, leaving its units and state to the next run: a shutdown, or
 * this process taking the job again (search-processor.ts), rather than a cancel.
 */
function handsBack(reason: unknown): boolean {
  return reason === SHUTDOWN || reason === SUPERSEDED;
}

export class SplitCoordinator {
  private readonly wakeups = new SearchWakeups();
  private readonly stopDone: () => Promise<void>;

  constructor(private readonly deps: CoordinatorDeps) {
    const done = deps.events.subscribe<UnitDoneMessage>(
      UNIT_DONE_TOPIC,
      (message) => typeof message?.searchId === "string",
    );
    void (async () => {
      for await (const { searchId } of done) this.wakeups.notify(searchId);
    })();
    this.stopDone = async () => {
      await done.return?.();
    };
  }

  close(): Promise<void> {
    return this.stopDone();
  }

  /**
   * Ends what a search that will not be coordinated again left behind (its job failed for good): the
   * state goes (so its queued units are not searched: workers/unit-processor.ts) and its running units
   * stop on every worker.
   */
  async discard(searchId: string): Promise<void> {
    await this.deps.store.clear(searchId);
    const message: UnitStopMessage = { searchId };
    await this.deps.events.publish(UNIT_STOP_TOPIC, message);
  }

  /**
   * Stops running units of the search on every worker, and removes its queued ones; returns the ids
   * of the jobs removed before they ran (no outcome will come from them).
   */
  private async stopUnits(searchId: string, unitJobIds: readonly string[], all: boolean): Promise<string[]> {
    const message: UnitStopMessage = all ? { searchId } : { searchId, units: unitJobIds };
    await this.deps.events.publish(UNIT_STOP_TOPIC, message);
    // A running job is locked (remove throws): the message stops it.
    const removed = await Promise.all(unitJobIds.map((id) => this.deps.units.remove(id).catch(() => 0)));
    return unitJobIds.filter((_, i) => removed[i] === 1);
  }

  /**
   * Waits up to STRAGGLERS_MS for the units in `open` (stopped: they end within milliseconds) to
   * report; each outcome read goes to `take`, which removes it from `open`. Returns how many came.
   */
  private async awaitStragglers(
    searchId: string,
    open: ReadonlySet<string>,
    take: (outcome: UnitOutcome) => void,
  ): Promise<number> {
    const deadline = Date.now() + STRAGGLERS_MS;
    let read = 0;
    const drain = async () => {
      const late = await this.deps.store.pending(searchId);
      for (const outcome of late.slice(read)) take(outcome);
      read = late.length;
    };
    // Read once before waiting, even with no unit open: a unit that stopped and completed before
    // stopUnits removed it was counted withdrawn (BullMQ's remove of a job already gone says 1), but
    // it pushed its outcome before it completed, so that outcome is already here.
    await drain();
    while (open.size > 0 && Date.now() < deadline) {
      await this.wakeups.wait(searchId, Math.max(1, Math.min(POLL_MS, deadline - Date.now())));
      await drain();
    }
    return read;
  }

  /** The error ending a search whose thread failed (and would fail again on a retry). */
  private failed(searchId: string, failure: SearchFailure): SearchFailedError {
    this.deps.log.warn({ jobId: searchId, failure }, "search cannot go on: its units stopped");
    if (failure.code !== "HEURISTIC_UNAVAILABLE" || failure.pdb === undefined)
      return new SearchFailedError(failure);
    return new SearchFailedError({
      ...failure,
      message:
        `heuristic PDB_${failure.pdb} is not loaded by any live worker (workers never build tables inside ` +
        `a search): build it with \`npx puzzle pdb build ${failure.pdb}\`, list it in WORKER_PDBS and ` +
        "restart the workers, or ask for another heuristic",
    });
  }

  /** The search of job `searchId`, held with the job's lock `token`. */
  async search(
    searchId: string,
    token: string,
    data: SolveJobData,
    hooks: CoordinatorHooks,
  ): Promise<SolveResult> {
    return this.wakeups.coordinate(searchId, () =>
      runsSplit(data) ? this.split(searchId, token, data, hooks) : this.whole(searchId, token, data, hooks),
    );
  }

  /**
   * Queues unit jobs at their owner's fair-share priority, never ahead of `floor` (the priority of
   * the search's previous batch): returns the priority used. The fair-share lead moves with the
   * clock between two batches, and a later batch at a smaller number would start before units
   * handed out earlier: a search's units must start in the order `next` gave them (in the last
   * iteration, the unit holding the answer before those after it).
   */
  private async enqueue(
    owner: string,
    jobs: readonly { id: string; name: string; data: Omit<UnitJobData, "tag"> }[],
    floor = 0,
  ): Promise<number> {
    if (jobs.length === 0) return floor;
    const tags = await this.deps.store.priorities(owner, jobs.length);
    const priority = Math.max(floor, ...tags.map((t) => t.priority));
    await this.deps.units.addBulk(
      jobs.map((job, i) => ({
        name: job.name,
        data: { ...job.data, tag: tags[i].tag },
        opts: { ...UNIT_JOB_OPTIONS, jobId: job.id, priority },
      })),
    );
    return priority;
  }

  private async whole(
    searchId: string,
    token: string,
    data: SolveJobData,
    hooks: CoordinatorHooks,
  ): Promise<SolveResult> {
    const { store, units } = this.deps;
    const id = wholeJobId(searchId);
    const record: SplitRecord = (await store.load(searchId)) ?? {
      startedAt: Date.now(),
      nodes: 0,
      folded: 0,
      reruns: 0,
      threads: [],
    };
    await store.claim(searchId, token);
    if (!(await store.save(searchId, token, record, 0))) throw new SupersededError(searchId);
    const job = {
      id,
      name: WHOLE_JOB,
      data: {
        searchId,
        spec: data.spec,
        algorithm: data.algorithm,
        heuristic: data.heuristic,
        timeLimitMs: data.timeLimitMs,
        owner: data.owner ?? "platform",
      },
    };
    await this.enqueue(data.owner ?? "platform", [job]);
    let checked = Date.now();
    let stoppedAt: number | undefined;
    for (;;) {
      const outcome = (await store.pending(searchId)).find((o) => o.unitJobId === id);
      if (outcome !== undefined) {
        await store.clear(searchId);
        if (outcome.failure !== undefined) throw this.failed(searchId, outcome.failure);
        return outcome.result as SolveResult;
      }
      const reason = hooks.signal?.reason;
      // Handed back (shutdown) or superseded: the unit and the state are left to the next run.
      if (hooks.signal?.aborted && handsBack(reason)) return cancelledResult(record, 0);
      if (hooks.signal?.aborted && stoppedAt === undefined) {
        stoppedAt = Date.now();
        await this.stopUnits(searchId, [id], true);
      }
      // A cancelled search whose thread does not answer within a second ends without it.
      if (stoppedAt !== undefined && Date.now() - stoppedAt > 1000) {
        await store.clear(searchId);
        return cancelledResult(record, 0);
      }
      if (stoppedAt === undefined && Date.now() - record.startedAt > data.timeLimitMs + WHOLE_GRACE_MS) {
        await this.stopUnits(searchId, [id], true);
        await store.clear(searchId);
        this.deps.log.warn({ jobId: searchId, unit: id }, "whole search never answered: timed out");
        return stoppedResult("timed_out", 0, {
          algorithm: "idastar",
          nodes: 0,
          elapsedMs: Date.now() - record.startedAt,
        });
      }
      if (Date.now() - checked > (this.deps.lostCheckMs ?? 5000)) {
        checked = Date.now();
        if ((await units.getJobState(id)) === "unknown" && stoppedAt === undefined) {
          this.deps.log.warn({ jobId: searchId, unit: id }, "whole-search unit lost: queued again");
          await this.enqueue(data.owner ?? "platform", [job]);
        }
      }
      await this.wakeups.wait(searchId, POLL_MS, stoppedAt === undefined ? hooks.signal : undefined);
    }
  }

  private async split(
    searchId: string,
    token: string,
    data: SolveJobData,
    hooks: CoordinatorHooks,
  ): Promise<SolveResult> {
    const { store, units, log } = this.deps;
    const spec = data.spec as SlidingSpec;
    const owner = data.owner ?? "platform";
    const perThread = this.deps.unitsPerThread ?? 2;
    const lostCheckMs = this.deps.lostCheckMs ?? 5000;
    let threads = await this.deps.liveThreads();
    const resumed = await store.load(searchId);
    const record: SplitRecord = resumed ?? {
      split: planUnits(spec, { threads, heuristic: data.heuristic }),
      startedAt: Date.now(),
      nodes: 0,
      folded: 0,
      reruns: 0,
      threads: [],
    };
    const state = record.split as SplitState;
    await store.claim(searchId, token);
    log.info(
      {
        jobId: searchId,
        units: state.units.length,
        rootBound: state.rootBound,
        threads,
        folded: record.folded,
        resumed: resumed !== null,
      },
      resumed ? "split search resumed" : "split search planned",
    );
    const taskOf = (unit: { id: number; round: number; moves: string; bound: number }): UnitTask => ({
      id: unit.id,
      round: unit.round,
      moves: unit.moves,
      bound: unit.bound,
      ...(state.heuristic === undefined ? {} : { heuristic: state.heuristic }),
    });
    const jobOf = (task: UnitTask) => ({
      id: unitJobId(searchId, task.id, task.round),
      name: UNIT_JOB,
      data: { searchId, spec, task, owner },
    });
    // When each unit in flight was handed out (by this coordinator; resumed ones: now).
    const sent = new Map<string, number>();
    // Every unit job this coordinator handed out ends as one outcome read back, or one job removed
    // before it ran, or (at the end) one abandoned: stopped, its outcome no longer read.
    const tally = { handedOut: 0, reissued: 0, outcomes: 0, withdrawn: 0, unexpected: 0, secondRuns: 0 };
    const open = new Set<string>();
    const withdrawn = new Set<string>();
    const hand = (id: string) => {
      sent.set(id, Date.now());
      // A unit released as lost goes out again under the same job id: still one job to account for.
      if (open.has(id)) tally.reissued++;
      else {
        open.add(id);
        tally.handedOut++;
      }
    };
    const withdraw = (ids: readonly string[]) => {
      for (const id of ids)
        if (open.delete(id)) {
          tally.withdrawn++;
          withdrawn.add(id);
        }
    };
    const inFlight = () => state.units.filter((u) => u.busy).map(taskOf);
    // One outcome read back: folded (when current), its work counted, its job accounted for.
    const take = (outcome: UnitOutcome): void => {
      const task = taskFromJobId(state, outcome.unitJobId);
      const sentAt = sent.get(outcome.unitJobId);
      sent.delete(outcome.unitJobId);
      if (log.isLevelEnabled("debug")) {
        // One line per unit result (LOG_LEVEL=debug): the trace behind docs/distributed.md's figures.
        const result = outcome.result as (UnitResult & { sliced?: boolean }) | null;
        log.debug(
          {
            jobId: searchId,
            unit: outcome.unitJobId,
            moves: task?.moves,
            bound: task?.bound,
            nodes: result?.nodes,
            nextBound: result?.nextBound,
            solved: result?.solution != null,
            stopped: result?.stopped === true,
            stale: task === undefined,
            thread: outcome.thread,
            sentMs: sentAt === undefined ? undefined : sentAt - record.startedAt,
            foldedMs: Date.now() - record.startedAt,
          },
          "unit result",
        );
      }
      // A job run again after its worker died (BullMQ's stalled-job recovery), whether or not the
      // first run's outcome had arrived before the death (then this one is a duplicate: stale).
      if (outcome.runs > 1) tally.secondRuns++;
      if (open.delete(outcome.unitJobId)) tally.outcomes++;
      else if (withdrawn.delete(outcome.unitJobId)) {
        // Not removed before it ran after all: it had just finished (BullMQ's remove of a job
        // already gone says 1 too).
        tally.withdrawn--;
        tally.outcomes++;
      } else tally.unexpected++; // a predecessor's job, or a job whose outcome came twice
      if (task === undefined) return;
      const result = outcome.result as UnitResult & { sliced?: boolean };
      // Stopped at the end of its time slice (another user waited): its children are shorter.
      if (result.sliced) splitUnit(state, task);
      const applied = fold(state, task, {
        ...result,
        nextBound: result.nextBound ?? Number.POSITIVE_INFINITY,
      });
      if (!applied && !result.stopped) return;
      record.nodes += result.nodes;
      record.folded++;
      if (outcome.runs > 1) record.reruns++;
      // A unit stopped before it started names no thread (it searched nothing).
      if (outcome.thread !== "" && !record.threads.includes(outcome.thread))
        record.threads.push(outcome.thread);
    };
    // Resumed: busy units are queued again (a no-op for a job still queued or running).
    const requeue = inFlight().map(jobOf);
    for (const job of requeue) hand(job.id);
    // The priority of the last batch: later ones go behind it (see enqueue).
    let floor = await this.enqueue(owner, requeue);
    let checked = Date.now();
    let lastReport = 0;
    let stop: "cancelled" | "timed_out" | "shutdown" | undefined;
    for (;;) {
      // Fold what came back.
      const outcomes = await store.pending(searchId);
      const failure = outcomes.find((outcome) => outcome.failure !== undefined)?.failure;
      if (failure !== undefined) {
        // Every unit fails the same way: stop them all, the search has failed.
        await this.stopUnits(searchId, [...new Set([...open, ...inFlight().map((t) => jobOf(t).id)])], true);
        await store.clear(searchId);
        throw this.failed(searchId, failure);
      }
      for (const outcome of outcomes) take(outcome);
      // Units that can no longer improve the answer stop (and are no longer waited for).
      const useless = inFlight().filter((task) => isObsolete(state, task));
      for (const task of useless) release(state, task);
      const elapsedMs = Date.now() - record.startedAt;
      if (stop === undefined) {
        if (hooks.signal?.aborted) stop = handsBack(hooks.signal.reason) ? "shutdown" : "cancelled";
        else if (elapsedMs >= data.timeLimitMs) stop = "timed_out";
      }
      const done = isDone(state);
      // Fill the fleet: about `perThread` units per live thread in flight.
      const fresh: UnitTask[] = [];
      if (stop === undefined && !done) {
        const target = Math.max(2, perThread * threads);
        for (let busy = inFlight().length; busy < target; busy++) {
          const task = next(state);
          if (task === null) break;
          fresh.push(task);
        }
      }
      // The state (busy marks included) is saved before the jobs exist: a successor re-queues them.
      if (!(await store.save(searchId, token, record, outcomes.length))) throw new SupersededError(searchId);
      if (useless.length > 0)
        withdraw(
          await this.stopUnits(
            searchId,
            useless.map((t) => jobOf(t).id),
            false,
          ),
        );
      const jobs = fresh.map(jobOf);
      for (const job of jobs) hand(job.id);
      floor = await this.enqueue(owner, jobs, floor);
      if (Date.now() - lastReport >= 100 || done) {
        lastReport = Date.now();
        hooks.onProgress?.(progressOf(state, record, elapsedMs));
      }
      if (done && stop === undefined) {
        // Units released as useless may still run: stopped one by one (so they still report), their
        // work is waited for a moment and counted in the answer's nodes; then the stragglers (one
        // stalled on a dead worker) are stopped with the whole search and left.
        if (open.size > 0) {
          withdraw(await this.stopUnits(searchId, [...open], false));
          await this.awaitStragglers(searchId, open, take);
        }
        withdraw(await this.stopUnits(searchId, [...open], true));
        await store.clear(searchId);
        log.info(
          {
            jobId: searchId,
            length: state.best?.length,
            nodes: record.nodes,
            unitResults: record.folded,
            reruns: record.reruns,
            threads: record.threads,
            units: state.units.length,
            resplits: state.resplits,
            ...tally,
            abandoned: open.size,
            resumed: resumed !== null,
          },
          "split search done",
        );
        return splitResult(state, elapsedMs, record.nodes);
      }
      if (stop === "shutdown") return cancelledResult(record, lowerBound(state));
      if (stop !== undefined) {
        // Every unit stops at once; the work of those that were running (they report as they stop)
        // is waited for a moment and counted in the result's nodes, as when the answer is proven.
        const running = [...new Set([...open, ...inFlight().map((t) => jobOf(t).id)])];
        withdraw(await this.stopUnits(searchId, running, true));
        const late = await this.awaitStragglers(searchId, open, take);
        await store.clear(searchId);
        log.info(
          {
            jobId: searchId,
            stop,
            lowerBound: lowerBound(state),
            nodes: record.nodes,
            stoppedUnitsReported: late,
            abandoned: open.size,
          },
          "split search stopped",
        );
        return splitResult(state, Date.now() - record.startedAt, record.nodes, stop);
      }
      if (state.units.every((u) => !u.busy) && next(state) === null)
        throw new Error("split search: no unit left and no solution");
      // A unit job lost for good (failed, or gone with Redis' data) is handed out again.
      if (Date.now() - checked >= lostCheckMs) {
        checked = Date.now();
        threads = await this.deps.liveThreads();
        // The fleet grew (or was under-counted when the search was planned): enough units for it.
        const widened = stop === undefined ? widen(state, threads * UNITS_PER_THREAD_AT_LEAST) : 0;
        if (widened > 0)
          log.info({ jobId: searchId, units: state.units.length, threads }, "split search widened");
        for (const task of inFlight()) {
          const id = jobOf(task).id;
          if (Date.now() - (sent.get(id) ?? 0) < lostCheckMs) continue;
          if ((await units.getJobState(id)) !== "unknown") continue;
          // Its outcome may have arrived meanwhile: folded on the next pass, and then stale.
          log.warn({ jobId: searchId, unit: id }, "unit lost: queued again");
          release(state, task);
          sent.delete(id);
        }
      }
      const left = data.timeLimitMs - (Date.now() - record.startedAt);
      await this.wakeups.wait(searchId, Math.max(1, Math.min(POLL_MS, left)), hooks.signal);
    }
  }
}

/**
 * Replaces a unit by its children, which inherit its proven bound (as the core's own re-split,
 * docs/distributed.md "Why the answer is optimal" 1-2); the state is the core's plain JSON.
 */
function splitUnit(state: SplitState, task: UnitTask): void {
  const index = state.units.findIndex(
    (u) => u.id === task.id && u.round === task.round && u.bound === task.bound,
  );
  if (index < 0 || state.shape === undefined) return;
  const unit = state.units[index];
  const kids = childMoves(state.shape, unit.moves, state.heuristic).map((moves) => ({
    id: state.nextId++,
    moves,
    bound: unit.bound,
    lastNodes: 0,
    busy: false,
    round: 0,
  }));
  state.units.splice(index, 1, ...kids);
  state.resplits++;
}

/** The task a unit job searched, from its id (unit-<search>-<unit>-<round>) and the state. */
function taskFromJobId(state: SplitState, jobId: string): UnitTask | undefined {
  const match = /-(\d+)-(\d+)$/.exec(jobId);
  if (match === null) return undefined;
  const id = Number(match[1]);
  const round = Number(match[2]);
  const unit = state.units.find((u) => u.id === id);
  if (unit === undefined || unit.round !== round) return undefined;
  return { id, round, moves: unit.moves, bound: unit.bound, heuristic: state.heuristic };
}

function cancelledResult(record: SplitRecord, bound: number): SolveResult {
  return stoppedResult(CANCELLED as "cancelled", bound, {
    algorithm: "idastar",
    nodes: record.nodes,
    elapsedMs: Date.now() - record.startedAt,
  });
}

/** The split search's progress: the proven bound, work summed over every thread, units settled. */
function progressOf(state: SplitState, record: SplitRecord, elapsedMs: number): ReportedProgress {
  const low = lowerBound(state);
  return {
    bound: low,
    lowerBound: low,
    nodes: record.nodes,
    elapsedMs,
    unitsDone: state.units.filter((u) => !u.busy && u.bound > low).length,
    unitsTotal: state.units.length,
    threads: record.threads.length,
    phase: "split",
  };
}
