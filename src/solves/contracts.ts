// What crosses Redis between the API and the worker processes. Payloads stay small: the puzzle
// spec and the search options. Results and history live in Postgres (the Solve rows), never stored in
// Redis (the rows a search wrote only pass through pub/sub, once, after they are committed).
import { randomUUID } from "node:crypto";
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
}

/** Sent through `job.updateProgress` and, for the API processes, on SOLVE_PROGRESS_TOPIC. */
export interface SolveJobProgress {
  /** The current IDA* bound or A* f-value: a proven lower bound. */
  readonly bound: number;
  readonly nodes: number;
  readonly elapsedMs: number;
  readonly nodesPerSecond: number;
  readonly phase?: string;
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
 * again. At most once, like all pub/sub: subscribers still re-read on job events and on their poll.
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
