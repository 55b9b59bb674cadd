/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
/** Whether a computation is done. PENDING: the workers are still proving; ask again with the same arguments. */
export type ComputationStatus =
  /** The workers are still proving distances (4x4): ask again with the same arguments to join the same job. */
  | 'PENDING'
  /** The answer is complete. */
  | 'READY';

/**
 * A new puzzle. Errors are BAD_USER_INPUT with `field` naming the culprit (`rows`, `cols`, `start`, `goal`,
 * `title`): a size out of range, a tile missing or repeated, a Rotation Game board without eight of each symbol.
 */
export type CreatePuzzleInput = {
  /** Required for SLIDING (2..5); omit for ROTATION. */
  cols?: number | null | undefined;
  /** SLIDING only; default: 1..n-1 then the blank. */
  goal?: Array<number> | null | undefined;
  /** Sliding tiles or the Rotation Game. */
  kind: PuzzleKind;
  /** Required for SLIDING (2..5); omit for ROTATION. */
  rows?: number | null | undefined;
  /**
   * SLIDING: each of 0..rows*cols-1 once, row by row, 0 the blank. ROTATION: the 24 cells, eight each of 1, 2
   * and 3.
   */
  start: Array<number>;
  /** Optional, at most 200 characters (trimmed; no control characters). */
  title?: string | null | undefined;
};

/** The categories of the daily puzzles: one puzzle of each every UTC day. */
export type DailyCategory =
  /** A Rotation Game board, a uniformly random arrangement of eight 1s, 2s and 3s. */
  | 'ROTATION'
  /** A 3x3 sliding puzzle, a uniformly random solvable state. */
  | 'SLIDING_3X3'
  /** A 4x4 sliding puzzle (the 15-puzzle), a uniformly random solvable state. */
  | 'SLIDING_4X4';

/** Why leaderboardChanged sent an event. */
export type LeaderboardChange =
  /** The entry is the user's new personal best (their first submission, or a shorter one). */
  | 'NEW_BEST'
  /**
   * A search proved the optimum of the puzzle's board: every entry's `optimal` (and the puzzle's
   * `optimalLength`) changed. The entry sent is the puzzle's leader (rank 1); re-read the leaderboard for
   * the others.
   */
  | 'OPTIMUM_PROVEN';

/** What `puzzles` lists; every field optional, all given fields must match. */
export type PuzzleFilter = {
  /** Only sliding puzzles with this many columns (2..5; BAD_USER_INPUT otherwise). */
  cols?: number | null | undefined;
  /** true: only puzzles whose optimum is proven; false: only those whose optimum is not known yet. */
  hasOptimum?: boolean | null | undefined;
  /** Only puzzles of this kind. */
  kind?: PuzzleKind | null | undefined;
  /** Only this user's puzzles (exact name); an unknown name gives an empty list. */
  owner?: string | null | undefined;
  /** Only sliding puzzles with this many rows (2..5; BAD_USER_INPUT otherwise). */
  rows?: number | null | undefined;
};

/** Which game a puzzle is. */
export type PuzzleKind =
  /** The Rotation Game (UVa 1343): 24 cells, eight each of 1, 2 and 3; goal: one symbol in the 8 centre cells. */
  | 'ROTATION'
  /** Sliding tiles, 2x2 up to 5x5: tiles 1..n-1 and the blank 0, row by row. */
  | 'SLIDING';

/** How `puzzles` orders its list (docs/competition.md). */
export type PuzzleOrder =
  /** Highest puzzle rating first, then newest; only puzzles with at least one rated game are listed. */
  | 'HARDEST'
  /** Most players (users with a submission) first, then newest. */
  | 'MOST_PLAYED'
  /** Newest first (the default). */
  | 'NEWEST';

/**
 * A search algorithm: asked for in SolveOptions.algorithm, reported in Solve.algorithm and
 * Solve.algorithmUsed.
 */
export type SolveAlgorithm =
  /** A* with a closed set (sliding puzzles). */
  | 'ASTAR'
  /**
   * A distance table where one answers (every 3x3 and smaller board, every Rotation Game board), else IDA*.
   * Never reported as used.
   */
  | 'AUTO'
  /** A distance table only (boards of at most 9 cells, the Rotation Game). */
  | 'BFS_TABLE'
  /** Iterative-deepening A*: little memory, any size; its bound is a proven lower bound while it runs. */
  | 'IDA_STAR';

