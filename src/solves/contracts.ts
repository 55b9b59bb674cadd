// What crosses Redis between the API and the worker processes. Payloads stay small: the puzzle
// spec and the search options. Results and history live in Postgres (the Solve rows), never stored in
// Redis (the rows a search wrote only pass through pub/sub, once, after they are committed).
import { randomInt, randomUUID } from "node:crypto";
import type { Algorithm, HeuristicName, PuzzleSpec } from "../core/types.ts";
import type { Solve } from "../generated/prisma/client.ts";

/** The one queue every search goes through. */
export const SOLVE_QUEUE = "solve";
/** The BullMQ job name of a search. */
export const SEARCH_JOB = "search";

/**
 * One search. Every Solve whose `jobId` is this job's id follows it: the worker updates all of
 * them (those still QUEUED or RUNNING) when the search ends.
 */
export interface SolveJobData {
  readonly puzzleId: number;
  readonly canonicalKey: string;
  readonly spec: PuzzleSpec;
  readonly algorithm: Algorithm;
  readonly heuristic: HeuristicName;
  readonly timeLimitMs: number;
  /** Who the search runs for ("user:<id>", or "platform"): its units' fair share (docs/pipeline.md). */
  readonly owner?: string;
  /** SolveOptions.split: true or false forces the split search on or off; absent is AUTO. */
  readonly split?: boolean;
  /**
   * When the search first started (epoch ms; the Solve row's startedAt), on a job the reconciler added
   * again: a coordinator that finds no state of the search in Redis (Redis lost its data) counts the
   * time limit from it, not from now. Absent on a job never started.
   */
  readonly startedAt?: number;
  /**
   * The lower bound the search had proved when its job was lost (the Solve row's provenLowerBound), on
   * a job the reconciler added again (a job BullMQ runs again has it set from its rows when it starts:
   * workers/search-processor.ts): a split search planned afresh (no state of it in Redis) starts
   * every unit's iteration there instead of proving every bound again from h(root). Sound: no
   * solution is shorter than a proven bound. Absent when none was stored.
   */
  readonly provenLowerBound?: number;
}

/** Sent through `job.updateProgress` and, for the API processes, on SOLVE_PROGRESS_TOPIC. */
export interface SolveJobProgress {
  /** The current IDA* bound or A* f-value: a proven lower bound. */
  readonly bound: number;
  readonly nodes: number;
  readonly elapsedMs: number;
  readonly nodesPerSecond: number;
  readonly phase?: string;
  /** Split searches: every bound below this is exhausted by every unit. */
  readonly lowerBound?: number;
  /** Split searches: units settled at the current lower bound, and units in all. */
  readonly unitsDone?: number;
  readonly unitsTotal?: number;
  /** Solver threads (of any worker process) that have searched a unit of this search. */
  readonly threads?: number;
}

/** The queue of work units: every solver thread of every worker process takes them. */
export const UNIT_QUEUE = "unit";
/** A split search's unit (one IDA* iteration of a subtree). */
export const UNIT_JOB = "unit";
/** A search that needs a thread but is not split: one unit holding the whole search. */
export const WHOLE_JOB = "whole";

/** A unit job: what a solver thread searches, and where its result goes. */
export interface UnitJobData {
  /** The search (coordinator) job this unit belongs to. */
  readonly searchId: string;
  /**
   * UNIT_JOB: the plan it belongs to (`newPlanEpoch`, also in its id): a unit of an older plan of the
   * search is dropped (workers/unit-processor.ts). Absent from whole searches' units and from
   * units queued by a version before epochs.
   */
  readonly epoch?: string;
  readonly spec: PuzzleSpec;
  /** UNIT_JOB: the unit's task (a core `UnitTask`); WHOLE_JOB: absent. */
  readonly task?: {
    readonly id: number;
    readonly round: number;
    readonly moves: string;
    readonly bound: number;
    readonly heuristic?: string;
  };
  /** WHOLE_JOB: the search's options. */
  readonly algorithm?: Algorithm;
  readonly heuristic?: HeuristicName;
  readonly timeLimitMs?: number;
  /**
   * WHOLE_JOB of an IDA* search that may be time-sliced: it is stopped once it has run this long
   * while the next unit in line belongs to another owner (and every slice after, as units are), and
   * goes on from the bound it proved (`fromBound`) in the next job. Absent: never sliced (A*, a
   * first try, the Rotation Game).
   */
  readonly sliceMs?: number;
  /**
   * WHOLE_JOB: a split search's first try (`timeLimitMs` is its budget): it stops as soon as it is
   * forecast not to finish its next IDA* iteration within it (SolveOptions.forecastTimeLimit), since
   * the split would search that iteration again. Absent: a search run whole.
   */
  readonly firstTry?: boolean;
  /** WHOLE_JOB: the bound the search goes on from (every bound below it exhausted by its earlier slices). */
  readonly fromBound?: number;
  /** WHOLE_JOB: the nodes its earlier slices expanded and their thread time (added to its progress). */
  readonly before?: { readonly nodes: number; readonly ms: number };
  /** The fair-share tag the unit was queued with (docs/pipeline.md, "Fairness"). */
  readonly tag: number;
  /** Whose search it is (SolveJobData.owner): a unit of another owner waiting ends this one's time slice. */
  readonly owner?: string;
}

