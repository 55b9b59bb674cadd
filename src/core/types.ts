// Shared vocabulary of the pure core. Everything here is plain data: the CLI, the API and the
// workers exchange these shapes, and nothing in src/core/ imports anything outside src/core/.

/** A sliding-tile puzzle: tiles 1..n-1, blank 0, row-major, 2 <= rows, cols <= 5. */
export interface SlidingSpec {
  readonly kind: "sliding";
  readonly rows: number;
  readonly cols: number;
  readonly start: readonly number[];
  readonly goal: readonly number[];
}

/**
 * The Rotation Game (UVa 1343): 24 cells numbered row by row, eight each of 1, 2 and 3.
 * The goal is implicit: the eight centre cells hold one symbol.
 */
export interface RotationSpec {
  readonly kind: "rotation";
  readonly start: readonly number[];
}

export type PuzzleSpec = SlidingSpec | RotationSpec;

/** Which search to run. `auto` picks the fastest one that proves optimality. */
export type Algorithm = "auto" | "bfs" | "astar" | "idastar";

/**
 * Heuristic names. `auto` picks the strongest available one for the puzzle's size.
 * Pattern-database heuristics are named `pdb:<partition>` (e.g. `pdb:663`, `pdb:78`, `pdb:6666`).
 */
export type HeuristicName = "auto" | "manhattan" | "linear-conflict" | `pdb:${string}`;

/** A progress report from a running search (IDA* reports at each new bound and periodically). */
export interface SearchProgress {
  /** The current IDA* bound or A* f-value: a proven lower bound on the optimal length. */
  readonly bound: number;
  readonly nodes: number;
  readonly elapsedMs: number;
  /** Set while something other than the search runs, e.g. "building heuristic tables". */
  readonly phase?: string;
  /** 0..1 completion of `phase`, when known. */
  readonly fraction?: number;
}

export interface SolveOptions {
  /** Default `auto`. */
  readonly algorithm?: Algorithm;
  /** Default `auto`. */
  readonly heuristic?: HeuristicName;
  /** Stop after this many expanded nodes (status `budget_exhausted`). Default: no limit. */
  readonly maxNodes?: number;
  /** Stop after this many milliseconds (status `timed_out`). Default: no limit. */
  readonly timeLimitMs?: number;
  /** Polled every few thousand nodes; returning true stops the search (status `cancelled`). */
  readonly isCancelled?: () => boolean;
  /** Called at each new bound and at most every `progressIntervalMs`. */
  readonly onProgress?: (progress: SearchProgress) => void;
  /** Default 250 ms. */
  readonly progressIntervalMs?: number;
  /**
   * Pattern-database IDA*: skip a state already searched in the same iteration at no greater depth,
   * through a small transposition table. Default false: the move machine's duplicate pruning (which it
   * replaces) is faster on 4x4 and 5x5 (docs/pdb.md "Move machine"). Either way the answer is the same.
   */
  readonly transpositions?: boolean;
  /**
   * IDA* as short independent work units (src/core/split/, docs/distributed.md): same optimal
   * length. Default false; the CLI's `--threads N` runs the units on N threads.
   */
  readonly split?: boolean;
  /**
   * IDA*: every bound below this one was searched to exhaustion by an earlier run of the same search
   * (a whole search resumed after its time slice, docs/distributed.md): the iterations start here, or
   * at h(start) if that is higher, rounded up to the parity every f of the board shares. Only a proven
   * lower bound keeps the answer optimal. Default: none.
   */
  readonly fromBound?: number;
  /**
   * IDA*: at each iteration's start, stop (`timed_out`, every bound below it proven) when that
   * iteration, as forecast (the last iteration's time times its growth in nodes over the one before),
   * would end past `timeLimitMs`. For a first try whose work a split search takes over
   * (docs/distributed.md, "First try"): the try hands over at once instead of spending the rest of
   * its budget on an iteration it would not finish, work the split would do again. Default false: a
   * user's own time limit gets every chance.
   */
  readonly forecastTimeLimit?: boolean;
  /**
   * Pattern databases whose tables are not loaded are built in memory (default true); false makes the
   * solve throw instead (worker threads: a request must not make them build gigabytes of tables).
   */
  readonly buildMissingTables?: boolean;
}

export type SolveStatus = SolveResult["status"];

/** Why a search stopped before it found a solution. */
export type StopReason = "cancelled" | "timed_out" | "budget_exhausted";

/** What every result reports about the work done. */
export interface SolveFigures {
  /** e.g. "bfs-table", "astar", "idastar", "rotation-table", "solvability" */
  readonly algorithm: string;
  /** e.g. "manhattan", "linear-conflict", "pdb:663+reflect"; absent for table lookups. */
  readonly heuristic?: string;
  readonly nodes: number;
  readonly elapsedMs: number;
  /** A split search's work units at its end (re-splits included); absent for a search run whole. */
  readonly units?: number;
}

/**
 * A solution. Every solver in the core proves its solution minimal, so `optimal` is always true and
 * `lowerBound` equals `length`.
 */
export interface SolvedResult extends SolveFigures {
  readonly status: "solved";
  /** U/D/L/R (the blank's direction) or A-H for the Rotation Game. */
  readonly moves: string;
  readonly length: number;
  readonly optimal: true;
  readonly lowerBound: number;
  /** Rotation Game only: the symbol in the centre at the end. */
  readonly centre?: number;
}

// The variants below carry no solution. Their `moves`, `length`, `optimal` (and for an unsolvable
// puzzle `lowerBound`) are fixed values, kept so that every result has the same fields for the
// CLI's JSON and the result columns: the types pin them, so no code can set them otherwise.

/** The goal cannot be reached from the start (found by the parity check, or by a table). */
export interface UnsolvableResult extends SolveFigures {
  readonly status: "unsolvable";
  readonly moves: "";
  readonly length: -1;
  readonly optimal: false;
  readonly lowerBound: -1;
  readonly centre?: undefined;
}

/** The search stopped (budget, time limit, cancellation) before it found a solution. */
export interface StoppedResult<Reason extends StopReason = StopReason> extends SolveFigures {
  readonly status: Reason;
  readonly moves: "";
  readonly length: -1;
  readonly optimal: false;
  /** The best proven lower bound on the optimal length. */
  readonly lowerBound: number;
  readonly centre?: undefined;
}

/** What `solve` returns: narrow on `status`. Built by the constructors in results.ts. */
export type SolveResult =
  | SolvedResult
  | UnsolvableResult
  | StoppedResult<"timed_out">
  | StoppedResult<"cancelled">
  | StoppedResult<"budget_exhausted">;
