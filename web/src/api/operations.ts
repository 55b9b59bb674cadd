// Every GraphQL operation the page uses. Their result and variable types are generated from the
// schema by graphql-codegen (`npm run codegen` → ../gql/), never written by hand here: the documents
// are written with `graphql(...)`, and each helper returns the part of the result the views read.
import { graphql } from "../gql/index.ts";
import type {
  AnalyzeSolutionMutation,
  CreatePuzzleInput,
  DailyCategory,
  DailyPuzzleFieldsFragment,
  HintQuery,
  LeaderboardEntryFieldsFragment,
  PuzzleFieldsFragment,
  PuzzleListFieldsFragment,
  PuzzleFilter,
  PuzzleOrder,
  SolverOrder,
  SolveFieldsFragment,
  SolveOptions,
  SolveProgressSubscription,
  SubmitMutation,
  LeaderboardQuery,
  PuzzleExtrasQuery,
  RatingChartQuery,
  TopSolversQuery,
  UserPageQuery,
} from "../gql/graphql.ts";
import { request, requestWithToken } from "./graphql.ts";
import { subscribe, type SubscriptionHandlers } from "./subscriptions.ts";

export type { CreatePuzzleInput, SolveStatus } from "../gql/graphql.ts";
export type { PuzzleFilter, PuzzleOrder, SolverOrder } from "../gql/graphql.ts";
export type Puzzle = PuzzleFieldsFragment;
/** A puzzle as lists show it; the live feed's new puzzles have no difficulty yet. */
export type ListedPuzzle = Puzzle & Partial<Pick<PuzzleListFieldsFragment, "difficulty">>;
export type PuzzleExtras = NonNullable<PuzzleExtrasQuery["puzzle"]>;
export type RatedGame = NonNullable<RatingChartQuery["user"]>["ratingHistory"][number];
export type Solve = SolveFieldsFragment;
export type SolveEvent = SolveProgressSubscription["solveProgress"];
export type SolveRequestOptions = SolveOptions;
export type Submission = SubmitMutation["submitSolution"];
export type LeaderboardEntry = LeaderboardEntryFieldsFragment;
export type SolverRanking = TopSolversQuery["topSolvers"]["edges"][number]["node"];

export interface UserRef {
  readonly name: string;
}

export interface Leaderboard {
  readonly optimalLength: number | null | undefined;
  readonly totalEntries: number;
  readonly entries: LeaderboardEntry[];
  /**
   * A daily puzzle's day ranking only: the players left out of it, whose every submission came after
   * the day (the puzzle's all-time entries less the day's).
   */
  readonly afterTheDay?: number;
  /**
   * The viewer's best on the puzzle's all-time board (`Puzzle.myBest`): its row is added under a board
   * that stops before it. Null when anonymous or without a submission; absent for a day ranking.
   */
  readonly viewerBest?: ViewerBest | null;
}

type ViewerBest = NonNullable<NonNullable<LeaderboardQuery["puzzle"]>["myBest"]>;

type UserPageUser = NonNullable<UserPageQuery["user"]>;
export interface UserPage extends Omit<UserPageUser, "puzzles" | "submissions"> {
  readonly puzzles: ListedPuzzle[];
  readonly submissions: UserPageUser["submissions"]["edges"][number]["node"][];
}

const nodes = <T>(connection: { edges: { node: T }[] }): T[] => connection.edges.map((edge) => edge.node);

graphql(`
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
`);

// What a puzzle in a list shows beside its thumbnail: the optimum and how hard it is. Written out
// rather than spreading PuzzleFields: graphql-armor counts a spread as a level of depth and cost.
graphql(`
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
`);

graphql(`
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
`);

graphql(`
  fragment LeaderboardEntryFields on LeaderboardEntry {
    rank
    user {
      name
    }
    length
    submittedAt
    optimal
  }
`);

