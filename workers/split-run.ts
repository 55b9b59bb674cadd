// One split search being coordinated (docs/distributed.md, "On the platform"): its state (planned,
// or resumed from Redis), its unit jobs in flight, and the passes that fold their outcomes, stop
// units that can no longer improve the answer, hand out new ones and end the search once the core
// says the answer is proven, or it is cancelled, out of time or handed back.
import {
  type SplitState,
  type UnitTask,
  isDone,
  isObsolete,
  lowerBound,
  next,
  pdbAvailable,
  planUnits,
  release,
  splitResult,
  widen,
} from "../src/core/index.ts";
import type { SlidingSpec, SolveResult } from "../src/core/types.ts";
import {
  LEGACY_EPOCH,
  type SearchFailure,
  type SolveJobData,
  UNIT_JOB,
  type UnitOutcome,
  parseUnitJobId,
  unitJobId,
} from "../src/solves/index.ts";
import { type CoordinatorDeps, type CoordinatorHooks, DEFAULT_LOST_CHECK_MS } from "./coordinator-deps.ts";
import {
  cancelledResult,
  failedSearch,
  handsBack,
  newRecord,
  progressOf,
  searchedNodes,
} from "./search-outcomes.ts";
import type { SplitRecord } from "./split-store.ts";
import { currentTask, foldOutcome, unitResultTrace, unitTask } from "./split-units.ts";
import { SupersededError } from "./superseded-error.ts";
import { UnitLedger } from "./unit-ledger.ts";
import { POLL_MS, type UnitJob, type UnitJobs } from "./unit-jobs.ts";

/**
 * Units per live thread a running search keeps (as planUnits plans: enough that no thread waits for
 * a unit another one is searching); a fleet that grows gets its search split further.
 */
const UNITS_PER_THREAD_AT_LEAST = 8;

/** The search job a run coordinates, and what its coordinator gives it. */
export interface SplitRunJob {
  readonly deps: CoordinatorDeps;
  readonly unitJobs: UnitJobs;
  readonly searchId: string;
  /** The search job's lock token: the state is saved only while it owns the search. */
  readonly token: string;
  readonly data: SolveJobData;
  readonly hooks: CoordinatorHooks;
  /**
   * The coordinator goes on within its run (a split after its first try): it claims the search only
   * if no other coordinator took it over meanwhile (SplitStore.claim), else stops (SupersededError).
   */
  readonly continuing?: boolean;
  /** Nodes of the first try this split follows: kept in a new plan's record (SplitRecord.firstTryNodes). */
  readonly firstTryNodes?: number;
}

type Stop = "cancelled" | "timed_out" | "shutdown";

export class SplitRun {
  private readonly spec: SlidingSpec;
  private readonly owner: string;
  private readonly perThread: number;
  private readonly lostCheckMs: number;
  private readonly state: SplitState;
  /** The plan's epoch (in its unit job ids): outcomes of another plan of the search are discarded. */
  private readonly epoch: string;
  private readonly ledger = new UnitLedger();
  /** The priority of the last batch: later ones go behind it (see UnitJobs.enqueue). */
  private floor = 0;
  /** When the units in flight were last looked up. */
  private checked = 0;
  private lastReport = 0;
  private stop: Stop | undefined;

  private constructor(
    private readonly job: SplitRunJob,
    private threads: number,
    private readonly record: SplitRecord,
    private readonly resumed: boolean,
  ) {
    this.spec = job.data.spec as SlidingSpec;
    this.owner = job.data.owner ?? "platform";
    this.perThread = job.deps.unitsPerThread ?? 2;
    this.lostCheckMs = job.deps.lostCheckMs ?? DEFAULT_LOST_CHECK_MS;
    this.state = record.split as SplitState;
    this.epoch = record.epoch ?? LEGACY_EPOCH;
  }

