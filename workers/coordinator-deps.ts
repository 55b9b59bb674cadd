// What a search's coordinator is given (workers/split-coordinator.ts): the Redis side, the unit
// queue, the event bus and the fleet's size from its worker, and the hooks of the search job it runs.
import type { Queue } from "bullmq";
import type { Logger } from "pino";
import type { EventBus } from "../src/services/events.ts";
import type { UnitJobData } from "../src/solves/index.ts";
import type { ReportedProgress } from "./progress-throttle.ts";
import type { SplitStore } from "./split-store.ts";

export interface CoordinatorHooks {
  /** Aborted with CANCELLED: stop every unit; with SHUTDOWN or SUPERSEDED: leave them to the coordinator that takes over. */
  readonly signal?: AbortSignal;
  readonly onProgress?: (progress: ReportedProgress) => void;
}

export interface CoordinatorDeps {
  readonly store: SplitStore;
  readonly units: Queue<UnitJobData, void>;
  readonly events: EventBus;
  /** Solver threads of the live fleet (heartbeats), at least 1. */
  readonly liveThreads: () => Promise<number>;
  /** Which live workers hold each pattern database (heartbeats); none known when absent. */
  readonly pdbHolders?: () => Promise<Readonly<Record<string, readonly string[]>>>;
  readonly log: Logger;
  /** Units queued or running per live thread (default 2). */
  readonly unitsPerThread?: number;
  /** A unit in flight longer than this has its job looked up (lost for good: queued again). */
  readonly lostCheckMs?: number;
  /** An AUTO split search's first try, whole, lasts this long at most (default FIRST_TRY_MS, 250). */
  readonly firstTryMs?: number;
  /**
   * SPLIT_UNIT_SLICE_MS: an IDA* search run whole (not split) is stopped after this long, then twice
   * as long from one slice to the next, when another owner's unit waits, and goes on from the bound
   * it proved. Absent: whole searches are never sliced.
   */
  readonly sliceMs?: number;
}

/** `lostCheckMs` when not given (the default of SPLIT_LOST_CHECK_MS, src/config.ts). */
export const DEFAULT_LOST_CHECK_MS = 5000;