const SignUpDocument = graphql(`
  mutation SignUp($name: String!) {
    signUp(name: $name) {
      token
      user {
        name
      }
    }
  }
`);

export async function signUp(name: string): Promise<{ token: string; name: string }> {
  const data = await request(SignUpDocument, { name });
  return { token: data.signUp.token, name: data.signUp.user.name };
}

const RotateTokenDocument = graphql(`
  mutation RotateToken {
    rotateToken {
      token
      user {
        name
      }
    }
  }
`);

/** A new token for the signed-in user; the old one stops working everywhere at once. */
export async function rotateToken(): Promise<{ token: string; name: string }> {
  const data = await request(RotateTokenDocument);
  return { token: data.rotateToken.token, name: data.rotateToken.user.name };
}

const MeDocument = graphql(`
  query Me {
    me {
      name
    }
  }
`);

export async function me(): Promise<UserRef | null> {
  return (await request(MeDocument)).me ?? null;
}

/** The name of the user `token` belongs to; throws UNAUTHENTICATED when the server does not know it. */
export async function nameOfToken(token: string): Promise<string | null> {
  return (await requestWithToken(token, MeDocument)).me?.name ?? null;
}

const CreatePuzzleDocument = graphql(`
  mutation CreatePuzzle($input: CreatePuzzleInput!) {
    createPuzzle(input: $input) {
      ...PuzzleFields
    }
  }
`);

export async function createPuzzle(input: CreatePuzzleInput): Promise<Puzzle> {
  return (await request(CreatePuzzleDocument, { input })).createPuzzle;
}

const PuzzleDocument = graphql(`
  query Puzzle($id: ID!) {
    puzzle(id: $id) {
      ...PuzzleFields
    }
  }
`);

export async function getPuzzle(id: string): Promise<Puzzle | null> {
  return (await request(PuzzleDocument, { id })).puzzle ?? null;
}

const PuzzlesDocument = graphql(`
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
`);

export interface PuzzlePage {
  readonly puzzles: ListedPuzzle[];
  /** The cursor of the next page; null on the last. */
  readonly next: string | null;
}

export async function recentPuzzles(first = 20): Promise<ListedPuzzle[]> {
  return (await findPuzzles({ first })).puzzles;
}

export async function findPuzzles(options: {
  first: number;
  after?: string | null;
  filter?: PuzzleFilter;
  orderBy?: PuzzleOrder;
}): Promise<PuzzlePage> {
  const { puzzles } = await request(PuzzlesDocument, options);
  return {
    puzzles: nodes(puzzles),
    next: puzzles.pageInfo.hasNextPage ? (puzzles.pageInfo.endCursor ?? null) : null,
  };
}

const PuzzleExtrasDocument = graphql(`
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
`);

/** What the puzzle page shows about the competition: difficulty, rating, the optimum's moves if visible. */
export async function puzzleExtras(id: string): Promise<PuzzleExtras | null> {
  return (await request(PuzzleExtrasDocument, { id })).puzzle ?? null;
}

const PuzzleCreatedDocument = graphql(`
  subscription PuzzleCreated {
    puzzleCreated {
      ...PuzzleFields
    }
  }
`);

export function onPuzzleCreated(handlers: SubscriptionHandlers<Puzzle>): () => void {
  return subscribe(
    PuzzleCreatedDocument,
    {},
    {
      ...handlers,
      next: (data) => handlers.next(data.puzzleCreated),
    },
  );
}

const RequestSolveDocument = graphql(`
  mutation RequestSolve($puzzleId: ID!, $options: SolveOptions) {
    requestSolve(puzzleId: $puzzleId, options: $options) {
      ...SolveFields
    }
  }
`);

export async function requestSolve(puzzleId: string, options: SolveRequestOptions): Promise<Solve> {
  return (await request(RequestSolveDocument, { puzzleId, options })).requestSolve;
}

const CancelSolveDocument = graphql(`
  mutation CancelSolve($id: ID!) {
    cancelSolve(id: $id) {
      ...SolveFields
    }
  }
`);

