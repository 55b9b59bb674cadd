// Every GraphQL operation the page uses, with the shapes it reads back. The names are the API's
// public contract (the platform, pipeline and leaderboard issues); nothing here is private.
import { request } from "./graphql.ts";
import { subscribe, type SubscriptionHandlers } from "./subscriptions.ts";

type PuzzleKind = "SLIDING" | "ROTATION";
export type SolveStatus =
  | "QUEUED"
  | "RUNNING"
  | "SOLVED"
  | "UNSOLVABLE"
  | "CANCELLED"
  | "TIMED_OUT"
  | "FAILED";

export interface UserRef {
  readonly name: string;
}

export interface Puzzle {
  readonly id: string;
  readonly kind: PuzzleKind;
  readonly rows: number | null;
  readonly cols: number | null;
  readonly start: number[];
  readonly goal: number[] | null;
  readonly title: string | null;
  readonly solvable: boolean;
  readonly createdAt: string;
  readonly owner: UserRef;
}

export interface Solve {
  readonly id: string;
  readonly status: SolveStatus;
  readonly moves: string | null;
  readonly length: number | null;
  readonly optimal: boolean | null;
  readonly lowerBound: number | null;
  readonly nodesExpanded: number | null;
  readonly durationMs: number | null;
  readonly cached: boolean | null;
  readonly error: string | null;
}

export interface SolveEvent {
  readonly solveId: string;
  readonly status: SolveStatus;
  readonly lowerBound: number | null;
  readonly nodesExpanded: number | null;
  readonly nodesPerSecond: number | null;
  readonly elapsedMs: number | null;
  readonly solve: Solve | null;
}

export interface Submission {
  readonly id: string;
  readonly length: number;
  readonly rank: number | null;
  readonly optimal: boolean | null;
}

export interface LeaderboardEntry {
  readonly rank: number;
  readonly user: UserRef;
  readonly length: number;
  readonly submittedAt: string;
  readonly optimal: boolean | null;
}

export interface Leaderboard {
  readonly optimalLength: number | null;
  readonly totalEntries: number;
  readonly entries: LeaderboardEntry[];
}

interface UserStats {
  readonly submissions: number;
  readonly optimalSolutions: number;
  readonly puzzlesCreated: number;
}

export interface UserPage {
  readonly name: string;
  readonly createdAt: string;
  readonly stats: UserStats | null;
  readonly puzzles: Puzzle[];
  readonly submissions: {
    id: string;
    length: number;
    optimal: boolean | null;
    createdAt: string;
    puzzle: { id: string; title: string | null };
  }[];
}

interface Connection<T> {
  edges: { node: T }[];
}

const nodes = <T>(connection: Connection<T>): T[] => connection.edges.map((edge) => edge.node);

const PUZZLE_FIELDS = "id kind rows cols start goal title solvable createdAt owner { name }";
const SOLVE_FIELDS = "id status moves length optimal lowerBound nodesExpanded durationMs cached error";

export async function signUp(name: string): Promise<{ token: string; name: string }> {
  const data = await request<{ signUp: { token: string; user: UserRef } }>(
    "mutation SignUp($name: String!) { signUp(name: $name) { token user { name } } }",
    { name },
  );
  return { token: data.signUp.token, name: data.signUp.user.name };
}

export async function me(): Promise<UserRef | null> {
  return (await request<{ me: UserRef | null }>("query Me { me { name } }")).me;
}

export interface CreatePuzzleInput {
  kind: PuzzleKind;
  rows?: number;
  cols?: number;
  start: number[];
  goal?: number[];
  title?: string;
}

export async function createPuzzle(input: CreatePuzzleInput): Promise<Puzzle> {
  const data = await request<{ createPuzzle: Puzzle }>(
    `mutation CreatePuzzle($input: CreatePuzzleInput!) { createPuzzle(input: $input) { ${PUZZLE_FIELDS} } }`,
    { input },
  );
  return data.createPuzzle;
}

export async function getPuzzle(id: string): Promise<Puzzle | null> {
  return (
    await request<{ puzzle: Puzzle | null }>(
      `query Puzzle($id: ID!) { puzzle(id: $id) { ${PUZZLE_FIELDS} } }`,
      { id },
    )
  ).puzzle;
}

export async function recentPuzzles(first = 20): Promise<Puzzle[]> {
  const data = await request<{ puzzles: Connection<Puzzle> }>(
    `query Puzzles($first: Int) { puzzles(first: $first) { edges { node { ${PUZZLE_FIELDS} } } } }`,
    { first },
  );
  return nodes(data.puzzles);
}

