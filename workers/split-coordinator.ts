// The coordinator of a search (docs/distributed.md, "On the platform"). It runs inside the search
// job on a worker's main thread and only does I/O: it plans the units, keeps about two per live
// thread of the fleet queued or running as unit jobs, folds their outcomes into the state kept in
// Redis, and returns the search's result once the core says the answer is proven (or the search
// was stopped). A search that is not split is one unit holding the whole search; an AUTO search that
// splits first runs whole under a short budget (its first try) and splits only if that has not
// ended it. A coordinator that dies is replaced by another worker's (BullMQ stalled-job recovery),
// which resumes from the state in Redis; units in flight go on meanwhile.
import { stoppedResult } from "../src/core/results.ts";
import { isSlidingSolvable } from "../src/core/sliding/solvability.ts";
import type { SolveResult } from "../src/core/types.ts";
import {
  type SolveJobData,
  UNIT_DONE_TOPIC,
  UNIT_STOP_TOPIC,
  type UnitDoneMessage,
  type UnitStopMessage,
  WHOLE_JOB,
  wholeJobId,
} from "../src/solves/index.ts";
import { CANCELLED } from "./abort-reasons.ts";
import { type CoordinatorDeps, type CoordinatorHooks, DEFAULT_LOST_CHECK_MS } from "./coordinator-deps.ts";
import {
  cancelledResult,
  failedSearch,
  handsBack,
  newRecord,
  wholeStoppedResult,
} from "./search-outcomes.ts";
import { SearchWakeups } from "./search-wakeups.ts";
import { SplitRun } from "./split-run.ts";
import type { SplitRecord, WholeSlices } from "./split-store.ts";
import { SupersededError } from "./superseded-error.ts";
import { POLL_MS, type UnitJob, UnitJobs } from "./unit-jobs.ts";

export type { CoordinatorDeps, CoordinatorHooks } from "./coordinator-deps.ts";

/**
 * A whole search's thread keeps its own time limit; one that took the unit and never answered (its
 * worker frozen or gone) ends TIMED_OUT this long after it. A unit still queued at the limit does
 * not wait for this: it is removed and the search ends then.
 */
const WHOLE_GRACE_MS = 5000;

/**
 * An AUTO search that splits first runs whole this long at most (its first try: one unit in the fair
 * unit queue, counted from the search's start, queue wait included); only if that has not ended it
 * is it split, planned from the bound the first try proved. Most 4x4 and small 4x5 / 3x5 searches end
 * within it at a whole search's latency; split at once they cost 50-500 ms more, their units' first
 * jobs deepening past the answer (docs/distributed.md, "Which searches split"). The default of
 * SPLIT_FIRST_TRY_MS (CoordinatorDeps.firstTryMs).
 */
const FIRST_TRY_MS = 250;

/**
 * A first try whose thread took its unit and has not answered this long after its budget (its
 * worker frozen, its thread hung) is stopped and the search splits without it, from the bound known
 * (h(root), or what the search had proved): a hung first try holds the search this long, not its
 * whole time limit. Its late outcome, if it comes, is another plan's (it has no epoch): discarded.
 */
const FIRST_TRY_GRACE_MS = 1000;

/**
 * Whether the search runs as units of a split search. AUTO splits IDA* on every sliding board of
 * 15 cells or more (3x5 and 5x3, 4x4, 4x5 and 5x4, 5x5): their searches can hold a
 * thread for seconds to hours, which whole would keep every other user's search waiting. Smaller
 * boards (2x5, 3x4 and their turns: at most 12 cells) run whole: their searches take under a second
 * with linear conflict, and split they cost 30-200 ms more (docs/distributed.md, "Which searches split").
 */