export async function cancelSolve(id: string): Promise<Solve> {
  return (await request(CancelSolveDocument, { id })).cancelSolve;
}

const SolveProgressDocument = graphql(`
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
`);

export function onSolveProgress(solveId: string, handlers: SubscriptionHandlers<SolveEvent>): () => void {
  return subscribe(
    SolveProgressDocument,
    { solveId },
    {
      ...handlers,
      next: (data) => handlers.next(data.solveProgress),
    },
  );
}

const SubmitDocument = graphql(`
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
`);

export async function submitSolution(puzzleId: string, moves: string): Promise<Submission> {
  return (await request(SubmitDocument, { puzzleId, moves })).submitSolution;
}

const LeaderboardDocument = graphql(`
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
`);

/** The first `first` entries, and the viewer's own best (in the same request) for a board that stops before it. */
export async function leaderboard(puzzleId: string, first = 20): Promise<Leaderboard> {
  const data = await request(LeaderboardDocument, { puzzleId, first });
  const board = data.leaderboard;
  return {
    optimalLength: board.optimalLength,
    totalEntries: board.totalEntries,
    entries: nodes(board),
    viewerBest: data.puzzle?.myBest ?? null,
  };
}

const LeaderboardChangedDocument = graphql(`
  subscription LeaderboardChanged($puzzleId: ID!) {
    leaderboardChanged(puzzleId: $puzzleId) {
      ...LeaderboardEntryFields
      change
    }
  }
`);

/**
 * Calls `next` whenever the puzzle's leaderboard gains a new best entry (`change: NEW_BEST`) or its
 * board's optimum is proven (`change: OPTIMUM_PROVEN`, with the leading entry).
 */
export function onLeaderboardChanged(
  puzzleId: string,
  handlers: SubscriptionHandlers<LeaderboardEntry>,
): () => void {
  return subscribe(
    LeaderboardChangedDocument,
    { puzzleId },
    {
      ...handlers,
      next: (data) => handlers.next(data.leaderboardChanged),
    },
  );
}

const UserPageDocument = graphql(`
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
`);

const RatingChartDocument = graphql(`
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
`);

/** A player's rated games, oldest first (the order a chart draws them). */
export async function ratingHistory(name: string, first = 50): Promise<RatedGame[]> {
  const { user } = await request(RatingChartDocument, { name, first });
  return [...(user?.ratingHistory ?? [])].reverse();
}

export async function userPage(name: string): Promise<UserPage | null> {
  const { user } = await request(UserPageDocument, { name });
  if (!user) return null;
  return { ...user, puzzles: nodes(user.puzzles), submissions: nodes(user.submissions) };
}

const TopSolversDocument = graphql(`
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
`);

export async function topSolvers(
  first = 10,
  orderBy: SolverOrder = "OPTIMAL_SOLUTIONS",
): Promise<SolverRanking[]> {
  return nodes((await request(TopSolversDocument, { first, orderBy })).topSolvers);
}

// Daily puzzles, analyses and hints (docs/competition.md).

export type { DailyCategory } from "../gql/graphql.ts";
export type DailyPuzzle = DailyPuzzleFieldsFragment;
export type SolutionAnalysis = AnalyzeSolutionMutation["analyzeSolution"];
export type MoveAnalysis = NonNullable<SolutionAnalysis["moves"]>[number];
export type Hint = HintQuery["hint"];

export interface DailyPage {
  readonly days: DailyPuzzle[];
  readonly hasNextPage: boolean;
  readonly endCursor: string | null | undefined;
}

graphql(`
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
`);

const TodaysDailiesDocument = graphql(`
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
`);

/** Today's daily puzzles (UTC) by category; null for a category not published yet. */
export async function todaysDailies(): Promise<Record<DailyCategory, DailyPuzzle | null>> {
  const data = await request(TodaysDailiesDocument);
  return {
    SLIDING_3X3: data.sliding3x3 ?? null,
    SLIDING_4X4: data.sliding4x4 ?? null,
    ROTATION: data.rotation ?? null,
  };
}