export function onPuzzleCreated(handlers: SubscriptionHandlers<Puzzle>): () => void {
  return subscribe<{ puzzleCreated: Puzzle }>(
    `subscription { puzzleCreated { ${PUZZLE_FIELDS} } }`,
    {},
    {
      ...handlers,
      next: (data) => handlers.next(data.puzzleCreated),
    },
  );
}

export interface SolveRequestOptions {
  algorithm?: "AUTO" | "BFS_TABLE" | "ASTAR" | "IDA_STAR";
  heuristic?: string;
  timeLimitSeconds?: number;
}

export async function requestSolve(puzzleId: string, options: SolveRequestOptions): Promise<Solve> {
  const data = await request<{ requestSolve: Solve }>(
    `mutation RequestSolve($puzzleId: ID!, $options: SolveOptions) {
      requestSolve(puzzleId: $puzzleId, options: $options) { ${SOLVE_FIELDS} }
    }`,
    { puzzleId, options },
  );
  return data.requestSolve;
}

export async function cancelSolve(id: string): Promise<Solve> {
  return (
    await request<{ cancelSolve: Solve }>(
      `mutation CancelSolve($id: ID!) { cancelSolve(id: $id) { ${SOLVE_FIELDS} } }`,
      { id },
    )
  ).cancelSolve;
}

export function onSolveProgress(solveId: string, handlers: SubscriptionHandlers<SolveEvent>): () => void {
  return subscribe<{ solveProgress: SolveEvent }>(
    `subscription SolveProgress($solveId: ID!) { solveProgress(solveId: $solveId) {
      solveId status lowerBound nodesExpanded nodesPerSecond elapsedMs solve { ${SOLVE_FIELDS} } } }`,
    { solveId },
    { ...handlers, next: (data) => handlers.next(data.solveProgress) },
  );
}

export async function submitSolution(puzzleId: string, moves: string): Promise<Submission> {
  const data = await request<{ submitSolution: Submission }>(
    `mutation Submit($puzzleId: ID!, $moves: String!) {
      submitSolution(puzzleId: $puzzleId, moves: $moves) { id length rank optimal }
    }`,
    { puzzleId, moves },
  );
  return data.submitSolution;
}

export async function leaderboard(puzzleId: string, first = 20): Promise<Leaderboard> {
  const data = await request<{
    leaderboard: Connection<LeaderboardEntry> & { optimalLength: number | null; totalEntries: number };
  }>(
    `query Leaderboard($puzzleId: ID!, $first: Int) { leaderboard(puzzleId: $puzzleId, first: $first) {
      optimalLength totalEntries edges { node { rank user { name } length submittedAt optimal } } } }`,
    { puzzleId, first },
  );
  const board = data.leaderboard;
  return { optimalLength: board.optimalLength, totalEntries: board.totalEntries, entries: nodes(board) };
}

/** Calls `changed` whenever the puzzle's leaderboard gains a new best entry. */
export function onLeaderboardChanged(
  puzzleId: string,
  handlers: SubscriptionHandlers<LeaderboardEntry>,
): () => void {
  return subscribe<{ leaderboardChanged: LeaderboardEntry }>(
    `subscription LeaderboardChanged($puzzleId: ID!) {
      leaderboardChanged(puzzleId: $puzzleId) { rank user { name } length submittedAt optimal }
    }`,
    { puzzleId },
    { ...handlers, next: (data) => handlers.next(data.leaderboardChanged) },
  );
}

export async function userPage(name: string): Promise<UserPage | null> {
  const data = await request<{
    user:
      | (Omit<UserPage, "puzzles" | "submissions"> & {
          puzzles: Connection<Puzzle>;
          submissions: Connection<UserPage["submissions"][number]>;
        })
      | null;
  }>(
    `query UserPage($name: String!) { user(name: $name) {
      name createdAt stats { submissions optimalSolutions puzzlesCreated }
      puzzles(first: 10) { edges { node { ${PUZZLE_FIELDS} } } }
      submissions(first: 10) { edges { node { id length optimal createdAt puzzle { id title } } } } } }`,
    { name },
  );
  if (data.user === null) return null;
  return { ...data.user, puzzles: nodes(data.user.puzzles), submissions: nodes(data.user.submissions) };
}

export interface SolverRanking {
  readonly rank: number;
  readonly user: UserRef;
  readonly optimalSolutions: number;
  readonly puzzlesSolved: number;
}

export async function topSolvers(first = 10): Promise<SolverRanking[]> {
  const data = await request<{ topSolvers: Connection<SolverRanking> }>(
    `query TopSolvers($first: Int) {
      topSolvers(first: $first) { edges { node { rank user { name } optimalSolutions puzzlesSolved } } }
    }`,
    { first },
  );
  return nodes(data.topSolvers);
}