/** A lower-bound heuristic for the A* and IDA* searches (distance tables need none). */
export type SolveHeuristic =
  /** The strongest available for the puzzle's size. */
  | 'AUTO'
  /** Manhattan distance plus two moves per pair of tiles in conflict on their goal row or column. */
  | 'LINEAR_CONFLICT'
  /** Sum of each tile's distance to its goal cell. */
  | 'MANHATTAN'
  /** 4x4 pattern databases, tiles in groups of 7 and 8 (the strongest 4x4 one; largest to build). */
  | 'PDB_78'
  /** 4x4 pattern databases, tiles in groups of 5, 5 and 5. */
  | 'PDB_555'
  /**
   * 4x4 pattern databases, tiles in groups of 6, 6 and 3. Pattern databases need a goal with the blank in a
   * corner.
   */
  | 'PDB_663'
  /** 5x5 pattern databases, tiles in four groups of 6. */
  | 'PDB_6666';

/**
 * How to solve. BAD_USER_INPUT (field `options.algorithm`, `options.heuristic` or `options.timeLimitSeconds`)
 * when an option does not fit the puzzle: BFS_TABLE beyond 9 cells, ASTAR or a heuristic other than AUTO
 * for the Rotation Game, a pattern database of another size.
 */
export type SolveOptions = {
  /** Default AUTO. */
  algorithm?: SolveAlgorithm | null | undefined;
  /** Default AUTO; ignored by distance tables. The Rotation Game takes AUTO only (it has one heuristic). */
  heuristic?: SolveHeuristic | null | undefined;
  /**
   * Cut the search into short work units that every solver thread of every worker process takes
   * (true), or run it on one thread (false: an IDA* search run so yields its thread when another user's
   * search waits, after a time slice that doubles each time, and goes on from the bound it proved).
   * Default (null): AUTO, which splits IDA* searches of sliding boards of 15 cells or more (3x5, 4x4,
   * 4x5, 5x5 and their turns). Either way it is one Solve, one result and one job. Stored with the
   * Solve (`Solve.split`); a request shares a queued or running search only if it asked for the same.
   */
  split?: boolean | null | undefined;
  /** 1..3600, default 60. A search that runs out of time ends TIMED_OUT with the lower bound it proved. */
  timeLimitSeconds?: number | null | undefined;
};

/** Where a solve is in its life. QUEUED and RUNNING are open; every other status is final. */
export type SolveStatus =
  /** Stopped by `cancelSolve`; `lowerBound` keeps what the search proved. */
  | 'CANCELLED'
  /** The search failed; `error` says why. */
  | 'FAILED'
  /** Waiting for a worker. */
  | 'QUEUED'
  /** A worker is searching; `solveProgress` reports its progress. */
  | 'RUNNING'
  /** Finished with `moves` (optimal unless `optimal` is false). */
  | 'SOLVED'
  /**
   * Ran out of `timeLimitSeconds` (or, with ASTAR, of its memory: 4 million stored nodes); `lowerBound` keeps
   * what the search proved.
   */
  | 'TIMED_OUT'
  /** The puzzle has no solution (decided without a search). */
  | 'UNSOLVABLE';

/** How topSolvers orders the players. */
export type SolverOrder =
  /** Most puzzles solved optimally first, then fewest excess moves (the default). */
  | 'OPTIMAL_SOLUTIONS'
  /** Highest Glicko-2 rating first; only players with a rating are listed. */
  | 'RATING';

/** What a submission is to the ratings: only a player's first submission on a puzzle is a game. */
export type SubmissionGame =
  /** A later submission: never rated (only the first one is). */
  | 'NOT_A_GAME'
  /** The player's first submission, waiting for the puzzle's proven optimum to be rated. */
  | 'PENDING'
  /** The player's first submission on the puzzle, rated: both ratings moved. */
  | 'RATED'
  /**
   * The player's first submission, settled without a rating: they had requested a Solve of the board, or
   * been given a hint on it (or on a disguised copy), before it (or the puzzle starts solved).
   */
  | 'UNRATED';

export type PuzzleFieldsFragment = { id: string, kind: PuzzleKind, rows: number | null, cols: number | null, start: Array<number>, goal: Array<number> | null, title: string | null, solvable: boolean, createdAt: string, owner: { name: string } };

export type PuzzleListFieldsFragment = { id: string, kind: PuzzleKind, rows: number | null, cols: number | null, start: Array<number>, goal: Array<number> | null, title: string | null, solvable: boolean, createdAt: string, owner: { name: string }, difficulty: { optimalLength: number, percentile: number | null } | null };

