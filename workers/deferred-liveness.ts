// Whether a running unit's search still wants it, asked only once the unit has run a while. A unit
// left queued by a search that ended without its coordinator, or by an older plan of its search,
// is stopped when the answer comes; its outcome would be dropped anyway (the PUSH script checks
// the same, split-store.ts). Asked as each unit started, it was a socket write and a script on the
// path of every tiny unit, and 2-3 of Redis' ~52 commands per unit (docs/distributed.md, "Shutdown").
import type { UnitLiveness } from "./split-store.ts";

/** A unit running this long asks whether its search still wants it: at most this much wasted. */
export const LIVENESS_AFTER_MS = 20;

export class DeferredLiveness {
  private readonly ended = new AbortController();
  private readonly timer: NodeJS.Timeout;
  private asked: Promise<UnitLiveness> | undefined;

  /**
   * @param ask the round trip (SplitStore.liveness), called once at most.
   * @param afterMs how long the unit runs before `ask` is called (default LIVENESS_AFTER_MS).
   */
  constructor(
    private readonly ask: () => Promise<UnitLiveness>,
    afterMs = LIVENESS_AFTER_MS,
  ) {
    this.timer = setTimeout(() => void this.now().catch(() => undefined), afterMs);
  }

  /** Aborted once the answer says the search no longer wants the unit. */
  get signal(): AbortSignal {
    return this.ended.signal;
  }

  /** The answer, asked now unless it was asked already. A Redis error rejects it. */
  now(): Promise<UnitLiveness> {
    clearTimeout(this.timer);
    if (this.asked === undefined) {
      this.asked = this.ask();
      this.asked.then(
        (liveness) => {
          if (liveness !== "live") this.ended.abort();
        },
        () => undefined,
      );
    }
    return this.asked;
  }

  /**
   * The unit ended: no question is asked from now on. The answer if one was asked (awaited: it is
   * on its way), undefined if none was (the push checks the same).
   */
  settle(): Promise<UnitLiveness> | undefined {
    clearTimeout(this.timer);
    return this.asked;
  }
}