  /** The search planned for the live fleet, or resumed from the state a predecessor left in Redis. */
  static async load(job: SplitRunJob): Promise<SplitRun> {
    const { deps, searchId, data } = job;
    const threads = await deps.liveThreads();
    // A whole record (the first try's, kept for this split: SplitRecord.firstTryBound) is no plan.
    const stored = await deps.store.load(searchId);
    const resumed = stored?.split === undefined ? null : stored;
    // Planned afresh after Redis lost the state (a job the reconciler re-added, or one BullMQ runs
    // again after a failed attempt or a stall): from the bound the search had proved, stored on its
    // Solve rows (the job's data, or read when the job started: search-processor.ts), not from h(root).
    const plan = () =>
      planUnits(data.spec as SlidingSpec, {
        threads,
        heuristic: data.heuristic,
        provenBound: data.provenLowerBound,
      });
    const firstTry = job.firstTryNodes === undefined ? {} : { firstTryNodes: job.firstTryNodes };
    const record = resumed ?? { ...newRecord(plan(), data.startedAt), ...firstTry };
    // A pattern database no live worker holds fails the search here, as its units would: even a board
    // whose plan already met the goal (before, such a board came back SOLVED "with" tables no worker
    // held, in zero units). Held by another worker only: its units go there (table-holders.ts).
    const heuristic = (record.split as SplitState).heuristic;
    if (resumed === null && heuristic?.startsWith("pdb:") && !pdbAvailable(heuristic)) {
      const pdb = heuristic.slice("pdb:".length);
      const holders = (await deps.pdbHolders?.()) ?? {};
      if ((holders[pdb] ?? []).length === 0) {
        throw failedSearch(deps.log, searchId, {
          code: "HEURISTIC_UNAVAILABLE",
          pdb,
          message: `${heuristic}: its tables are not loaded by any live worker`,
        });
      }
    }
    return new SplitRun(job, threads, record, resumed !== null);
  }

  /** Coordinates the search to its end: its result. */
  async search(): Promise<SolveResult> {
    await this.claim();
    for (;;) {
      const result = await this.pass();
      if (result !== undefined) return result;
      const left = this.job.data.timeLimitMs - (Date.now() - this.record.startedAt);
      await this.job.unitJobs.waitForOutcome(
        this.job.searchId,
        Math.max(1, Math.min(POLL_MS, left)),
        this.job.hooks.signal,
      );
    }
  }

  /** Takes the search over (the owner key) and queues its busy units again. */
  private async claim(): Promise<void> {
    const { deps, searchId, token } = this.job;
    const { continuing } = this.job;
    if (!(await deps.store.claim(searchId, token, { epoch: this.epoch, continuing })))
      throw new SupersededError(searchId);
    deps.log.info(
      {
        jobId: searchId,
        epoch: this.epoch,
        units: this.state.units.length,
        rootBound: this.state.rootBound,
        threads: this.threads,
        folded: this.record.folded,
        resumed: this.resumed,
      },
      this.resumed ? "split search resumed" : "split search planned",
    );
    const gone = this.resumed ? await this.foldInherited() : new Set<string>();
    // Resumed: the units still busy are this coordinator's to account for; those whose job is gone
    // (lost with its worker's Redis data, say) are queued again, the others are queued or running.
    const busy = this.inFlight().map((task) => this.jobOf(task));
    for (const job of busy) this.ledger.handOut(job.id);
    const requeue = busy.filter((job) => gone.has(job.id));
    this.floor = await this.job.unitJobs.enqueue(this.owner, requeue);
    this.checked = Date.now();
  }

  /**
   * Taking a search over: which busy units' jobs are gone, then the outcomes its units pushed since
   * the predecessor's last pass, folded. A unit pushes its outcome before its job is removed, so a
   * unit whose job was found gone because it finished has its outcome read here and is no longer
   * busy: only units truly lost are queued again (before, every busy unit was, and a job removed on
   * completion was added anew: the unit searched twice). A failure among the outcomes is left to
   * the first pass, which fails the search. Returns the jobs found gone.
   */
  private async foldInherited(): Promise<Set<string>> {
    const { deps, searchId, token } = this.job;
    const gone = await this.goneJobs(0);
    const outcomes = await deps.store.pending(searchId);
    if (outcomes.length === 0 || outcomes.some((outcome) => outcome.failure !== undefined)) return gone;
    for (const outcome of outcomes) this.take(outcome, true);
    if (!(await deps.store.save(searchId, token, this.record, outcomes.length)))
      throw new SupersededError(searchId);
    return gone;
  }

