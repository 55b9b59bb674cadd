// The unit jobs of the searches coordinated in this process, as their coordinators handle them
// (docs/distributed.md, "On the platform"): queued in fair-share order, stopped, waited for while
// they report, looked up when they seem lost.
import type { UnitJobData, UnitOutcome, UnitStopMessage } from "../src/solves/index.ts";
import { UNIT_STOP_TOPIC } from "../src/solves/index.ts";
import type { CoordinatorDeps } from "./coordinator-deps.ts";
import type { SearchWakeups } from "./search-wakeups.ts";

/** Unit jobs leave Redis when done (their outcome is on the results list); a failed one is re-queued by its coordinator. */
const UNIT_JOB_OPTIONS = { removeOnComplete: true, removeOnFail: true, attempts: 1 } as const;

/**
 * Once the answer is proven, or the search is cancelled or out of time, how long the coordinator
 * waits for the units still running (stopped at once: milliseconds) to report the work they did,
 * which the result's node count includes.
 */
const STRAGGLERS_MS = 1000;

/** With no wake-up message (pub/sub may drop one), the coordinator looks at its results this often. */
export const POLL_MS = 250;

/** A unit job as a coordinator queues it (its fair-share tag is added when queued). */
export interface UnitJob {
  readonly id: string;
  readonly name: string;
  readonly data: Omit<UnitJobData, "tag">;
}

export class UnitJobs {
  constructor(
    private readonly deps: Pick<CoordinatorDeps, "store" | "units" | "events">,
    private readonly wakeups: SearchWakeups,
  ) {}

  /**
   * Queues unit jobs at their owner's fair-share priority, never ahead of `floor` (the priority of
   * the search's previous batch): returns the priority used. The fair-share lead moves with the
   * clock between two batches, and a later batch at a smaller number would start before units
   * handed out earlier: a search's units must start in the order `next` gave them (in the last
   * iteration, the unit holding the answer before those after it).
   */
  async enqueue(owner: string, jobs: readonly UnitJob[], floor = 0): Promise<number> {
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

  /**
   * Stops running units of the search on every worker, and removes its queued ones; returns the ids
   * of the jobs removed before they ran (no outcome will come from them).
   */
  async stopUnits(searchId: string, unitJobIds: readonly string[], all: boolean): Promise<string[]> {
    const message: UnitStopMessage = all ? { searchId } : { searchId, units: unitJobIds };
    await this.deps.events.publish(UNIT_STOP_TOPIC, message);
    // A running job is locked (remove throws): the message stops it.
    const removed = await Promise.all(unitJobIds.map((id) => this.deps.units.remove(id).catch(() => 0)));
    return unitJobIds.filter((_, i) => removed[i] === 1);
  }

  /**
   * Removes a unit job no thread has taken (queued or delayed): true. False when a thread runs it (a
   * running job is locked). True too for a job already gone: one that finished pushed its outcome
   * first, so read the outcomes after this.
   */
  async withdraw(unitJobId: string): Promise<boolean> {
    return (await this.deps.units.remove(unitJobId).catch(() => 0)) === 1;
  }

  /**
   * Waits up to STRAGGLERS_MS for the units in `open` (stopped: they end within milliseconds) to
   * report; each outcome read goes to `take`, which removes it from `open`. Returns how many came.
   */
  async awaitStragglers(
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

  /** Resolves after `ms`, or earlier when a unit of the search reports or `signal` aborts. */
  waitForOutcome(searchId: string, ms: number, signal?: AbortSignal): Promise<void> {
    return this.wakeups.wait(searchId, ms, signal);
  }

  /** Whether the unit job is gone from the queue (failed, or lost with Redis' data). */
  async isLost(unitJobId: string): Promise<boolean> {
    return (await this.deps.units.getJobState(unitJobId)) === "unknown";
  }
}
