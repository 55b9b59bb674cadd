// What crosses Redis between the API and the worker processes. Payloads stay small: the puzzle
// spec and the search options. Results and history live in Postgres (the Solve rows), never in Redis.
import { randomUUID } from "node:crypto";
import type { Algorithm, HeuristicName, PuzzleSpec } from "../core/types.ts";

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

/** Sent through `job.updateProgress` (and so through QueueEvents' `progress` event). */
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
export const SOLVE_CHANGED_TOPIC = "solve-changed";

/** Published on SOLVE_CANCEL_TOPIC: every worker process stops the search of this job if it runs it. */
export interface CancelMessage {
  readonly jobId: string;
}

/** Published on SOLVE_CHANGED_TOPIC by whoever changed a Solve outside a job (e.g. cancelSolve). */
export interface SolveChangedMessage {
  readonly solveId: number;
}