  /** One pass over the outcomes that came back: the search's result once it has one. */
  private async pass(): Promise<SolveResult | undefined> {
    const { deps, unitJobs, searchId, token } = this.job;
    const { state, record } = this;
    // Jobs gone from the queue are looked up before the outcomes are read: a unit pushes its outcome
    // before its job is removed, so the outcome of a job found gone is read below, and such a unit
    // is folded, not called lost and released (releaseLost releases only those still busy).
    const checking = Date.now() - this.checked >= this.lostCheckMs;
    const gone = checking ? await this.goneJobs(this.lostCheckMs) : new Set<string>();
    // Fold what came back.
    const outcomes = await deps.store.pending(searchId);
    const failure = outcomes.find((outcome) => outcome.failure !== undefined)?.failure;
    if (failure !== undefined) return this.fail(failure);
    for (const outcome of outcomes) this.take(outcome);
    // Units that can no longer improve the answer stop (and are no longer waited for).
    const useless = this.inFlight().filter((task) => isObsolete(state, task));
    for (const task of useless) release(state, task);
    const elapsedMs = Date.now() - record.startedAt;
    this.noteStop(elapsedMs);
    const done = isDone(state);
    if (this.stop === undefined && !done) await this.readFleet();
    const fresh = this.stop === undefined && !done ? this.nextTasks() : [];
    // The state (busy marks included) is saved before the jobs exist: a successor re-queues them.
    if (!(await deps.store.save(searchId, token, record, outcomes.length)))
      throw new SupersededError(searchId);
    if (useless.length > 0)
      this.ledger.withdraw(await unitJobs.stopUnits(searchId, this.jobIds(useless), false));
    const handed = fresh.map((task) => this.jobOf(task));
    for (const job of handed) this.ledger.handOut(job.id);
    this.floor = await unitJobs.enqueue(this.owner, handed, this.floor);
    if (Date.now() - this.lastReport >= 100 || done) {
      this.lastReport = Date.now();
      this.job.hooks.onProgress?.(progressOf(state, record, elapsedMs));
    }
    if (done && this.stop === undefined) return this.finishProven(elapsedMs);
    if (this.stop === "shutdown") return cancelledResult(record, lowerBound(state));
    if (this.stop !== undefined) return this.finishStopped(this.stop);
    if (state.units.every((u) => !u.busy) && next(state) === null)
      throw new Error("split search: no unit left and no solution");
    // A unit job lost for good (failed, or gone with Redis' data) is handed out again.
    if (checking) await this.releaseLost(gone);
    return undefined;
  }

  /** Every unit fails the same way: stop them all, the search has failed. */
  private async fail(failure: SearchFailure): Promise<never> {
    const { deps, unitJobs, searchId } = this.job;
    await unitJobs.stopUnits(searchId, this.unitJobIds(), true);
    await deps.store.clear(searchId);
    throw failedSearch(deps.log, searchId, failure);
  }

  /** A stop asked for (cancel, shutdown or takeover) or the time limit reached is kept from the first pass that sees it. */
  private noteStop(elapsedMs: number): void {
    if (this.stop !== undefined) return;
    const { signal } = this.job.hooks;
    if (signal?.aborted) this.stop = handsBack(signal.reason) ? "shutdown" : "cancelled";
    else if (elapsedMs >= this.job.data.timeLimitMs) this.stop = "timed_out";
  }

  /** Fill the fleet: about `perThread` units per live thread in flight. */
  private nextTasks(): UnitTask[] {
    const fresh: UnitTask[] = [];
    const target = Math.max(2, this.perThread * this.threads);
    for (let busy = this.inFlight().length; busy < target; busy++) {
      const task = next(this.state);
      if (task === null) break;
      fresh.push(task);
    }
    return fresh;
  }

  /**
   * One outcome read back: folded (when current), its work counted, its job accounted for (or,
   * `inherited`, left to the predecessor that handed it out).
   */
  private take(outcome: UnitOutcome, inherited = false): void {
    const { state, record } = this;
    const { log } = this.job.deps;
    const unit = parseUnitJobId(this.job.searchId, outcome.unitJobId);
    if (unit?.epoch !== this.epoch) {
      // Another plan's unit (one left from before the search was planned afresh): its unit ids and
      // rounds name other subtrees and bounds here. Not folded, its work not counted.
      this.ledger.discard();
      log.warn(
        { jobId: this.job.searchId, unit: outcome.unitJobId, epoch: this.epoch },
        "outcome of another plan discarded",
      );
      return;
    }
    const task = currentTask(state, unit.unit, unit.round);
    const sentAt = this.ledger.sentAt(outcome.unitJobId);
    this.ledger.forget(outcome.unitJobId);
    // One line per unit result (LOG_LEVEL=debug): the trace behind docs/distributed.md's figures.
    if (log.isLevelEnabled("debug"))
      log.debug(unitResultTrace(this.job.searchId, outcome, task, sentAt, record.startedAt), "unit result");
    if (inherited) this.ledger.inherit(outcome);
    else this.ledger.account(outcome);
    if (task !== undefined) foldOutcome(state, record, task, outcome);
  }

