// The `solves` table in raw SQL, shared by SolveRepository (requests) and SolveJobRepository (search
// jobs): a row as Postgres returns it and its mapping to Prisma's Solve, an outcome as the columns it
// writes, the batched insert of Solves answered within the request, and the wait for the WAL flush.
import type { PrismaClient } from "../db/client.ts";
import type { Solve } from "../generated/prisma/client.ts";
import type { SolveAlgorithm, SolveStatus } from "../generated/prisma/enums.ts";
import { InsertBatcher } from "../repositories/insert-batcher.ts";
import type { SolveOutcome } from "./outcome.ts";

export interface NewSolve {
  readonly puzzleId: number;
  readonly requestedById: number | null;
  /** A platform Solve's user (requestedById null): counted in that user's open solves. */
  readonly onBehalfOfId?: number | null;
  readonly canonicalKey: string;
  readonly algorithm: SolveAlgorithm;
  readonly heuristic: string;
  readonly timeLimitSeconds: number;
  /** SolveOptions.split (null or absent: AUTO). */
  readonly split?: boolean | null;
}

/** An outcome as the columns of its row, finished at `finishedAt`. */
export function outcomeColumns(outcome: SolveOutcome, finishedAt: Date) {
  return {
    status: outcome.status,
    moves: outcome.moves ?? null,
    length: outcome.length ?? null,
    optimal: outcome.optimal ?? null,
    lowerBound: outcome.lowerBound ?? null,
    nodesExpanded: outcome.nodesExpanded == null ? null : BigInt(Math.round(outcome.nodesExpanded)),
    durationMs: outcome.durationMs == null ? null : Math.round(outcome.durationMs),
    algorithmUsed: outcome.algorithmUsed ?? null,
    heuristicUsed: outcome.heuristicUsed ?? null,
    unitsTotal: outcome.unitsTotal ?? null,
    error: outcome.error ?? null,
    finishedAt,
  };
}

export type FinishedSolve = NewSolve &
  ReturnType<typeof outcomeColumns> & { queuedAt: Date; startedAt: Date };

/** What tells two finished Solves of one insert batch apart (equal keys: interchangeable rows). */
function finishedKey(
  s: Pick<
    Solve,
    | "puzzleId"
    | "canonicalKey"
    | "requestedById"
    | "status"
    | "moves"
    | "algorithm"
    | "heuristic"
    | "timeLimitSeconds"
  > & { readonly split?: boolean | null },
): string {
  return JSON.stringify([
    s.puzzleId,
    s.canonicalKey,
    s.requestedById,
    s.status,
    s.moves,
    s.algorithm,
    s.heuristic,
    s.timeLimitSeconds,
    s.split ?? null,
  ]);
}

/** A `solves` row as Postgres returns it (RETURNING *). */
export interface SolveSqlRow {
  id: number;
  puzzle_id: number;
  requested_by_id: number | null;
  on_behalf_of_id: number | null;
  canonical_key: string;
  algorithm: SolveAlgorithm;
  heuristic: string;
  time_limit_seconds: number;
  split: boolean | null;
  status: SolveStatus;
  job_id: string | null;
  cached: boolean;
  moves: string | null;
  length: number | null;
  optimal: boolean | null;
  lower_bound: number | null;
  nodes_expanded: bigint | null;
  duration_ms: number | null;
  algorithm_used: string | null;
  heuristic_used: string | null;
  units_total: number | null;
  proven_lower_bound: number | null;
  error: string | null;
  queued_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
}

/** Typed as Prisma's Solve: a column added to the schema fails to compile here until it is mapped. */
export function solveOfRow(r: SolveSqlRow): Solve {
  return {
    id: r.id,
    puzzleId: r.puzzle_id,
    requestedById: r.requested_by_id,
    onBehalfOfId: r.on_behalf_of_id,
    canonicalKey: r.canonical_key,
    algorithm: r.algorithm,
    heuristic: r.heuristic,
    timeLimitSeconds: r.time_limit_seconds,
    split: r.split,
    status: r.status,
    jobId: r.job_id,
    cached: r.cached,
    moves: r.moves,
    length: r.length,
    optimal: r.optimal,
    lowerBound: r.lower_bound,
    nodesExpanded: r.nodes_expanded,
    durationMs: r.duration_ms,
    algorithmUsed: r.algorithm_used,
    heuristicUsed: r.heuristic_used,
    unitsTotal: r.units_total,
    provenLowerBound: r.proven_lower_bound,
    error: r.error,
    queuedAt: r.queued_at,
    startedAt: r.started_at,
    finishedAt: r.finished_at,
  };
}