export type SolveFieldsFragment = { id: string, status: SolveStatus, moves: string | null, length: number | null, optimal: boolean | null, lowerBound: number | null, nodesExpanded: number | null, durationMs: number | null, cached: boolean, error: string | null };

export type LeaderboardEntryFieldsFragment = { rank: number, length: number, submittedAt: string, optimal: boolean | null, user: { name: string } };

export type SignUpMutationVariables = Exact<{
  name: string;
}>;


export type SignUpMutation = { signUp: { token: string, user: { name: string } } };

export type RotateTokenMutationVariables = Exact<{ [key: string]: never; }>;


export type RotateTokenMutation = { rotateToken: { token: string, user: { name: string } } };

export type MeQueryVariables = Exact<{ [key: string]: never; }>;


export type MeQuery = { me: { name: string } | null };

export type CreatePuzzleMutationVariables = Exact<{
  input: CreatePuzzleInput;
}>;


export type CreatePuzzleMutation = { createPuzzle: { id: string, kind: PuzzleKind, rows: number | null, cols: number | null, start: Array<number>, goal: Array<number> | null, title: string | null, solvable: boolean, createdAt: string, owner: { name: string } } };

export type PuzzleQueryVariables = Exact<{
  id: string | number;
}>;


export type PuzzleQuery = { puzzle: { id: string, kind: PuzzleKind, rows: number | null, cols: number | null, start: Array<number>, goal: Array<number> | null, title: string | null, solvable: boolean, createdAt: string, owner: { name: string } } | null };

export type PuzzlesQueryVariables = Exact<{
  first?: number | null | undefined;
  after?: string | null | undefined;
  filter?: PuzzleFilter | null | undefined;
  orderBy?: PuzzleOrder | null | undefined;
}>;


export type PuzzlesQuery = { puzzles: { edges: Array<{ node: { id: string, kind: PuzzleKind, rows: number | null, cols: number | null, start: Array<number>, goal: Array<number> | null, title: string | null, solvable: boolean, createdAt: string, owner: { name: string }, difficulty: { optimalLength: number, percentile: number | null } | null } }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } };

export type PuzzleExtrasQueryVariables = Exact<{
  id: string | number;
}>;


export type PuzzleExtrasQuery = { puzzle: { difficulty: { optimalLength: number, percentile: number | null } | null, rating: { value: number, deviation: number, games: number } | null, optimalSolution: { length: number | null, moves: string | null } | null, myBest: { id: string, length: number, optimal: boolean | null, game: SubmissionGame } | null } | null };

export type PuzzleCreatedSubscriptionVariables = Exact<{ [key: string]: never; }>;


export type PuzzleCreatedSubscription = { puzzleCreated: { id: string, kind: PuzzleKind, rows: number | null, cols: number | null, start: Array<number>, goal: Array<number> | null, title: string | null, solvable: boolean, createdAt: string, owner: { name: string } } };

export type RequestSolveMutationVariables = Exact<{
  puzzleId: string | number;
  options?: SolveOptions | null | undefined;
}>;


export type RequestSolveMutation = { requestSolve: { id: string, status: SolveStatus, moves: string | null, length: number | null, optimal: boolean | null, lowerBound: number | null, nodesExpanded: number | null, durationMs: number | null, cached: boolean, error: string | null } };

export type CancelSolveMutationVariables = Exact<{
  id: string | number;
}>;


export type CancelSolveMutation = { cancelSolve: { id: string, status: SolveStatus, moves: string | null, length: number | null, optimal: boolean | null, lowerBound: number | null, nodesExpanded: number | null, durationMs: number | null, cached: boolean, error: string | null } };

export type SolveProgressSubscriptionVariables = Exact<{
  solveId: string | number;
}>;


export type SolveProgressSubscription = { solveProgress: { solveId: string, status: SolveStatus, lowerBound: number | null, nodesExpanded: number | null, nodesPerSecond: number | null, elapsedMs: number | null, provenLowerBound: number | null, unitsDone: number | null, unitsTotal: number | null, threads: number | null, solve: { id: string, status: SolveStatus, moves: string | null, length: number | null, optimal: boolean | null, lowerBound: number | null, nodesExpanded: number | null, durationMs: number | null, cached: boolean, error: string | null } | null } };

