// The contract between the API and the workers for exact distances the API cannot compute within a
// request (boards beyond the 3x3 tables, up to 4x4): a job on the `analysis` queue lists positions of
// one board; the worker proves each one's optimal distance (IDA* with the strongest loaded pattern
// database, 6-6-3 by default) on its solver threads and returns them with each one's first optimal
// move. The job id is a hash of the data, so asking again (a client polling a PENDING answer, or two
// requests at once) joins the same job, and a finished result is kept an hour for those repeats.
import { createHash } from "node:crypto";

export const ANALYSIS_QUEUE = "analysis";
export const ANALYSIS_JOB = "distances";

export interface AnalysisJobData {
  readonly rows: number;
  readonly cols: number;
  readonly goal: readonly number[];
  /** Distinct boards to prove. */
  readonly positions: readonly (readonly number[])[];
}

export interface AnalysisJobResult {
  /** The optimal distance of each position to the goal, in the order given. */
  readonly distances: readonly number[];
  /** The first move of an optimal solution from each position ("" at the goal). */
  readonly firstMoves: readonly string[];
}

export interface AnalysisJobProgress {
  readonly done: number;
  readonly total: number;
}

export function analysisJobId(data: AnalysisJobData): string {
  return `a-${createHash("sha256").update(JSON.stringify(data)).digest("hex").slice(0, 40)}`;
}