export function runsSplit(data: SolveJobData): boolean {
  const { spec } = data;
  if (data.split === false || spec.kind !== "sliding" || spec.rows * spec.cols <= 9) return false;
  if (data.algorithm !== "auto" && data.algorithm !== "idastar") return false;
  const h = data.heuristic;
  if (h !== "auto" && h !== "manhattan" && h !== "linear-conflict" && !h.startsWith("pdb:")) return false;
  if (!isSlidingSolvable(spec)) return false;
  return data.split === true || spec.rows * spec.cols >= 15;
}

/** Whether a split search first tries whole (AUTO: `split` not asked for; `split: true` splits at once). */
export function triesFirst(data: SolveJobData): boolean {
  return data.split !== true && runsSplit(data);
}

/** What a whole run (a whole search, or a first try) gives back: its result and the search's clock. */
interface WholeRun {
  readonly result: SolveResult;
  /** When the search started (the record's `startedAt`): a split search after a first try keeps it. */
  readonly startedAt: number;
  /** The result is a first try's TIMED_OUT, kept in the record in Redis for the split that follows. */
  readonly kept: boolean;
}

/**
 * The one unit job of a search run whole: the whole search on one thread, with what is left of its
 * time limit counted from `startedAt` now (the thread takes off the time the job then waits), or at
 * most `budgetMs` of it (a first try).
 */
function wholeJob(
  searchId: string,
  data: SolveJobData,
  startedAt: number,
  budgetMs?: number,
  slicing?: Slicing,
): UnitJob {
  const left = Math.max(1, data.timeLimitMs - (Date.now() - startedAt));
  const done = slicing?.done;
  return {
    id: wholeJobId(searchId, done?.slices ?? 0),
    name: WHOLE_JOB,
    data: {
      searchId,
      spec: data.spec,
      algorithm: data.algorithm,
      heuristic: data.heuristic,
      timeLimitMs:
        budgetMs === undefined ? left : Math.max(1, Math.min(left, budgetMs - (Date.now() - startedAt))),
      owner: data.owner ?? "platform",
      ...(budgetMs === undefined ? {} : { firstTry: true }),
      ...(slicing === undefined ? {} : { sliceMs: slicing.sliceMs * 2 ** (done?.slices ?? 0) }),
      ...(done === undefined ? {} : { fromBound: done.bound, before: { nodes: done.nodes, ms: done.ms } }),
    },
  };
}

/** A whole search's time slices: the first's length (SPLIT_UNIT_SLICE_MS) and those ended so far. */
interface Slicing {
  readonly sliceMs: number;
  readonly done?: WholeSlices;
}

/**
 * Whether a search run whole is time-sliced: IDA* on a sliding board (it goes on from the bound it
 * proved). A* keeps no bound to go on from (its memory cap bounds it: ~10 s on a hard 4x4); the
 * Rotation Game's searches are short.
 */
function slicesWhole(data: SolveJobData): boolean {
  return data.spec.kind === "sliding" && data.algorithm !== "astar" && data.algorithm !== "bfs";
}

/** A whole search's answer with its earlier slices' work and proof in it (`ms`: their thread time too). */
function withSlices(result: SolveResult, done: WholeSlices | undefined, ms = true): SolveResult {
  if (done === undefined) return result;
  const figures = { nodes: result.nodes + done.nodes, elapsedMs: result.elapsedMs + (ms ? done.ms : 0) };
  if (result.status === "solved" || result.status === "unsolvable") return { ...result, ...figures };
  return { ...result, ...figures, lowerBound: Math.max(result.lowerBound, done.bound) };
}

/** The first try's TIMED_OUT a record keeps (SplitRecord.firstTryBound): what the split goes on from. */
function keptFirstTry(record: SplitRecord): SolveResult {
  return stoppedResult("timed_out", record.firstTryBound ?? 0, {
    algorithm: "idastar",
    nodes: record.firstTryNodes ?? 0,
    elapsedMs: Date.now() - record.startedAt,
  });
}

export class SplitCoordinator {
  private readonly wakeups = new SearchWakeups();
  private readonly unitJobs: UnitJobs;
  private readonly stopDone: () => Promise<void>;