/**
 * Why a search thread could not search: `HEURISTIC_UNAVAILABLE`, a pattern database (`pdb`, as
 * `puzzle pdb build` names it) the worker has not loaded (workers never build tables in a search);
 * `SEARCH_FAILED`, the search threw (the same input throws again). The code is stable: a FAILED
 * Solve's `error` starts with it.
 */
export interface SearchFailure {
  readonly code: "HEURISTIC_UNAVAILABLE" | "SEARCH_FAILED";
  readonly message: string;
  readonly pdb?: string;
}

/** Pushed by a unit job onto its search's results list (`splitKeys(...).results`). */
export interface UnitOutcome {
  /** The unit job's id (a whole search: its only unit). */
  readonly unitJobId: string;
  /**
   * UNIT_JOB: a core UnitResult (nextBound null for Infinity); WHOLE_JOB: a core SolveResult; null
   * when the search thread failed (`failure`).
   */
  readonly result: unknown;
  /** The search cannot go on (retrying would fail the same way): its coordinator ends the search FAILED. */
  readonly failure?: SearchFailure;
  /** "<worker id>/<thread id>": which thread searched it ("" for a unit stopped before it started). */
  readonly thread: string;
  /** How many times BullMQ started this job (more than 1: an earlier run was lost). */
  readonly runs: number;
}

/** Redis keys of one split search, under the deployment's prefix. */
export function splitKeys(prefix: string, searchId: string) {
  const base = `${prefix}:split:${searchId}`;
  return {
    /** The coordinator's hot state (JSON: the core SplitState and the search's figures). */
    state: base,
    /** The coordinator holding the search (its job lock token): only it saves the state. */
    owner: `${base}:owner`,
    /** Unit outcomes not folded yet (JSON UnitOutcome, oldest first). */
    results: `${base}:results`,
    /** The epoch of the plan the state holds (written when a coordinator claims a split search). */
    epoch: `${base}:epoch`,
  };
}

/**
 * The epoch of a split search's plan saved by a version before epochs (its state record has none):
 * its unit job ids have no epoch part, `unit-<search>-<unit>-<round>`.
 */
export const LEGACY_EPOCH = "0";

const EPOCH_CHARS = 6;

/**
 * A new plan's epoch: six base-36 characters, drawn when a split search is planned afresh (kept in
 * its state record, its unit job ids and data). Two plans of one search draw the same one with a
 * chance of 1 in 36^6 (2.2 billion); never LEGACY_EPOCH ("0" is one character).
 */
export function newPlanEpoch(): string {
  return randomInt(36 ** EPOCH_CHARS)
    .toString(36)
    .padStart(EPOCH_CHARS, "0");
}

/**
 * A unit job's id, `unit-<search>-<epoch>-<unit>-<round>`: re-adding the same unit of the same round
 * of the same plan is a no-op, and no unit of another plan of the search (a plan made afresh after
 * its state was lost, numbering its units from 0 again) has it. LEGACY_EPOCH: no epoch part.
 */
export function unitJobId(searchId: string, epoch: string, unitId: number, round: number): string {
  return epoch === LEGACY_EPOCH
    ? `unit-${searchId}-${unitId}-${round}`
    : `unit-${searchId}-${epoch}-${unitId}-${round}`;
}

/** What a unit job's id (unitJobId) of search `searchId` names; undefined for any other id. */
export function parseUnitJobId(
  searchId: string,
  jobId: string,
): { readonly epoch: string; readonly unit: number; readonly round: number } | undefined {
  const head = `unit-${searchId}-`;
  if (!jobId.startsWith(head)) return undefined;
  const match = /^(?:([0-9a-z]{6})-)?(\d+)-(\d+)$/.exec(jobId.slice(head.length));
  if (match === null) return undefined;
  return { epoch: match[1] ?? LEGACY_EPOCH, unit: Number(match[2]), round: Number(match[3]) };
}

/**
 * The id of the unit job of a search that runs whole on one thread; `slice` > 0: the job that goes
 * on after its `slice`-th time slice (a new id, since the last one may not be removed yet).
 */
export function wholeJobId(searchId: string, slice = 0): string {
  return slice === 0 ? `unit-${searchId}-whole` : `unit-${searchId}-whole-${slice}`;
}

