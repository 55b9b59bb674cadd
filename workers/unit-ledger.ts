// The unit jobs one coordinator handed out, each accounted for (docs/distributed.md, "Every unit
// accounted for"): every one ends as one outcome read back, or one job removed before it ran, or
// (at the end) one abandoned: stopped, its outcome no longer read. The counts go into the log line
// `split search done`.
import type { UnitOutcome } from "../src/solves/index.ts";

export class UnitLedger {
  readonly tally = {
    handedOut: 0,
    reissued: 0,
    outcomes: 0,
    withdrawn: 0,
    unexpected: 0,
    secondRuns: 0,
    inherited: 0,
    repeated: 0,
    foreign: 0,
  };
  /** When each unit in flight was handed out (by this coordinator; resumed ones: now). */
  private readonly sent = new Map<string, number>();
  private readonly openIds = new Set<string>();
  private readonly withdrawn = new Set<string>();
  /** Jobs whose first run's outcome was read: another first run of one is a job added again after it ran. */
  private readonly firstRuns = new Set<string>();

  /** The jobs handed out that are not yet accounted for. */
  get open(): ReadonlySet<string> {
    return this.openIds;
  }

  handOut(id: string): void {
    this.sent.set(id, Date.now());
    // A unit released as lost goes out again under the same job id: still one job to account for.
    if (this.openIds.has(id)) this.tally.reissued++;
    else {
      this.openIds.add(id);
      this.tally.handedOut++;
    }
  }

  /** Jobs removed before they ran: no outcome will come from them. */
  withdraw(ids: readonly string[]): void {
    for (const id of ids)
      if (this.openIds.delete(id)) {
        this.tally.withdrawn++;
        this.withdrawn.add(id);
      }
  }

  /** When the job was handed out, unless its outcome came or it was found lost since. */
  sentAt(id: string): number | undefined {
    return this.sent.get(id);
  }

  /** The job is no longer in flight: its outcome came, or it was found lost. */
  forget(id: string): void {
    this.sent.delete(id);
  }

  /**
   * An outcome a predecessor's job pushed while no coordinator read them, folded as this one takes
   * the search over, before it hands anything out: its job is the predecessor's to account for.
   */
  inherit(outcome: UnitOutcome): void {
    this.noteRun(outcome);
    this.tally.inherited++;
  }

  /**
   * A job's second run (BullMQ's stalled-job recovery after its worker died, whether or not the first
   * run's outcome had arrived before the death: then this one is a stale duplicate) is at-least-once
   * delivery; a second *first* run is a job added again after it had run: the unit searched twice.
   */
  private noteRun(outcome: UnitOutcome): void {
    if (outcome.runs > 1) this.tally.secondRuns++;
    else if (this.firstRuns.has(outcome.unitJobId)) this.tally.repeated++;
    else this.firstRuns.add(outcome.unitJobId);
  }

  /**
   * An outcome of a unit job of another plan of the search (left from before it was planned afresh):
   * no job of this coordinator's, discarded.
   */
  discard(): void {
    this.tally.foreign++;
  }

  /** One outcome read back: its job accounted for. */
  account(outcome: UnitOutcome): void {
    this.noteRun(outcome);
    if (this.openIds.delete(outcome.unitJobId)) this.tally.outcomes++;
    else if (this.withdrawn.delete(outcome.unitJobId)) {
      // Not removed before it ran after all: it had just finished (BullMQ's remove of a job
      // already gone says 1 too).
      this.tally.withdrawn--;
      this.tally.outcomes++;
    } else this.tally.unexpected++; // a predecessor's job, or a job whose outcome came twice
  }
}
