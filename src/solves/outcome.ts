// A Solve's states and how a search's result becomes the columns of its row: the domain side of
// the lifecycle (src/solves/README.md). Every other module of src/solves/ maps through here.
import type { SolveResult } from "../core/types.ts";
import type { SolveStatus } from "../generated/prisma/enums.ts";

export const ACTIVE_STATUSES: readonly SolveStatus[] = ["QUEUED", "RUNNING"];

export function isFinished(status: SolveStatus): boolean {
  return !ACTIVE_STATUSES.includes(status);
}

/** How a search (or a table lookup) ended, in the columns of a Solve. */
export interface SolveOutcome {
  readonly status: SolveStatus;
  readonly moves?: string | null;
  readonly length?: number | null;
  readonly optimal?: boolean | null;
  readonly lowerBound?: number | null;
  readonly nodesExpanded?: number | null;
  readonly durationMs?: number | null;
  readonly algorithmUsed?: string | null;
  readonly heuristicUsed?: string | null;
  /** The work units a split search ran in; null for a search run whole (or no search). */
  readonly unitsTotal?: number | null;
  readonly error?: string | null;
}

const STATUS_OF_RESULT: Readonly<Record<SolveResult["status"], SolveStatus>> = {
  solved: "SOLVED",
  unsolvable: "UNSOLVABLE",
  cancelled: "CANCELLED",
  timed_out: "TIMED_OUT",
  budget_exhausted: "TIMED_OUT",
};

/**
 * The columns of a core search result. Unfinished searches keep the lower bound they proved. `error`
 * is for FAILED only (the schema's Solve.error): a search stopped by its time limit or by A*'s node
 * budget is TIMED_OUT with a null error.
 */
export function outcomeOfResult(result: SolveResult): SolveOutcome {
  const figures = {
    status: STATUS_OF_RESULT[result.status],
    nodesExpanded: result.nodes,
    durationMs: result.elapsedMs,
    algorithmUsed: result.algorithm,
    heuristicUsed: result.heuristic ?? null,
    unitsTotal: result.units ?? null,
  };
  const none = { moves: null, length: null, optimal: null };
  switch (result.status) {
    case "solved": {
      const { moves, length, optimal, lowerBound } = result;
      return { ...figures, moves, length, optimal, lowerBound, error: null };
    }
    case "unsolvable":
      return { ...figures, ...none, lowerBound: null, error: null };
    case "cancelled":
    case "timed_out":
    case "budget_exhausted":
      return { ...figures, ...none, lowerBound: result.lowerBound, error: null };
  }
}