export type SubmitMutationVariables = Exact<{
  puzzleId: string | number;
  moves: string;
}>;


export type SubmitMutation = { submitSolution: { id: string, length: number, createdAt: string, rank: number, optimal: boolean | null, game: SubmissionGame } };

export type LeaderboardQueryVariables = Exact<{
  puzzleId: string | number;
  first?: number | null | undefined;
}>;


export type LeaderboardQuery = { leaderboard: { optimalLength: number | null, totalEntries: number, edges: Array<{ node: { rank: number, length: number, submittedAt: string, optimal: boolean | null, user: { name: string } } }> }, puzzle: { myBest: { rank: number, length: number, optimal: boolean | null, createdAt: string } | null } | null };

export type LeaderboardChangedSubscriptionVariables = Exact<{
  puzzleId: string | number;
}>;


export type LeaderboardChangedSubscription = { leaderboardChanged: { change: LeaderboardChange | null, rank: number, length: number, submittedAt: string, optimal: boolean | null, user: { name: string } } };

export type UserPageQueryVariables = Exact<{
  name: string;
}>;


export type UserPageQuery = { user: { name: string, createdAt: string, stats: { submissions: number, optimalSolutions: number, puzzlesCreated: number }, rating: { value: number, deviation: number, games: number } | null, puzzles: { edges: Array<{ node: { id: string, kind: PuzzleKind, rows: number | null, cols: number | null, start: Array<number>, goal: Array<number> | null, title: string | null, solvable: boolean, createdAt: string, owner: { name: string }, difficulty: { optimalLength: number, percentile: number | null } | null } }> }, submissions: { edges: Array<{ node: { id: string, length: number, optimal: boolean | null, moves: string | null, createdAt: string, puzzle: { id: string, kind: PuzzleKind, rows: number | null, cols: number | null, start: Array<number>, goal: Array<number> | null, title: string | null, difficulty: { optimalLength: number } | null } } }> } } | null };

export type RatingChartQueryVariables = Exact<{
  name: string;
  first?: number | null | undefined;
}>;


export type RatingChartQuery = { user: { ratingHistory: Array<{ ratingBefore: number, ratingAfter: number, length: number, optimum: number, playedAt: string, puzzle: { id: string, title: string | null } }> } | null };

export type TopSolversQueryVariables = Exact<{
  first?: number | null | undefined;
  orderBy?: SolverOrder | null | undefined;
}>;


export type TopSolversQuery = { topSolvers: { edges: Array<{ node: { rank: number, optimalSolutions: number, puzzlesSolved: number, user: { name: string, rating: { value: number, deviation: number, games: number } | null } } }> } };

export type DailyPuzzleFieldsFragment = { date: string, category: DailyCategory, optimalLength: number | null, players: number, running: boolean, endsAt: string, puzzle: { id: string, kind: PuzzleKind, rows: number | null, cols: number | null, start: Array<number>, goal: Array<number> | null, title: string | null, solvable: boolean, createdAt: string, owner: { name: string } } };

export type TodaysDailiesQueryVariables = Exact<{ [key: string]: never; }>;


export type TodaysDailiesQuery = { sliding3x3: { date: string, category: DailyCategory, optimalLength: number | null, players: number, running: boolean, endsAt: string, puzzle: { id: string, kind: PuzzleKind, rows: number | null, cols: number | null, start: Array<number>, goal: Array<number> | null, title: string | null, solvable: boolean, createdAt: string, owner: { name: string } } } | null, sliding4x4: { date: string, category: DailyCategory, optimalLength: number | null, players: number, running: boolean, endsAt: string, puzzle: { id: string, kind: PuzzleKind, rows: number | null, cols: number | null, start: Array<number>, goal: Array<number> | null, title: string | null, solvable: boolean, createdAt: string, owner: { name: string } } } | null, rotation: { date: string, category: DailyCategory, optimalLength: number | null, players: number, running: boolean, endsAt: string, puzzle: { id: string, kind: PuzzleKind, rows: number | null, cols: number | null, start: Array<number>, goal: Array<number> | null, title: string | null, solvable: boolean, createdAt: string, owner: { name: string } } } | null };

export type DailyPuzzleQueryVariables = Exact<{
  category: DailyCategory;
  date?: string | null | undefined;
}>;


export type DailyPuzzleQuery = { dailyPuzzle: { date: string, category: DailyCategory, optimalLength: number | null, players: number, running: boolean, endsAt: string, puzzle: { id: string, kind: PuzzleKind, rows: number | null, cols: number | null, start: Array<number>, goal: Array<number> | null, title: string | null, solvable: boolean, createdAt: string, owner: { name: string } } } | null };

