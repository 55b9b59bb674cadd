/* eslint-disable */
import * as types from './graphql';



/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  fragment PuzzleFields on Puzzle {\n    id\n    kind\n    rows\n    cols\n    start\n    goal\n    title\n    solvable\n    createdAt\n    owner {\n      name\n    }\n  }\n": typeof types.PuzzleFieldsFragmentDoc,
    "\n  fragment PuzzleListFields on Puzzle {\n    id\n    kind\n    rows\n    cols\n    start\n    goal\n    title\n    solvable\n    createdAt\n    owner {\n      name\n    }\n    difficulty {\n      optimalLength\n      percentile\n    }\n  }\n": typeof types.PuzzleListFieldsFragmentDoc,
    "\n  fragment SolveFields on Solve {\n    id\n    status\n    moves\n    length\n    optimal\n    lowerBound\n    nodesExpanded\n    durationMs\n    cached\n    error\n  }\n": typeof types.SolveFieldsFragmentDoc,
    "\n  fragment LeaderboardEntryFields on LeaderboardEntry {\n    rank\n    user {\n      name\n    }\n    length\n    submittedAt\n    optimal\n  }\n": typeof types.LeaderboardEntryFieldsFragmentDoc,
    "\n  mutation SignUp($name: String!) {\n    signUp(name: $name) {\n      token\n      user {\n        name\n      }\n    }\n  }\n": typeof types.SignUpDocument,
    "\n  mutation RotateToken {\n    rotateToken {\n      token\n      user {\n        name\n      }\n    }\n  }\n": typeof types.RotateTokenDocument,
    "\n  query Me {\n    me {\n      name\n    }\n  }\n": typeof types.MeDocument,
    "\n  mutation CreatePuzzle($input: CreatePuzzleInput!) {\n    createPuzzle(input: $input) {\n      ...PuzzleFields\n    }\n  }\n": typeof types.CreatePuzzleDocument,
    "\n  query Puzzle($id: ID!) {\n    puzzle(id: $id) {\n      ...PuzzleFields\n    }\n  }\n": typeof types.PuzzleDocument,
    "\n  query Puzzles($first: Int, $after: String, $filter: PuzzleFilter, $orderBy: PuzzleOrder) {\n    puzzles(first: $first, after: $after, filter: $filter, orderBy: $orderBy) {\n      edges {\n        node {\n          ...PuzzleListFields\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": typeof types.PuzzlesDocument,
    "\n  query PuzzleExtras($id: ID!) {\n    puzzle(id: $id) {\n      difficulty {\n        optimalLength\n        percentile\n      }\n      rating {\n        value\n        deviation\n        games\n      }\n      optimalSolution {\n        length\n        moves\n      }\n      myBest {\n        id\n        length\n        optimal\n        game\n      }\n    }\n  }\n": typeof types.PuzzleExtrasDocument,
    "\n  subscription PuzzleCreated {\n    puzzleCreated {\n      ...PuzzleFields\n    }\n  }\n": typeof types.PuzzleCreatedDocument,
    "\n  mutation RequestSolve($puzzleId: ID!, $options: SolveOptions) {\n    requestSolve(puzzleId: $puzzleId, options: $options) {\n      ...SolveFields\n    }\n  }\n": typeof types.RequestSolveDocument,
    "\n  mutation CancelSolve($id: ID!) {\n    cancelSolve(id: $id) {\n      ...SolveFields\n    }\n  }\n": typeof types.CancelSolveDocument,
    "\n  subscription SolveProgress($solveId: ID!) {\n    solveProgress(solveId: $solveId) {\n      solveId\n      status\n      lowerBound\n      nodesExpanded\n      nodesPerSecond\n      elapsedMs\n      provenLowerBound\n      unitsDone\n      unitsTotal\n      threads\n      solve {\n        ...SolveFields\n      }\n    }\n  }\n": typeof types.SolveProgressDocument,
    "\n  mutation Submit($puzzleId: ID!, $moves: String!) {\n    submitSolution(puzzleId: $puzzleId, moves: $moves) {\n      id\n      length\n      createdAt\n      rank\n      optimal\n      game\n    }\n  }\n": typeof types.SubmitDocument,
    "\n  query Leaderboard($puzzleId: ID!, $first: Int) {\n    leaderboard(puzzleId: $puzzleId, first: $first) {\n      optimalLength\n      totalEntries\n      edges {\n        node {\n          ...LeaderboardEntryFields\n        }\n      }\n    }\n    puzzle(id: $puzzleId) {\n      myBest {\n        rank\n        length\n        optimal\n        createdAt\n      }\n    }\n  }\n": typeof types.LeaderboardDocument,
    "\n  subscription LeaderboardChanged($puzzleId: ID!) {\n    leaderboardChanged(puzzleId: $puzzleId) {\n      ...LeaderboardEntryFields\n      change\n    }\n  }\n": typeof types.LeaderboardChangedDocument,
    "\n  query UserPage($name: String!) {\n    user(name: $name) {\n      name\n      createdAt\n      stats {\n        submissions\n        optimalSolutions\n        puzzlesCreated\n      }\n      rating {\n        value\n        deviation\n        games\n      }\n      puzzles(first: 10) {\n        edges {\n          node {\n            ...PuzzleListFields\n          }\n        }\n      }\n      submissions(first: 10) {\n        edges {\n          node {\n            id\n            length\n            optimal\n            moves\n            createdAt\n            puzzle {\n              id\n              kind\n              rows\n              cols\n              start\n              goal\n              title\n              difficulty {\n                optimalLength\n              }\n            }\n          }\n        }\n      }\n    }\n  }\n": typeof types.UserPageDocument,
    "\n  query RatingChart($name: String!, $first: Int) {\n    user(name: $name) {\n      ratingHistory(first: $first) {\n        ratingBefore\n        ratingAfter\n        length\n        optimum\n        playedAt\n        puzzle {\n          id\n          title\n        }\n      }\n    }\n  }\n": typeof types.RatingChartDocument,
    "\n  query TopSolvers($first: Int, $orderBy: SolverOrder) {\n    topSolvers(first: $first, orderBy: $orderBy) {\n      edges {\n        node {\n          rank\n          user {\n            name\n            rating {\n              value\n              deviation\n              games\n            }\n          }\n          optimalSolutions\n          puzzlesSolved\n        }\n      }\n    }\n  }\n": typeof types.TopSolversDocument,
    "\n  fragment DailyPuzzleFields on DailyPuzzle {\n    date\n    category\n    optimalLength\n    players\n    running\n    endsAt\n    puzzle {\n      ...PuzzleFields\n    }\n  }\n": typeof types.DailyPuzzleFieldsFragmentDoc,
    "\n  query TodaysDailies {\n    sliding3x3: dailyPuzzle(category: SLIDING_3X3) {\n      ...DailyPuzzleFields\n    }\n    sliding4x4: dailyPuzzle(category: SLIDING_4X4) {\n      ...DailyPuzzleFields\n    }\n    rotation: dailyPuzzle(category: ROTATION) {\n      ...DailyPuzzleFields\n    }\n  }\n": typeof types.TodaysDailiesDocument,
    "\n  query DailyPuzzle($category: DailyCategory!, $date: String) {\n    dailyPuzzle(category: $category, date: $date) {\n      ...DailyPuzzleFields\n    }\n  }\n": typeof types.DailyPuzzleDocument,
    "\n  query DailyLeaderboard($category: DailyCategory!, $date: String!, $first: Int) {\n    dailyPuzzle(category: $category, date: $date) {\n      leaderboard(first: $first) {\n        optimalLength\n        totalEntries\n        edges {\n          node {\n            ...LeaderboardEntryFields\n          }\n        }\n      }\n      puzzle {\n        id\n        leaderboard(first: 1) {\n          totalEntries\n        }\n      }\n    }\n  }\n": typeof types.DailyLeaderboardDocument,
    "\n  query DailyRankingPage($category: DailyCategory!, $date: String!, $first: Int, $after: String) {\n    dailyPuzzle(category: $category, date: $date) {\n      leaderboard(first: $first, after: $after) {\n        edges {\n          node {\n            rank\n            user {\n              name\n            }\n          }\n        }\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n      }\n    }\n  }\n": typeof types.DailyRankingPageDocument,
    "\n  query DailyArchive($category: DailyCategory!, $first: Int, $after: String) {\n    dailyPuzzles(category: $category, first: $first, after: $after) {\n      edges {\n        node {\n          ...DailyPuzzleFields\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": typeof types.DailyArchiveDocument,
    "\n  mutation AnalyzeSolution($puzzleId: ID!, $moves: String!) {\n    analyzeSolution(puzzleId: $puzzleId, moves: $moves) {\n      status\n      progress\n      length\n      optimalLength\n      movesLost\n      moves {\n        index\n        move\n        distanceBefore\n        distanceAfter\n        optimal\n      }\n      mistakes {\n        index\n      }\n    }\n  }\n": typeof types.AnalyzeSolutionDocument,
    "\n  query Hint($puzzleId: ID!, $position: [Int!]) {\n    hint(puzzleId: $puzzleId, position: $position) {\n      status\n      progress\n      move\n      distance\n    }\n  }\n": typeof types.HintDocument,
};
const documents: Documents = {
    "\n  fragment PuzzleFields on Puzzle {\n    id\n    kind\n    rows\n    cols\n    start\n    goal\n    title\n    solvable\n    createdAt\n    owner {\n      name\n    }\n  }\n": types.PuzzleFieldsFragmentDoc,
    "\n  fragment PuzzleListFields on Puzzle {\n    id\n    kind\n    rows\n    cols\n    start\n    goal\n    title\n    solvable\n    createdAt\n    owner {\n      name\n    }\n    difficulty {\n      optimalLength\n      percentile\n    }\n  }\n": types.PuzzleListFieldsFragmentDoc,
    "\n  fragment SolveFields on Solve {\n    id\n    status\n    moves\n    length\n    optimal\n    lowerBound\n    nodesExpanded\n    durationMs\n    cached\n    error\n  }\n": types.SolveFieldsFragmentDoc,
    "\n  fragment LeaderboardEntryFields on LeaderboardEntry {\n    rank\n    user {\n      name\n    }\n    length\n    submittedAt\n    optimal\n  }\n": types.LeaderboardEntryFieldsFragmentDoc,
    "\n  mutation SignUp($name: String!) {\n    signUp(name: $name) {\n      token\n      user {\n        name\n      }\n    }\n  }\n": types.SignUpDocument,
    "\n  mutation RotateToken {\n    rotateToken {\n      token\n      user {\n        name\n      }\n    }\n  }\n": types.RotateTokenDocument,
    "\n  query Me {\n    me {\n      name\n    }\n  }\n": types.MeDocument,
    "\n  mutation CreatePuzzle($input: CreatePuzzleInput!) {\n    createPuzzle(input: $input) {\n      ...PuzzleFields\n    }\n  }\n": types.CreatePuzzleDocument,
    "\n  query Puzzle($id: ID!) {\n    puzzle(id: $id) {\n      ...PuzzleFields\n    }\n  }\n": types.PuzzleDocument,
    "\n  query Puzzles($first: Int, $after: String, $filter: PuzzleFilter, $orderBy: PuzzleOrder) {\n    puzzles(first: $first, after: $after, filter: $filter, orderBy: $orderBy) {\n      edges {\n        node {\n          ...PuzzleListFields\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": types.PuzzlesDocument,
    "\n  query PuzzleExtras($id: ID!) {\n    puzzle(id: $id) {\n      difficulty {\n        optimalLength\n        percentile\n      }\n      rating {\n        value\n        deviation\n        games\n      }\n      optimalSolution {\n        length\n        moves\n      }\n      myBest {\n        id\n        length\n        optimal\n        game\n      }\n    }\n  }\n": types.PuzzleExtrasDocument,
    "\n  subscription PuzzleCreated {\n    puzzleCreated {\n      ...PuzzleFields\n    }\n  }\n": types.PuzzleCreatedDocument,
    "\n  mutation RequestSolve($puzzleId: ID!, $options: SolveOptions) {\n    requestSolve(puzzleId: $puzzleId, options: $options) {\n      ...SolveFields\n    }\n  }\n": types.RequestSolveDocument,
    "\n  mutation CancelSolve($id: ID!) {\n    cancelSolve(id: $id) {\n      ...SolveFields\n    }\n  }\n": types.CancelSolveDocument,
    "\n  subscription SolveProgress($solveId: ID!) {\n    solveProgress(solveId: $solveId) {\n      solveId\n      status\n      lowerBound\n      nodesExpanded\n      nodesPerSecond\n      elapsedMs\n      provenLowerBound\n      unitsDone\n      unitsTotal\n      threads\n      solve {\n        ...SolveFields\n      }\n    }\n  }\n": types.SolveProgressDocument,
    "\n  mutation Submit($puzzleId: ID!, $moves: String!) {\n    submitSolution(puzzleId: $puzzleId, moves: $moves) {\n      id\n      length\n      createdAt\n      rank\n      optimal\n      game\n    }\n  }\n": types.SubmitDocument,
    "\n  query Leaderboard($puzzleId: ID!, $first: Int) {\n    leaderboard(puzzleId: $puzzleId, first: $first) {\n      optimalLength\n      totalEntries\n      edges {\n        node {\n          ...LeaderboardEntryFields\n        }\n      }\n    }\n    puzzle(id: $puzzleId) {\n      myBest {\n        rank\n        length\n        optimal\n        createdAt\n      }\n    }\n  }\n": types.LeaderboardDocument,
    "\n  subscription LeaderboardChanged($puzzleId: ID!) {\n    leaderboardChanged(puzzleId: $puzzleId) {\n      ...LeaderboardEntryFields\n      change\n    }\n  }\n": types.LeaderboardChangedDocument,
    "\n  query UserPage($name: String!) {\n    user(name: $name) {\n      name\n      createdAt\n      stats {\n        submissions\n        optimalSolutions\n        puzzlesCreated\n      }\n      rating {\n        value\n        deviation\n        games\n      }\n      puzzles(first: 10) {\n        edges {\n          node {\n            ...PuzzleListFields\n          }\n        }\n      }\n      submissions(first: 10) {\n        edges {\n          node {\n            id\n            length\n            optimal\n            moves\n            createdAt\n            puzzle {\n              id\n              kind\n              rows\n              cols\n              start\n              goal\n              title\n              difficulty {\n                optimalLength\n              }\n            }\n          }\n        }\n      }\n    }\n  }\n": types.UserPageDocument,
    "\n  query RatingChart($name: String!, $first: Int) {\n    user(name: $name) {\n      ratingHistory(first: $first) {\n        ratingBefore\n        ratingAfter\n        length\n        optimum\n        playedAt\n        puzzle {\n          id\n          title\n        }\n      }\n    }\n  }\n": types.RatingChartDocument,
    "\n  query TopSolvers($first: Int, $orderBy: SolverOrder) {\n    topSolvers(first: $first, orderBy: $orderBy) {\n      edges {\n        node {\n          rank\n          user {\n            name\n            rating {\n              value\n              deviation\n              games\n            }\n          }\n          optimalSolutions\n          puzzlesSolved\n        }\n      }\n    }\n  }\n": types.TopSolversDocument,
    "\n  fragment DailyPuzzleFields on DailyPuzzle {\n    date\n    category\n    optimalLength\n    players\n    running\n    endsAt\n    puzzle {\n      ...PuzzleFields\n    }\n  }\n": types.DailyPuzzleFieldsFragmentDoc,
    "\n  query TodaysDailies {\n    sliding3x3: dailyPuzzle(category: SLIDING_3X3) {\n      ...DailyPuzzleFields\n    }\n    sliding4x4: dailyPuzzle(category: SLIDING_4X4) {\n      ...DailyPuzzleFields\n    }\n    rotation: dailyPuzzle(category: ROTATION) {\n      ...DailyPuzzleFields\n    }\n  }\n": types.TodaysDailiesDocument,
    "\n  query DailyPuzzle($category: DailyCategory!, $date: String) {\n    dailyPuzzle(category: $category, date: $date) {\n      ...DailyPuzzleFields\n    }\n  }\n": types.DailyPuzzleDocument,
    "\n  query DailyLeaderboard($category: DailyCategory!, $date: String!, $first: Int) {\n    dailyPuzzle(category: $category, date: $date) {\n      leaderboard(first: $first) {\n        optimalLength\n        totalEntries\n        edges {\n          node {\n            ...LeaderboardEntryFields\n          }\n        }\n      }\n      puzzle {\n        id\n        leaderboard(first: 1) {\n          totalEntries\n        }\n      }\n    }\n  }\n": types.DailyLeaderboardDocument,
    "\n  query DailyRankingPage($category: DailyCategory!, $date: String!, $first: Int, $after: String) {\n    dailyPuzzle(category: $category, date: $date) {\n      leaderboard(first: $first, after: $after) {\n        edges {\n          node {\n            rank\n            user {\n              name\n            }\n          }\n        }\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n      }\n    }\n  }\n": types.DailyRankingPageDocument,
    "\n  query DailyArchive($category: DailyCategory!, $first: Int, $after: String) {\n    dailyPuzzles(category: $category, first: $first, after: $after) {\n      edges {\n        node {\n          ...DailyPuzzleFields\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": types.DailyArchiveDocument,
    "\n  mutation AnalyzeSolution($puzzleId: ID!, $moves: String!) {\n    analyzeSolution(puzzleId: $puzzleId, moves: $moves) {\n      status\n      progress\n      length\n      optimalLength\n      movesLost\n      moves {\n        index\n        move\n        distanceBefore\n        distanceAfter\n        optimal\n      }\n      mistakes {\n        index\n      }\n    }\n  }\n": types.AnalyzeSolutionDocument,
    "\n  query Hint($puzzleId: ID!, $position: [Int!]) {\n    hint(puzzleId: $puzzleId, position: $position) {\n      status\n      progress\n      move\n      distance\n    }\n  }\n": types.HintDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment PuzzleFields on Puzzle {\n    id\n    kind\n    rows\n    cols\n    start\n    goal\n    title\n    solvable\n    createdAt\n    owner {\n      name\n    }\n  }\n"): typeof import('./graphql').PuzzleFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment PuzzleListFields on Puzzle {\n    id\n    kind\n    rows\n    cols\n    start\n    goal\n    title\n    solvable\n    createdAt\n    owner {\n      name\n    }\n    difficulty {\n      optimalLength\n      percentile\n    }\n  }\n"): typeof import('./graphql').PuzzleListFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment SolveFields on Solve {\n    id\n    status\n    moves\n    length\n    optimal\n    lowerBound\n    nodesExpanded\n    durationMs\n    cached\n    error\n  }\n"): typeof import('./graphql').SolveFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment LeaderboardEntryFields on LeaderboardEntry {\n    rank\n    user {\n      name\n    }\n    length\n    submittedAt\n    optimal\n  }\n"): typeof import('./graphql').LeaderboardEntryFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SignUp($name: String!) {\n    signUp(name: $name) {\n      token\n      user {\n        name\n      }\n    }\n  }\n"): typeof import('./graphql').SignUpDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RotateToken {\n    rotateToken {\n      token\n      user {\n        name\n      }\n    }\n  }\n"): typeof import('./graphql').RotateTokenDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Me {\n    me {\n      name\n    }\n  }\n"): typeof import('./graphql').MeDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreatePuzzle($input: CreatePuzzleInput!) {\n    createPuzzle(input: $input) {\n      ...PuzzleFields\n    }\n  }\n"): typeof import('./graphql').CreatePuzzleDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Puzzle($id: ID!) {\n    puzzle(id: $id) {\n      ...PuzzleFields\n    }\n  }\n"): typeof import('./graphql').PuzzleDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Puzzles($first: Int, $after: String, $filter: PuzzleFilter, $orderBy: PuzzleOrder) {\n    puzzles(first: $first, after: $after, filter: $filter, orderBy: $orderBy) {\n      edges {\n        node {\n          ...PuzzleListFields\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n"): typeof import('./graphql').PuzzlesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PuzzleExtras($id: ID!) {\n    puzzle(id: $id) {\n      difficulty {\n        optimalLength\n        percentile\n      }\n      rating {\n        value\n        deviation\n        games\n      }\n      optimalSolution {\n        length\n        moves\n      }\n      myBest {\n        id\n        length\n        optimal\n        game\n      }\n    }\n  }\n"): typeof import('./graphql').PuzzleExtrasDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription PuzzleCreated {\n    puzzleCreated {\n      ...PuzzleFields\n    }\n  }\n"): typeof import('./graphql').PuzzleCreatedDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RequestSolve($puzzleId: ID!, $options: SolveOptions) {\n    requestSolve(puzzleId: $puzzleId, options: $options) {\n      ...SolveFields\n    }\n  }\n"): typeof import('./graphql').RequestSolveDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CancelSolve($id: ID!) {\n    cancelSolve(id: $id) {\n      ...SolveFields\n    }\n  }\n"): typeof import('./graphql').CancelSolveDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription SolveProgress($solveId: ID!) {\n    solveProgress(solveId: $solveId) {\n      solveId\n      status\n      lowerBound\n      nodesExpanded\n      nodesPerSecond\n      elapsedMs\n      provenLowerBound\n      unitsDone\n      unitsTotal\n      threads\n      solve {\n        ...SolveFields\n      }\n    }\n  }\n"): typeof import('./graphql').SolveProgressDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Submit($puzzleId: ID!, $moves: String!) {\n    submitSolution(puzzleId: $puzzleId, moves: $moves) {\n      id\n      length\n      createdAt\n      rank\n      optimal\n      game\n    }\n  }\n"): typeof import('./graphql').SubmitDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Leaderboard($puzzleId: ID!, $first: Int) {\n    leaderboard(puzzleId: $puzzleId, first: $first) {\n      optimalLength\n      totalEntries\n      edges {\n        node {\n          ...LeaderboardEntryFields\n        }\n      }\n    }\n    puzzle(id: $puzzleId) {\n      myBest {\n        rank\n        length\n        optimal\n        createdAt\n      }\n    }\n  }\n"): typeof import('./graphql').LeaderboardDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription LeaderboardChanged($puzzleId: ID!) {\n    leaderboardChanged(puzzleId: $puzzleId) {\n      ...LeaderboardEntryFields\n      change\n    }\n  }\n"): typeof import('./graphql').LeaderboardChangedDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query UserPage($name: String!) {\n    user(name: $name) {\n      name\n      createdAt\n      stats {\n        submissions\n        optimalSolutions\n        puzzlesCreated\n      }\n      rating {\n        value\n        deviation\n        games\n      }\n      puzzles(first: 10) {\n        edges {\n          node {\n            ...PuzzleListFields\n          }\n        }\n      }\n      submissions(first: 10) {\n        edges {\n          node {\n            id\n            length\n            optimal\n            moves\n            createdAt\n            puzzle {\n              id\n              kind\n              rows\n              cols\n              start\n              goal\n              title\n              difficulty {\n                optimalLength\n              }\n            }\n          }\n        }\n      }\n    }\n  }\n"): typeof import('./graphql').UserPageDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query RatingChart($name: String!, $first: Int) {\n    user(name: $name) {\n      ratingHistory(first: $first) {\n        ratingBefore\n        ratingAfter\n        length\n        optimum\n        playedAt\n        puzzle {\n          id\n          title\n        }\n      }\n    }\n  }\n"): typeof import('./graphql').RatingChartDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TopSolvers($first: Int, $orderBy: SolverOrder) {\n    topSolvers(first: $first, orderBy: $orderBy) {\n      edges {\n        node {\n          rank\n          user {\n            name\n            rating {\n              value\n              deviation\n              games\n            }\n          }\n          optimalSolutions\n          puzzlesSolved\n        }\n      }\n    }\n  }\n"): typeof import('./graphql').TopSolversDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment DailyPuzzleFields on DailyPuzzle {\n    date\n    category\n    optimalLength\n    players\n    running\n    endsAt\n    puzzle {\n      ...PuzzleFields\n    }\n  }\n"): typeof import('./graphql').DailyPuzzleFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TodaysDailies {\n    sliding3x3: dailyPuzzle(category: SLIDING_3X3) {\n      ...DailyPuzzleFields\n    }\n    sliding4x4: dailyPuzzle(category: SLIDING_4X4) {\n      ...DailyPuzzleFields\n    }\n    rotation: dailyPuzzle(category: ROTATION) {\n      ...DailyPuzzleFields\n    }\n  }\n"): typeof import('./graphql').TodaysDailiesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DailyPuzzle($category: DailyCategory!, $date: String) {\n    dailyPuzzle(category: $category, date: $date) {\n      ...DailyPuzzleFields\n    }\n  }\n"): typeof import('./graphql').DailyPuzzleDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DailyLeaderboard($category: DailyCategory!, $date: String!, $first: Int) {\n    dailyPuzzle(category: $category, date: $date) {\n      leaderboard(first: $first) {\n        optimalLength\n        totalEntries\n        edges {\n          node {\n            ...LeaderboardEntryFields\n          }\n        }\n      }\n      puzzle {\n        id\n        leaderboard(first: 1) {\n          totalEntries\n        }\n      }\n    }\n  }\n"): typeof import('./graphql').DailyLeaderboardDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DailyRankingPage($category: DailyCategory!, $date: String!, $first: Int, $after: String) {\n    dailyPuzzle(category: $category, date: $date) {\n      leaderboard(first: $first, after: $after) {\n        edges {\n          node {\n            rank\n            user {\n              name\n            }\n          }\n        }\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n      }\n    }\n  }\n"): typeof import('./graphql').DailyRankingPageDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DailyArchive($category: DailyCategory!, $first: Int, $after: String) {\n    dailyPuzzles(category: $category, first: $first, after: $after) {\n      edges {\n        node {\n          ...DailyPuzzleFields\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n"): typeof import('./graphql').DailyArchiveDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AnalyzeSolution($puzzleId: ID!, $moves: String!) {\n    analyzeSolution(puzzleId: $puzzleId, moves: $moves) {\n      status\n      progress\n      length\n      optimalLength\n      movesLost\n      moves {\n        index\n        move\n        distanceBefore\n        distanceAfter\n        optimal\n      }\n      mistakes {\n        index\n      }\n    }\n  }\n"): typeof import('./graphql').AnalyzeSolutionDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Hint($puzzleId: ID!, $position: [Int!]) {\n    hint(puzzleId: $puzzleId, position: $position) {\n      status\n      progress\n      move\n      distance\n    }\n  }\n"): typeof import('./graphql').HintDocument;


export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}