  /**
   * The answer is proven. Units released as useless may still run: stopped one by one (so they
   * still report), their work is waited for a moment and counted in the answer's nodes; then the
   * stragglers (one stalled on a dead worker) are stopped with the whole search and left.
   */
  private async finishProven(elapsedMs: number): Promise<SolveResult> {
    const { deps, unitJobs, searchId } = this.job;
    const { state, record, ledger } = this;
    if (ledger.open.size > 0) {
      ledger.withdraw(await unitJobs.stopUnits(searchId, [...ledger.open], false));
      await unitJobs.awaitStragglers(searchId, ledger.open, (outcome) => this.take(outcome));
    }
    ledger.withdraw(await unitJobs.stopUnits(searchId, [...ledger.open], true));
    await deps.store.clear(searchId);
    deps.log.info(
      {
        jobId: searchId,
        length: state.best?.length,
        nodes: record.nodes,
        firstTryNodes: record.firstTryNodes,
        unitResults: record.folded,
        reruns: record.reruns,
        threads: record.threads,
        units: state.units.length,
        resplits: state.resplits,
        ...ledger.tally,
        abandoned: ledger.open.size,
        resumed: this.resumed,
      },
      "split search done",
    );
    return splitResult(state, elapsedMs, searchedNodes(record));
  }

  /**
   * Cancelled or out of time: every unit stops at once; the work of those that were running (they
   * report as they stop) is waited for a moment and counted in the result's nodes, as when the
   * answer is proven.
   */
  private async finishStopped(stop: "cancelled" | "timed_out"): Promise<SolveResult> {
    const { deps, unitJobs, searchId } = this.job;
    const { state, record, ledger } = this;
    ledger.withdraw(await unitJobs.stopUnits(searchId, this.unitJobIds(), true));
    const late = await unitJobs.awaitStragglers(searchId, ledger.open, (outcome) => this.take(outcome));
    await deps.store.clear(searchId);
    deps.log.info(
      {
        jobId: searchId,
        stop,
        lowerBound: lowerBound(state),
        nodes: record.nodes,
        firstTryNodes: record.firstTryNodes,
        stoppedUnitsReported: late,
        ...ledger.tally,
        abandoned: ledger.open.size,
        resumed: this.resumed,
      },
      "split search stopped",
    );
    return splitResult(state, Date.now() - record.startedAt, searchedNodes(record), stop);
  }

  /** The jobs of units in flight for `olderThanMs` or more that are gone from the queue. */
  private async goneJobs(olderThanMs: number): Promise<Set<string>> {
    const gone = new Set<string>();
    for (const task of this.inFlight()) {
      const id = this.jobOf(task).id;
      if (Date.now() - (this.ledger.sentAt(id) ?? 0) < olderThanMs) continue;
      if (await this.job.unitJobs.isLost(id)) gone.add(id);
    }
    return gone;
  }

  /**
   * Re-reads the live fleet on every pass (the worker caches it for a second: one Redis read a
   * second at most) and widens the search for it, so a worker that joins gets units from the next
   * pass on. Before, the fleet was re-read with the lost-unit lookup (SPLIT_LOST_CHECK_MS, 5 s),
   * and a newcomer that missed the one unit queued waited for it.
   */
  private async readFleet(): Promise<void> {
    const { deps, searchId } = this.job;
    const { state } = this;
    this.threads = await deps.liveThreads();
    // The fleet grew (or was under-counted when the search was planned): enough units for it.
    const widened = widen(state, this.threads * UNITS_PER_THREAD_AT_LEAST);
    if (widened > 0)
      deps.log.info(
        { jobId: searchId, units: state.units.length, threads: this.threads },
        "split search widened",
      );
  }

  /**
   * Releases the units still busy whose job was found `gone` before this pass read the outcomes:
   * lost for good, they are queued again.
   */
  private async releaseLost(gone: ReadonlySet<string>): Promise<void> {
    const { deps, searchId } = this.job;
    const { state } = this;
    this.checked = Date.now();
    for (const task of this.inFlight()) {
      const id = this.jobOf(task).id;
      if (!gone.has(id)) continue;
      deps.log.warn({ jobId: searchId, unit: id }, "unit lost: queued again");
      release(state, task);
      this.ledger.forget(id);
    }
  }

  /** The units marked busy in the state (handed out, not yet folded). */
  private inFlight(): UnitTask[] {
    return this.state.units.filter((u) => u.busy).map((unit) => unitTask(this.state, unit));
  }

  /** Every unit job that may be queued or running: those handed out and those the state marks busy. */
  private unitJobIds(): string[] {
    return [...new Set([...this.ledger.open, ...this.jobIds(this.inFlight())])];
  }

  private jobIds(tasks: readonly UnitTask[]): string[] {
    return tasks.map((task) => this.jobOf(task).id);
  }

  private jobOf(task: UnitTask): UnitJob {
    const { searchId } = this.job;
    return {
      id: unitJobId(searchId, this.epoch, task.id, task.round),
      name: UNIT_JOB,
      data: { searchId, epoch: this.epoch, spec: this.spec, task, owner: this.owner },
    };
  }
}