/**
 * Many finished Solves in one statement whose shape does not depend on how many: one array per
 * column, unnested. Measured about six times cheaper in CPU per row than createManyAndReturn,
 * which matters on the hottest path of the API (inline requestSolve).
 */
async function insertFinishedSolves(db: PrismaClient, rows: readonly FinishedSolve[]): Promise<Solve[]> {
  const column = <T>(pick: (row: FinishedSolve) => T): T[] => rows.map(pick);
  // These rows record answers already sent, derived from a table and cheap to ask for again: their
  // commit does not wait for the WAL flush (about 4 ms per commit on this machine's disk), set for
  // this statement's own transaction only. A Postgres crash could forget the last fraction of a
  // second of them; QUEUED Solves and search results are always committed durably.
  const inserted = await db.$queryRaw<SolveSqlRow[]>`
    WITH async_commit AS (SELECT set_config('synchronous_commit', 'off', true))
    INSERT INTO "solves" ("puzzle_id", "requested_by_id", "canonical_key", "algorithm", "heuristic",
      "time_limit_seconds", "status", "moves", "length", "optimal", "lower_bound", "nodes_expanded",
      "duration_ms", "algorithm_used", "heuristic_used", "error", "queued_at", "started_at", "finished_at", "split")
    SELECT row.* FROM async_commit, unnest(
      ${column((r) => r.puzzleId)}::int[], ${column((r) => r.requestedById)}::int[],
      ${column((r) => r.canonicalKey)}::varchar[], ${column((r) => r.algorithm)}::"SolveAlgorithm"[],
      ${column((r) => r.heuristic)}::varchar[], ${column((r) => r.timeLimitSeconds)}::int[],
      ${column((r) => r.status)}::"SolveStatus"[], ${column((r) => r.moves)}::text[], ${column((r) => r.length)}::int[],
      ${column((r) => r.optimal)}::boolean[], ${column((r) => r.lowerBound)}::int[],
      ${column((r) => r.nodesExpanded)}::bigint[], ${column((r) => r.durationMs)}::int[],
      ${column((r) => r.algorithmUsed)}::varchar[], ${column((r) => r.heuristicUsed)}::varchar[],
      ${column((r) => r.error)}::text[], ${column((r) => r.queuedAt)}::timestamptz[],
      ${column((r) => r.startedAt)}::timestamptz[], ${column((r) => r.finishedAt)}::timestamptz[],
      ${column((r) => r.split ?? null)}::boolean[]) AS row
    RETURNING *`;
  return inserted.map(solveOfRow);
}

/** Concurrent inserts of finished Solves, sent together (see InsertBatcher). */
export function finishedSolveInserts(db: PrismaClient): InsertBatcher<FinishedSolve, Solve> {
  return new InsertBatcher<FinishedSolve, Solve>({
    insertMany: (rows) => insertFinishedSolves(db, rows),
    keyOfInput: finishedKey,
    keyOfRow: finishedKey,
  });
}

/**
 * Resolves once every transaction committed before the call is on disk. createQueued and finishJob
 * commit without waiting for the WAL flush (a flush takes milliseconds on a busy disk, and their rows
 * are needed by others at once); their callers await this before the write is relied on: before a
 * request counts as accepted, before a job completes. One synchronously committed transaction that
 * writes one WAL record (a transactional logical decoding message, read by nobody): its commit
 * flushes the WAL up to its own record, so every commit before it too; concurrent flushes share one.
 */
export async function flushCommits(db: Pick<PrismaClient, "$executeRaw">): Promise<void> {
  await db.$executeRaw`SELECT pg_logical_emit_message(true, 'solves', 'flushed')`;
}