export type DailyLeaderboardQueryVariables = Exact<{
  category: DailyCategory;
  date: string;
  first?: number | null | undefined;
}>;


export type DailyLeaderboardQuery = { dailyPuzzle: { leaderboard: { optimalLength: number | null, totalEntries: number, edges: Array<{ node: { rank: number, length: number, submittedAt: string, optimal: boolean | null, user: { name: string } } }> }, puzzle: { id: string, leaderboard: { totalEntries: number } } } | null };

export type DailyRankingPageQueryVariables = Exact<{
  category: DailyCategory;
  date: string;
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type DailyRankingPageQuery = { dailyPuzzle: { leaderboard: { edges: Array<{ node: { rank: number, user: { name: string } } }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } } | null };

export type DailyArchiveQueryVariables = Exact<{
  category: DailyCategory;
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type DailyArchiveQuery = { dailyPuzzles: { edges: Array<{ node: { date: string, category: DailyCategory, optimalLength: number | null, players: number, running: boolean, endsAt: string, puzzle: { id: string, kind: PuzzleKind, rows: number | null, cols: number | null, start: Array<number>, goal: Array<number> | null, title: string | null, solvable: boolean, createdAt: string, owner: { name: string } } } }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } };

export type AnalyzeSolutionMutationVariables = Exact<{
  puzzleId: string | number;
  moves: string;
}>;


export type AnalyzeSolutionMutation = { analyzeSolution: { status: ComputationStatus, progress: number, length: number, optimalLength: number | null, movesLost: number | null, moves: Array<{ index: number, move: string, distanceBefore: number, distanceAfter: number, optimal: boolean }> | null, mistakes: Array<{ index: number }> | null } };

export type HintQueryVariables = Exact<{
  puzzleId: string | number;
  position?: Array<number> | number | null | undefined;
}>;


export type HintQuery = { hint: { status: ComputationStatus, progress: number, move: string | null, distance: number | null } };

export class TypedDocumentString<TResult, TVariables>
  extends String
  implements DocumentTypeDecoration<TResult, TVariables>
{
  __apiType?: NonNullable<DocumentTypeDecoration<TResult, TVariables>['__apiType']>;
  private value: string;
  public __meta__?: Record<string, any> | undefined;

  constructor(value: string, __meta__?: Record<string, any> | undefined) {
    super(value);
    this.value = value;
    this.__meta__ = __meta__;
  }

  override toString(): string & DocumentTypeDecoration<TResult, TVariables> {
    return this.value;
  }
}
export const PuzzleListFieldsFragmentDoc = new TypedDocumentString(`
    fragment PuzzleListFields on Puzzle {
  id
  kind
  rows
  cols
  start
  goal
  title
  solvable
  createdAt
  owner {
    name
  }
  difficulty {
    optimalLength
    percentile
  }
}
    `, {"fragmentName":"PuzzleListFields"}) as unknown as TypedDocumentString<PuzzleListFieldsFragment, unknown>;
export const SolveFieldsFragmentDoc = new TypedDocumentString(`
    fragment SolveFields on Solve {
  id
  status
  moves
  length
  optimal
  lowerBound
  nodesExpanded
  durationMs
  cached
  error
}
    `, {"fragmentName":"SolveFields"}) as unknown as TypedDocumentString<SolveFieldsFragment, unknown>;
export const LeaderboardEntryFieldsFragmentDoc = new TypedDocumentString(`
    fragment LeaderboardEntryFields on LeaderboardEntry {
  rank
  user {
    name
  }
  length
  submittedAt
  optimal
}
    `, {"fragmentName":"LeaderboardEntryFields"}) as unknown as TypedDocumentString<LeaderboardEntryFieldsFragment, unknown>;
export const PuzzleFieldsFragmentDoc = new TypedDocumentString(`
    fragment PuzzleFields on Puzzle {
  id
  kind
  rows
  cols
  start
  goal
  title
  solvable
  createdAt
  owner {
    name
  }
}
    `, {"fragmentName":"PuzzleFields"}) as unknown as TypedDocumentString<PuzzleFieldsFragment, unknown>;
export const DailyPuzzleFieldsFragmentDoc = new TypedDocumentString(`
    fragment DailyPuzzleFields on DailyPuzzle {
  date
  category
  optimalLength
  players
  running
  endsAt
  puzzle {
    ...PuzzleFields
  }
}
    fragment PuzzleFields on Puzzle {
  id
  kind
  rows
  cols
  start
  goal
  title
  solvable
  createdAt
  owner {
    name
  }
}`, {"fragmentName":"DailyPuzzleFields"}) as unknown as TypedDocumentString<DailyPuzzleFieldsFragment, unknown>;
export const SignUpDocument = new TypedDocumentString(`
    mutation SignUp($name: String!) {
  signUp(name: $name) {
    token
    user {
      name
    }
  }
}
    `) as unknown as TypedDocumentString<SignUpMutation, SignUpMutationVariables>;
export const RotateTokenDocument = new TypedDocumentString(`
    mutation RotateToken {
  rotateToken {
    token
    user {
      name
    }
  }
}
    `) as unknown as TypedDocumentString<RotateTokenMutation, RotateTokenMutationVariables>;
export const MeDocument = new TypedDocumentString(`
    query Me {
  me {
    name
  }
}
    `) as unknown as TypedDocumentString<MeQuery, MeQueryVariables>;
export const CreatePuzzleDocument = new TypedDocumentString(`
    mutation CreatePuzzle($input: CreatePuzzleInput!) {
  createPuzzle(input: $input) {
    ...PuzzleFields
  }
}
    fragment PuzzleFields on Puzzle {
  id
  kind
  rows
  cols
  start
  goal
  title
  solvable
  createdAt
  owner {
    name
  }
}`) as unknown as TypedDocumentString<CreatePuzzleMutation, CreatePuzzleMutationVariables>;
export const PuzzleDocument = new TypedDocumentString(`
    query Puzzle($id: ID!) {
  puzzle(id: $id) {
    ...PuzzleFields
  }
}
    fragment PuzzleFields on Puzzle {
  id
  kind
  rows
  cols
  start
  goal
  title
  solvable
  createdAt
  owner {
    name
  }
}`) as unknown as TypedDocumentString<PuzzleQuery, PuzzleQueryVariables>;
export const PuzzlesDocument = new TypedDocumentString(`
    query Puzzles($first: Int, $after: String, $filter: PuzzleFilter, $orderBy: PuzzleOrder) {
  puzzles(first: $first, after: $after, filter: $filter, orderBy: $orderBy) {
    edges {
      node {
        ...PuzzleListFields
      }
    }
    pageInfo {
      hasNextPage
      endCursor
    }
  }
}
    fragment PuzzleListFields on Puzzle {
  id
  kind
  rows
  cols
  start
  goal
  title
  solvable
  createdAt
  owner {
    name
  }
  difficulty {
    optimalLength
    percentile
  }
}`) as unknown as TypedDocumentString<PuzzlesQuery, PuzzlesQueryVariables>;
export const PuzzleExtrasDocument = new TypedDocumentString(`
    query PuzzleExtras($id: ID!) {
  puzzle(id: $id) {
    difficulty {
      optimalLength
      percentile
    }
    rating {
      value
      deviation
      games
    }
    optimalSolution {
      length
      moves
    }
    myBest {
      id
      length
      optimal
      game
    }
  }
}
    `) as unknown as TypedDocumentString<PuzzleExtrasQuery, PuzzleExtrasQueryVariables>;
export const PuzzleCreatedDocument = new TypedDocumentString(`
    subscription PuzzleCreated {
  puzzleCreated {
    ...PuzzleFields
  }
}
    fragment PuzzleFields on Puzzle {
  id
  kind
  rows
  cols
  start
  goal
  title
  solvable
  createdAt
  owner {
    name
  }
}`) as unknown as TypedDocumentString<PuzzleCreatedSubscription, PuzzleCreatedSubscriptionVariables>;
export const RequestSolveDocument = new TypedDocumentString(`
    mutation RequestSolve($puzzleId: ID!, $options: SolveOptions) {
  requestSolve(puzzleId: $puzzleId, options: $options) {
    ...SolveFields
  }
}
    fragment SolveFields on Solve {
  id
  status
  moves
  length
  optimal
  lowerBound
  nodesExpanded
  durationMs
  cached
  error
}`) as unknown as TypedDocumentString<RequestSolveMutation, RequestSolveMutationVariables>;
export const CancelSolveDocument = new TypedDocumentString(`
    mutation CancelSolve($id: ID!) {
  cancelSolve(id: $id) {
    ...SolveFields
  }
}
    fragment SolveFields on Solve {
  id
  status
  moves
  length
  optimal
  lowerBound
  nodesExpanded
  durationMs
  cached
  error
}`) as unknown as TypedDocumentString<CancelSolveMutation, CancelSolveMutationVariables>;
export const SolveProgressDocument = new TypedDocumentString(`
    subscription SolveProgress($solveId: ID!) {
  solveProgress(solveId: $solveId) {
    solveId
    status
    lowerBound
    nodesExpanded
    nodesPerSecond
    elapsedMs
    provenLowerBound
    unitsDone
    unitsTotal
    threads
    solve {
      ...SolveFields
    }
  }
}
    fragment SolveFields on Solve {
  id
  status
  moves
  length
  optimal
  lowerBound
  nodesExpanded
  durationMs
  cached
  error
}`) as unknown as TypedDocumentString<SolveProgressSubscription, SolveProgressSubscriptionVariables>;
export const SubmitDocument = new TypedDocumentString(`
    mutation Submit($puzzleId: ID!, $moves: String!) {
  submitSolution(puzzleId: $puzzleId, moves: $moves) {
    id
    length
    createdAt
    rank
    optimal
    game
  }
}
    `) as unknown as TypedDocumentString<SubmitMutation, SubmitMutationVariables>;
export const LeaderboardDocument = new TypedDocumentString(`
    query Leaderboard($puzzleId: ID!, $first: Int) {
  leaderboard(puzzleId: $puzzleId, first: $first) {
    optimalLength
    totalEntries
    edges {
      node {
        ...LeaderboardEntryFields
      }
    }
  }
  puzzle(id: $puzzleId) {
    myBest {
      rank
      length
      optimal
      createdAt
    }
  }
}
    fragment LeaderboardEntryFields on LeaderboardEntry {
  rank
  user {
    name
  }
  length
  submittedAt
  optimal
}`) as unknown as TypedDocumentString<LeaderboardQuery, LeaderboardQueryVariables>;
export const LeaderboardChangedDocument = new TypedDocumentString(`
    subscription LeaderboardChanged($puzzleId: ID!) {
  leaderboardChanged(puzzleId: $puzzleId) {
    ...LeaderboardEntryFields
    change
  }
}
    fragment LeaderboardEntryFields on LeaderboardEntry {
  rank
  user {
    name
  }
  length
  submittedAt
  optimal
}`) as unknown as TypedDocumentString<LeaderboardChangedSubscription, LeaderboardChangedSubscriptionVariables>;
export const UserPageDocument = new TypedDocumentString(`
    query UserPage($name: String!) {
  user(name: $name) {
    name
    createdAt
    stats {
      submissions
      optimalSolutions
      puzzlesCreated
    }
    rating {
      value
      deviation
      games
    }
    puzzles(first: 10) {
      edges {
        node {
          ...PuzzleListFields
        }
      }
    }
    submissions(first: 10) {
      edges {
        node {
          id
          length
          optimal
          moves
          createdAt
          puzzle {
            id
            kind
            rows
            cols
            start
            goal
            title
            difficulty {
              optimalLength
            }
          }
        }
      }
    }
  }
}
    fragment PuzzleListFields on Puzzle {
  id
  kind
  rows
  cols
  start
  goal
  title
  solvable
  createdAt
  owner {
    name
  }
  difficulty {
    optimalLength
    percentile
  }
}`) as unknown as TypedDocumentString<UserPageQuery, UserPageQueryVariables>;
export const RatingChartDocument = new TypedDocumentString(`
    query RatingChart($name: String!, $first: Int) {
  user(name: $name) {
    ratingHistory(first: $first) {
      ratingBefore
      ratingAfter
      length
      optimum
      playedAt
      puzzle {
        id
        title
      }
    }
  }
}
    `) as unknown as TypedDocumentString<RatingChartQuery, RatingChartQueryVariables>;
export const TopSolversDocument = new TypedDocumentString(`
    query TopSolvers($first: Int, $orderBy: SolverOrder) {
  topSolvers(first: $first, orderBy: $orderBy) {
    edges {
      node {
        rank
        user {
          name
          rating {
            value
            deviation
            games
          }
        }
        optimalSolutions
        puzzlesSolved
      }
    }
  }
}
    `) as unknown as TypedDocumentString<TopSolversQuery, TopSolversQueryVariables>;
export const TodaysDailiesDocument = new TypedDocumentString(`
    query TodaysDailies {
  sliding3x3: dailyPuzzle(category: SLIDING_3X3) {
    ...DailyPuzzleFields
  }
  sliding4x4: dailyPuzzle(category: SLIDING_4X4) {
    ...DailyPuzzleFields
  }
  rotation: dailyPuzzle(category: ROTATION) {
    ...DailyPuzzleFields
  }
}
    fragment PuzzleFields on Puzzle {
  id
  kind
  rows
  cols
  start
  goal
  title
  solvable
  createdAt
  owner {
    name
  }
}
fragment DailyPuzzleFields on DailyPuzzle {
  date
  category
  optimalLength
  players
  running
  endsAt
  puzzle {
    ...PuzzleFields
  }
}`) as unknown as TypedDocumentString<TodaysDailiesQuery, TodaysDailiesQueryVariables>;
export const DailyPuzzleDocument = new TypedDocumentString(`
    query DailyPuzzle($category: DailyCategory!, $date: String) {
  dailyPuzzle(category: $category, date: $date) {
    ...DailyPuzzleFields
  }
}
    fragment PuzzleFields on Puzzle {
  id
  kind
  rows
  cols
  start
  goal
  title
  solvable
  createdAt
  owner {
    name
  }
}
fragment DailyPuzzleFields on DailyPuzzle {
  date
  category
  optimalLength
  players
  running
  endsAt
  puzzle {
    ...PuzzleFields
  }
}`) as unknown as TypedDocumentString<DailyPuzzleQuery, DailyPuzzleQueryVariables>;
export const DailyLeaderboardDocument = new TypedDocumentString(`
    query DailyLeaderboard($category: DailyCategory!, $date: String!, $first: Int) {
  dailyPuzzle(category: $category, date: $date) {
    leaderboard(first: $first) {
      optimalLength
      totalEntries
      edges {
        node {
          ...LeaderboardEntryFields
        }
      }
    }
    puzzle {
      id
      leaderboard(first: 1) {
        totalEntries
      }
    }
  }
}
    fragment LeaderboardEntryFields on LeaderboardEntry {
  rank
  user {
    name
  }
  length
  submittedAt
  optimal
}`) as unknown as TypedDocumentString<DailyLeaderboardQuery, DailyLeaderboardQueryVariables>;
export const DailyRankingPageDocument = new TypedDocumentString(`
    query DailyRankingPage($category: DailyCategory!, $date: String!, $first: Int, $after: String) {
  dailyPuzzle(category: $category, date: $date) {
    leaderboard(first: $first, after: $after) {
      edges {
        node {
          rank
          user {
            name
          }
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
}
    `) as unknown as TypedDocumentString<DailyRankingPageQuery, DailyRankingPageQueryVariables>;
export const DailyArchiveDocument = new TypedDocumentString(`
    query DailyArchive($category: DailyCategory!, $first: Int, $after: String) {
  dailyPuzzles(category: $category, first: $first, after: $after) {
    edges {
      node {
        ...DailyPuzzleFields
      }
    }
    pageInfo {
      hasNextPage
      endCursor
    }
  }
}
    fragment PuzzleFields on Puzzle {
  id
  kind
  rows
  cols
  start
  goal
  title
  solvable
  createdAt
  owner {
    name
  }
}
fragment DailyPuzzleFields on DailyPuzzle {
  date
  category
  optimalLength
  players
  running
  endsAt
  puzzle {
    ...PuzzleFields
  }
}`) as unknown as TypedDocumentString<DailyArchiveQuery, DailyArchiveQueryVariables>;
export const AnalyzeSolutionDocument = new TypedDocumentString(`
    mutation AnalyzeSolution($puzzleId: ID!, $moves: String!) {
  analyzeSolution(puzzleId: $puzzleId, moves: $moves) {
    status
    progress
    length
    optimalLength
    movesLost
    moves {
      index
      move
      distanceBefore
      distanceAfter
      optimal
    }
    mistakes {
      index
    }
  }
}
    `) as unknown as TypedDocumentString<AnalyzeSolutionMutation, AnalyzeSolutionMutationVariables>;
export const HintDocument = new TypedDocumentString(`
    query Hint($puzzleId: ID!, $position: [Int!]) {
  hint(puzzleId: $puzzleId, position: $position) {
    status
    progress
    move
    distance
  }
}
    `) as unknown as TypedDocumentString<HintQuery, HintQueryVariables>;