// The search id is what precedes the epoch (six characters) or, in a legacy id, the unit: the lazy
// match takes the six characters before `<unit>-<round>` as the epoch. Search ids are
// `solve-<uuid>`, whose last part has twelve characters, so a legacy id is not misread.
const UNIT_JOB_ID = /^unit-(.+?)(?:-[0-9a-z]{6})?-(?:\d+-\d+|whole(?:-\d+)?)$/;

/** The search a unit job (unitJobId, wholeJobId) belongs to; undefined for any other id. */
export function searchIdOfUnitJob(jobId: string): string | undefined {
  return UNIT_JOB_ID.exec(jobId)?.[1];
}

/** Topic on which a coordinator (or a cancel) stops the running units of a search. */
export const UNIT_STOP_TOPIC = "unit-stop";
/** Topic on which a unit job wakes the coordinator of its search. */
export const UNIT_DONE_TOPIC = "unit-done";

export interface UnitStopMessage {
  readonly searchId: string;
  /** Only these unit job ids; absent: every unit of the search. */
  readonly units?: readonly string[];
}

export interface UnitDoneMessage {
  readonly searchId: string;
}

/** Hash of the worker processes' heartbeats: field = worker id, value = JSON WorkerBeat. */
export function workersKey(prefix: string): string {
  return `${prefix}:workers`;
}

export interface WorkerBeat {
  readonly threads: number;
  readonly pid: number;
  readonly host: string;
  /** Pattern databases its solver threads hold (WORKER_PDBS, e.g. "663"); absent from older workers. */
  readonly pdbs?: readonly string[];
  /** Epoch ms after which the entry is stale (the process stopped beating). */
  readonly until: number;
}

/** What a finished job returns (kept tiny: the result itself is in Postgres). */
export interface SolveJobResult {
  /** The Solve status written, or "SKIPPED" when no Solve was waiting for this job any more. */
  readonly outcome: string;
  /** How many Solve rows the result was written to. */
  readonly updated: number;
}

/**
 * A fresh job id. BullMQ forbids ':' in custom ids and treats all-digit ids as its own counter's,
 * so ids are "solve-" and a random UUID.
 */
export function newSolveJobId(): string {
  return `solve-${randomUUID()}`;
}

export function isValidJobId(id: string): boolean {
  return id.length > 0 && id.length <= 120 && !id.includes(":") && !/^\d+$/.test(id);
}

/**
 * Event-bus topics (src/services/events.ts: Redis pub/sub under the deployment's prefix, so parallel
 * deployments and test runs never cross).
 */
export const SOLVE_CANCEL_TOPIC = "solve-cancel";
export const SOLVE_PROGRESS_TOPIC = "solve-progress";

/** Published on SOLVE_CANCEL_TOPIC: every worker process stops the search of this job if it runs it. */
export interface CancelMessage {
  readonly jobId: string;
}

/** Published on SOLVE_PROGRESS_TOPIC by the worker running the job (throttled, like `job.updateProgress`). */
export interface ProgressMessage {
  readonly jobId: string;
  readonly progress: SolveJobProgress;
}

/**
 * Topic of the rows a finished search (or a cancel) wrote: published right after the commit by whoever
 * wrote them, so that API processes answer their subscribers with the stored state without reading it
 * again. At most once, like all pub/sub: API processes re-read what their subscriptions follow when
 * their subscriber connection is back, and on a slow re-check (SolveEvents.recheck).
 */
export const SOLVE_FINISHED_TOPIC = "solve-finished";

/** A Solve row as JSON: BigInt and dates as strings. */
export type SolveMessageRow = Omit<Solve, "nodesExpanded" | "queuedAt" | "startedAt" | "finishedAt"> & {
  readonly nodesExpanded: string | null;
  readonly queuedAt: string;
  readonly startedAt: string | null;
  readonly finishedAt: string | null;
};

/** Published on SOLVE_FINISHED_TOPIC: Solves that reached a final state, as stored. */
export interface SolvesFinishedMessage {
  readonly solves: readonly SolveMessageRow[];
}

export function solveToMessage(solve: Solve): SolveMessageRow {
  return {
    ...solve,
    nodesExpanded: solve.nodesExpanded === null ? null : solve.nodesExpanded.toString(),
    queuedAt: solve.queuedAt.toISOString(),
    startedAt: solve.startedAt?.toISOString() ?? null,
    finishedAt: solve.finishedAt?.toISOString() ?? null,
  };
}

export function solveFromMessage(row: SolveMessageRow): Solve {
  const date = (value: string | null) => (value === null ? null : new Date(value));
  return {
    ...row,
    nodesExpanded: row.nodesExpanded === null ? null : BigInt(row.nodesExpanded),
    queuedAt: new Date(row.queuedAt),
    startedAt: date(row.startedAt),
    finishedAt: date(row.finishedAt),
  };
}