const DailyPuzzleDocument = graphql(`
  query DailyPuzzle($category: DailyCategory!, $date: String) {
    dailyPuzzle(category: $category, date: $date) {
      ...DailyPuzzleFields
    }
  }
`);

export async function dailyPuzzle(category: DailyCategory, date: string): Promise<DailyPuzzle | null> {
  return (await request(DailyPuzzleDocument, { category, date })).dailyPuzzle ?? null;
}

// A daily's day ranking (submissions made before its end), and how many players of the puzzle's
// all-time board it leaves out.
const DailyLeaderboardDocument = graphql(`
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
`);

/** The day ranking of the category's daily of `date` (ranks among the day's players only). */
export async function dailyLeaderboard(
  category: DailyCategory,
  date: string,
  first = 20,
): Promise<Leaderboard> {
  const daily = (await request(DailyLeaderboardDocument, { category, date, first })).dailyPuzzle;
  if (!daily) throw new Error(`No ${category} daily puzzle of ${date}.`);
  const board = daily.leaderboard;
  return {
    optimalLength: board.optimalLength,
    totalEntries: board.totalEntries,
    entries: nodes(board),
    afterTheDay: daily.puzzle.leaderboard.totalEntries - board.totalEntries,
  };
}

// One page of a daily's day ranking, names and ranks only: to find the viewer's own entry.
const DailyRankingPageDocument = graphql(`
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
`);

/** Pages read at most (100 entries each) looking for a player's day entry. */
const DAY_ENTRY_PAGES = 20;

/**
 * `name`'s entry in the day ranking of the category's daily of `date`: null when the ranking has
 * none (every submission of theirs came after the day), undefined when not found within the first
 * 2,000 entries.
 */
export async function dayEntryOf(
  category: DailyCategory,
  date: string,
  name: string,
): Promise<{ rank: number } | null | undefined> {
  let after: string | null | undefined;
  for (let page = 0; page < DAY_ENTRY_PAGES; page++) {
    const daily = (await request(DailyRankingPageDocument, { category, date, first: 100, after }))
      .dailyPuzzle;
    if (!daily) return undefined;
    const entry = nodes(daily.leaderboard).find((node) => node.user.name === name);
    if (entry) return { rank: entry.rank };
    if (!daily.leaderboard.pageInfo.hasNextPage) return null;
    after = daily.leaderboard.pageInfo.endCursor;
  }
  return undefined;
}

const DailyArchiveDocument = graphql(`
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
`);

/** A page of the category's archive, newest day first. */
export async function dailyArchive(
  category: DailyCategory,
  first: number,
  after: string | null,
): Promise<DailyPage> {
  const page = (await request(DailyArchiveDocument, { category, first, after })).dailyPuzzles;
  return { days: nodes(page), hasNextPage: page.pageInfo.hasNextPage, endCursor: page.pageInfo.endCursor };
}

const AnalyzeSolutionDocument = graphql(`
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
`);

/** The solution's analysis; PENDING (4x4) means: call again with the same arguments to poll. */
export async function analyzeSolution(puzzleId: string, moves: string): Promise<SolutionAnalysis> {
  return (await request(AnalyzeSolutionDocument, { puzzleId, moves })).analyzeSolution;
}

const HintDocument = graphql(`
  query Hint($puzzleId: ID!, $position: [Int!]) {
    hint(puzzleId: $puzzleId, position: $position) {
      status
      progress
      move
      distance
    }
  }
`);

/** The first move of an optimal solution from `position`; PENDING (4x4): ask again to poll. */
export async function hint(puzzleId: string, position: readonly number[]): Promise<Hint> {
  return (await request(HintDocument, { puzzleId, position: [...position] })).hint;
}
