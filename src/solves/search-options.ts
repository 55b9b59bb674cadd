// Translation between the stored/GraphQL spelling of search options (enums such as IDA_STAR,
// LINEAR_CONFLICT, PDB_663) and the core's spelling ("idastar", "linear-conflict", "pdb:663").
import { PuzzleInputError } from "../core/errors.ts";
import type { Algorithm, HeuristicName } from "../core/types.ts";

export type StoredAlgorithm = "AUTO" | "BFS_TABLE" | "ASTAR" | "IDA_STAR";

const ALGORITHMS: Readonly<Record<StoredAlgorithm, Algorithm>> = {
  AUTO: "auto",
  BFS_TABLE: "bfs",
  ASTAR: "astar",
  IDA_STAR: "idastar",
};

export function coreAlgorithm(stored: StoredAlgorithm): Algorithm {
  return ALGORITHMS[stored];
}

// What a finished search reports it ran (SolveResult.algorithm, stored in algorithm_used), in the
// stored/GraphQL spelling. "solvability" is the parity check answering UNSOLVABLE: no search ran.
const ALGORITHMS_USED: Readonly<Record<string, StoredAlgorithm | null>> = {
  "bfs-table": "BFS_TABLE",
  "rotation-table": "BFS_TABLE",
  astar: "ASTAR",
  idastar: "IDA_STAR",
  "rotation-idastar": "IDA_STAR",
  solvability: null,
};

/** "idastar" → "IDA_STAR", "rotation-table" → "BFS_TABLE"; null when no search ran. */
export function storedAlgorithmUsed(used: string | null): StoredAlgorithm | null {
  if (used === null) return null;
  const stored = ALGORITHMS_USED[used];
  if (stored === undefined) throw new Error(`unknown algorithm_used ${JSON.stringify(used)}`);
  return stored;
}

/** "AUTO" → "auto", "LINEAR_CONFLICT" → "linear-conflict", "PDB_663" → "pdb:663". */
export function coreHeuristic(stored: string): HeuristicName {
  switch (stored) {
    case "AUTO":
      return "auto";
    case "MANHATTAN":
      return "manhattan";
    case "LINEAR_CONFLICT":
      return "linear-conflict";
  }
  const pdb = /^PDB_([0-9A-Z_]+)$/.exec(stored);
  if (pdb) return `pdb:${pdb[1].toLowerCase().replace(/_/g, "-")}`;
  throw new PuzzleInputError(`unknown heuristic ${stored}`, "BAD_OPTION", "options.heuristic");
}

export const DEFAULT_TIME_LIMIT_SECONDS = 60;
export const MAX_TIME_LIMIT_SECONDS = 3600;

export function checkTimeLimit(seconds: number): number {
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > MAX_TIME_LIMIT_SECONDS) {
    throw new PuzzleInputError(
      `timeLimitSeconds must be an integer from 1 to ${MAX_TIME_LIMIT_SECONDS}`,
      "BAD_OPTION",
      "options.timeLimitSeconds",
    );
  }
  return seconds;
}