  constructor(private readonly deps: CoordinatorDeps) {
    this.unitJobs = new UnitJobs(deps, this.wakeups);
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
   * state goes (so its queued units are dropped: workers/unit-processor.ts) and its running units
   * stop on every worker.
   */
  async discard(searchId: string): Promise<void> {
    await this.deps.store.clear(searchId);
    const message: UnitStopMessage = { searchId };
    await this.deps.events.publish(UNIT_STOP_TOPIC, message);
  }

  /** The search of job `searchId`, held with the job's lock `token`. */
  async search(
    searchId: string,
    token: string,
    data: SolveJobData,
    hooks: CoordinatorHooks,
  ): Promise<SolveResult> {
    return this.wakeups.coordinate(searchId, async () => {
      if (!runsSplit(data)) return (await this.whole(searchId, token, data, hooks)).result;
      if (!triesFirst(data)) return this.split(searchId, token, data, hooks);
      return this.firstTryThenSplit(searchId, token, data, hooks);
    });
  }

  /**
   * An AUTO split search: first whole for FIRST_TRY_MS at most (from the search's start), then, if
   * that has not ended it, split, planned from the bound the first try proved, on the search's clock,
   * the first try's nodes counted in the answer's (as the CLI's first try: src/cli/first-try.ts).
   * The state in Redis says where a coordinator that takes the search over resumes: a split record
   * (a plan saved, the first try's nodes kept in it) goes on split; a whole record with the first
   * try's bound (it answered TIMED_OUT, no plan saved yet) goes on split from it, the try not run
   * again; a whole record without is the first try under way, which goes on (its unit is still queued
   * or running, or its outcome waits on the results list); no record, the first try runs again (it
   * never started, or ended with no answer of its thread, or the search's answer was written).
   */
  private async firstTryThenSplit(
    searchId: string,
    token: string,
    data: SolveJobData,
    hooks: CoordinatorHooks,
  ): Promise<SolveResult> {
    const stored = await this.deps.store.load(searchId);
    if (stored?.split !== undefined) return this.split(searchId, token, data, hooks);
    const began = Date.now();
    const first = await this.whole(searchId, token, data, hooks, this.deps.firstTryMs ?? FIRST_TRY_MS);
    const { result, startedAt, kept } = first;
    const { signal } = hooks;
    const outOfTime = Date.now() - startedAt >= data.timeLimitMs;
    const last = result.status !== "timed_out" || signal?.aborted === true || outOfTime;
    this.deps.log.info(
      {
        jobId: searchId,
        status: result.status,
        nodes: result.nodes,
        lowerBound: result.lowerBound,
        ms: Date.now() - began,
        split: !last,
      },
      "first try ended",
    );
    // Stopped as its first try ran out of its budget: that TIMED_OUT is the try's, not the search's.
    // Handed back (a shutdown, or this process taking the job again), the search goes back as it is
    // (the processor requeues a cancelled search on a shutdown); cancelled by its owner, it ends
    // CANCELLED with the try's figures (a TIMED_OUT would find the row CANCELLED and write nothing).
    const stoppedByBudget = result.status === "timed_out" && signal?.aborted === true && !outOfTime;
    if (stoppedByBudget && handsBack(signal.reason))
      return stoppedResult(CANCELLED as "cancelled", result.lowerBound, result);
    if (last) {
      // No split comes (cancelled, or out of time): the first try's answer kept for it goes.
      if (kept && !(await this.deps.store.clear(searchId, token))) throw new SupersededError(searchId);
      return stoppedByBudget ? stoppedResult("cancelled", result.lowerBound, result) : result;
    }
    const provenLowerBound = Math.max(data.provenLowerBound ?? 0, result.lowerBound);
    // Split only while this run still owns the search: a coordinator frozen through its first try may
    // have been replaced by one that planned it already (SplitStore.claim refuses: SupersededError).
    // The first try's nodes go into the plan's record: counted in the answer's and its progress, by
    // this coordinator or one that takes the plan over.
    return this.split(searchId, token, { ...data, startedAt, provenLowerBound }, hooks, {
      continuing: true,
      firstTryNodes: result.nodes,
    });
  }

  private async split(
    searchId: string,
    token: string,
    data: SolveJobData,
    hooks: CoordinatorHooks,
    after: { readonly continuing?: boolean; readonly firstTryNodes?: number } = {},
  ): Promise<SolveResult> {
    const run = await SplitRun.load({
      deps: this.deps,
      unitJobs: this.unitJobs,
      searchId,
      token,
      data,
      hooks,
      ...after,
    });
    return run.search();
  }

  /**
   * A search run whole on one thread. Its time limit counts from the search's start (`record.startedAt`)
   * like a split search's, the time its unit waits in the queue included: the unit's thread gets what
   * is left when it takes the job (workers/unit-processor.ts), and a unit no thread has taken when the
   * limit comes is removed and the search ends TIMED_OUT then. A cancel removes a queued unit and ends
   * the search at once; a running one is stopped and answers with its figures. `budgetMs`: a first
   * try, whose thread stops that long after the search's start (TIMED_OUT, with the bound it proved);
   * still queued then, it is removed, and a thread that took it and has not answered FIRST_TRY_GRACE_MS
   * later is stopped: the search goes on split without it. Every write after the first save is made
   * only while this run owns the search (a coordinator frozen meanwhile may have been replaced):
   * otherwise SupersededError, nothing of the successor's touched.
   */
  private async whole(
    searchId: string,
    token: string,
    data: SolveJobData,
    hooks: CoordinatorHooks,
    budgetMs?: number,
  ): Promise<WholeRun> {
    const { store } = this.deps;
    const { unitJobs } = this;
    const owner = data.owner ?? "platform";
    // Claimed before the record is read: a coordinator that took it over and froze can save no
    // newer record (a time slice's end) after the read, since its saves check the owner.
    await store.claim(searchId, token);
    const stored = await store.load(searchId);
    let record = stored ?? newRecord(undefined, data.startedAt);
    const { startedAt } = record;
    const ran = (result: SolveResult, kept = false): WholeRun => ({ result, startedAt, kept });
    // A first try's TIMED_OUT answer is kept in the record (for the split that follows), not cleared.
    const keep = budgetMs === undefined ? undefined : record;
    // An IDA* search run whole goes on from the bound its last time slice proved (a coordinator that
    // takes it over, from the record's); its job id changes with each slice.
    const sliceMs = budgetMs === undefined && slicesWhole(data) ? this.deps.sliceMs : undefined;
    let done = sliceMs === undefined ? undefined : record.whole;
    let id = wholeJobId(searchId, done?.slices ?? 0);
    const job = () =>
      wholeJob(searchId, data, startedAt, budgetMs, sliceMs === undefined ? undefined : { sliceMs, done });
    // A first try's unit is withdrawn at its budget, and one a thread took is given up
    // FIRST_TRY_GRACE_MS later; a whole search's at its time limit, and WHOLE_GRACE_MS later.
    const deadline = startedAt + Math.min(data.timeLimitMs, budgetMs ?? Number.POSITIVE_INFINITY);
    const grace = budgetMs === undefined ? WHOLE_GRACE_MS : FIRST_TRY_GRACE_MS;
    // Set once the time limit has come with the unit on a thread: that thread keeps the limit itself.
    let running = false;
    // The job of the current id is queued (by this run); `idle`: a slice ended with the search
    // cancelled, handed back or out of time, so no job was queued to go on and none will answer.
    let queued = false;
    let idle = false;
    const answer = async (): Promise<WholeRun | undefined> => {
      const read = await this.wholeOutcome(
        searchId,
        token,
        id,
        keep,
        sliceMs === undefined ? undefined : record,
      );
      if (read === undefined) return undefined;
      if (read.next === undefined) return ran(withSlices(read.result, done), read.kept);
      // Its time slice ended (another owner's unit waited): the next job goes on from its bound.
      done = read.next;
      record = { ...record, whole: done };
      id = wholeJobId(searchId, done.slices);
      running = false;
      queued = false;
      this.deps.log.info(
        { jobId: searchId, slices: done.slices, bound: done.bound, nodes: done.nodes, ms: done.ms },
        "whole search sliced: queued again",
      );
      idle = hooks.signal?.aborted === true || Date.now() >= deadline;
      if (!idle) {
        await unitJobs.enqueue(owner, [job()]);
        queued = true;
      }
      return undefined;
    };
    if (!(await store.save(searchId, token, record, 0))) throw new SupersededError(searchId);
    // Taken over after the first try answered TIMED_OUT (kept in the record): not tried again.
    if (budgetMs !== undefined && stored?.firstTryBound !== undefined) return ran(keptFirstTry(stored), true);
    // Taken over: a unit that answered meanwhile (its job gone) is not run again.
    const answered = stored === null ? undefined : await answer();
    if (answered !== undefined) return answered;
    if (!queued && !idle) await unitJobs.enqueue(owner, [job()]);
    // Ends the search with no thread's answer (see wholeStoppedResult), unless one came meanwhile.
    const unanswered = async (reason: "cancelled" | "timed_out"): Promise<WholeRun> =>
      (await answer()) ??
      ran(withSlices(await this.endUnanswered(searchId, token, data, reason, startedAt), done, false));
    let checked = Date.now();
    let stoppedAt: number | undefined;
    for (;;) {
      // The job is looked up before the outcome is read: it pushes its outcome before BullMQ removes
      // it, so a job found gone because it finished has its outcome read below (as in SplitRun).
      let lost = false;
      const lookedUp = id;
      if (
        stoppedAt === undefined &&
        Date.now() - checked > (this.deps.lostCheckMs ?? DEFAULT_LOST_CHECK_MS)
      ) {
        checked = Date.now();
        lost = await unitJobs.isLost(id);
      }
      const outcome = await answer();
      if (outcome !== undefined) return outcome;
      // A slice's end read just now: the job looked up was its, not the one queued after it.
      if (id !== lookedUp) lost = false;
      const reason = hooks.signal?.reason;
      // Handed back (shutdown) or superseded: the unit and the state are left to the next run.
      if (hooks.signal?.aborted && handsBack(reason)) return ran(cancelledResult(record, 0));
      // A slice ended as the search was cancelled or ran out of time: nothing is left to wait for.
      if (idle) return unanswered(hooks.signal?.aborted ? "cancelled" : "timed_out");
      if (hooks.signal?.aborted && stoppedAt === undefined) {
        stoppedAt = Date.now();
        // Removed before a thread took it: nothing ran, nothing will answer.
        if ((await unitJobs.stopUnits(searchId, [id], true)).length > 0) return unanswered("cancelled");
      }
      // A cancelled search whose thread does not answer within a second ends without it.
      if (stoppedAt !== undefined && Date.now() - stoppedAt > 1000) return unanswered("cancelled");
      if (stoppedAt === undefined && Date.now() >= deadline && !running) {
        // Out of time before a thread took the unit: removed, the search ends now, as a split
        // search's queued units do. Otherwise a thread has it and ends it at the limit.
        if (await unitJobs.withdraw(id)) return unanswered("timed_out");
        running = true;
      }
      if (stoppedAt === undefined && Date.now() > deadline + grace) {
        const timedOut = await this.wholeTimedOut(
          searchId,
          token,
          id,
          data,
          startedAt,
          budgetMs !== undefined,
        );
        return ran(withSlices(timedOut, done, false));
      }
      if (lost && stoppedAt === undefined && !running) {
        // Queued again only while this run owns the search (the save checks): a coordinator frozen
        // meanwhile finds its unit gone because its successor read the outcome and went on.
        if (!(await store.save(searchId, token, record, 0))) throw new SupersededError(searchId);
        this.deps.log.warn({ jobId: searchId, unit: id }, "whole-search unit lost: queued again");
        await unitJobs.enqueue(owner, [job()]);
      }
      const left = deadline - Date.now();
      await unitJobs.waitForOutcome(
        searchId,
        left > 0 ? Math.min(POLL_MS, left) : POLL_MS,
        stoppedAt === undefined ? hooks.signal : undefined,
      );
    }
  }

  /**
   * The whole search's answer, if its unit pushed one (the state then goes, if this run still owns
   * the search: else SupersededError); throws its failure. A first try's TIMED_OUT (`keep`: its
   * record) is kept instead, in the same round trip: the record saved with its nodes and bound
   * (`kept`), so that a coordinator taking the search over before its plan is saved plans it from
   * them rather than trying first again (and losing the first try's nodes).
   */
  private async wholeOutcome(
    searchId: string,
    token: string,
    id: string,
    keep?: SplitRecord,
    sliced?: SplitRecord,
  ): Promise<{ result: SolveResult; kept: boolean; next?: WholeSlices } | undefined> {
    const { store } = this.deps;
    const pending = await store.pending(searchId);
    const outcome = pending.find((o) => o.unitJobId === id);
    if (outcome === undefined) return undefined;
    // A failed outcome carries no result (null): nothing of it is kept.
    const result = outcome.result as SolveResult;
    // A time slice's end (`sliced`: its thread stopped it, not a cancel): the record keeps what it
    // proved and cost, in the round trip that drops the outcome, and the search goes on.
    if (sliced !== undefined && outcome.failure === undefined && (result as { sliced?: boolean }).sliced) {
      const before = sliced.whole;
      const next: WholeSlices = {
        slices: (before?.slices ?? 0) + 1,
        bound: Math.max(before?.bound ?? 0, result.lowerBound),
        nodes: (before?.nodes ?? 0) + result.nodes,
        ms: (before?.ms ?? 0) + result.elapsedMs,
      };
      if (!(await store.save(searchId, token, { ...sliced, whole: next }, pending.length)))
        throw new SupersededError(searchId);
      return { result, kept: false, next };
    }
    const kept = keep !== undefined && outcome.failure === undefined && result.status === "timed_out";
    const owned = kept
      ? await store.save(
          searchId,
          token,
          { ...keep, firstTryNodes: result.nodes, firstTryBound: result.lowerBound } as SplitRecord,
          pending.length,
        )
      : await store.clear(searchId, token);
    if (!owned) throw new SupersededError(searchId);
    if (outcome.failure !== undefined) throw failedSearch(this.deps.log, searchId, outcome.failure);
    return { result, kept };
  }

  private async endUnanswered(
    searchId: string,
    token: string,
    data: SolveJobData,
    reason: "cancelled" | "timed_out",
    startedAt: number,
  ): Promise<SolveResult> {
    if (!(await this.deps.store.clear(searchId, token))) throw new SupersededError(searchId);
    return wholeStoppedResult(data, reason, startedAt);
  }

  /**
   * A whole search whose thread took its unit and then never answered (WHOLE_GRACE_MS past the time
   * limit, which the thread keeps itself: a worker frozen or gone): TIMED_OUT. A first try's
   * (`firstTry`, FIRST_TRY_GRACE_MS past its budget): TIMED_OUT with the bound known, and it splits.
   */
  private async wholeTimedOut(
    searchId: string,
    token: string,
    id: string,
    data: SolveJobData,
    startedAt: number,
    firstTry: boolean,
  ): Promise<SolveResult> {
    // A first try stops its own unit only: stopping the search as a whole would make every process
    // refuse the split units that follow for a minute (unit-stops.ts).
    await this.unitJobs.stopUnits(searchId, [id], !firstTry);
    this.deps.log.warn(
      { jobId: searchId, unit: id },
      firstTry ? "first try never answered: split without it" : "whole search never answered: timed out",
    );
    return this.endUnanswered(searchId, token, data, "timed_out", startedAt);
  }
}
