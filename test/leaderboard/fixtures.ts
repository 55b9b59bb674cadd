// Shared by the leaderboard tests: small puzzles with known optima and solutions of chosen lengths,
// and shortcuts for the operations the tests repeat.
import type { App } from "../../src/app.ts";
import type { GraphQLClient } from "../helpers/graphql.ts";

export interface PuzzleFixture {
  readonly input: Record<string, unknown>;
  readonly optimum: number;
  /** Solutions by length (each reaches the goal). */
  readonly solutions: Readonly<Record<number, string>>;
}

/** 3x3, blank one step left of its goal cell. */
export const ONE_STEP: PuzzleFixture = {
  input: { kind: "SLIDING", rows: 3, cols: 3, start: [1, 2, 3, 4, 5, 6, 7, 0, 8] },
  optimum: 1,
  solutions: { 1: "R", 3: "LRR", 5: "RLRLR", 7: "LRLRLRR" },
};

/** 3x3, blank two steps left of its goal cell. */
export const TWO_STEPS: PuzzleFixture = {
  input: { kind: "SLIDING", rows: 3, cols: 3, start: [1, 2, 3, 4, 5, 6, 0, 7, 8] },
  optimum: 2,
  solutions: { 2: "RR", 4: "RUDR", 6: "RRLLRR" },
};

/** 2x2, one step. */
export const TINY: PuzzleFixture = {
  input: { kind: "SLIDING", rows: 2, cols: 2, start: [1, 2, 0, 3] },
  optimum: 1,
  solutions: { 1: "R", 3: "RLR" },
};

/** The first board of UVa 1343's sample: "AC" fills the centre with 2s. */
export const ROTATION: PuzzleFixture = {
  input: {
    kind: "ROTATION",
    start: [1, 1, 1, 1, 3, 2, 3, 2, 3, 1, 3, 2, 2, 3, 1, 2, 2, 2, 3, 1, 2, 1, 3, 3],
  },
  optimum: 2,
  solutions: { 2: "AC" },
};

export const SUBMIT = `mutation ($p: ID!, $m: String!) {
  submitSolution(puzzleId: $p, moves: $m) { id moves length optimal rank createdAt user { name } puzzle { id } }
}`;

export const LEADERBOARD = `query ($p: ID!, $first: Int, $after: String) {
  leaderboard(puzzleId: $p, first: $first, after: $after) {
    optimalLength totalEntries
    edges { cursor node { rank length submittedAt optimal user { name } } }
    pageInfo { hasNextPage endCursor }
  }
}`;

export async function createPuzzle(client: GraphQLClient, fixture: PuzzleFixture): Promise<string> {
  const data = await client.data(`mutation ($i: CreatePuzzleInput!) { createPuzzle(input: $i) { id } }`, {
    i: fixture.input,
  });
  return data.createPuzzle.id as string;
}

export async function submit(client: GraphQLClient, puzzleId: string, moves: string) {
  const data = await client.data(SUBMIT, { p: puzzleId, m: moves });
  return data.submitSolution as {
    id: string;
    moves: string;
    length: number;
    optimal: boolean | null;
    rank: number;
    createdAt: string;
    user: { name: string };
  };
}

/** Stores a finished optimal Solve, as the pipeline does when a search proves the optimum. */
export async function proveOptimum(app: App, puzzleId: string, fixture: PuzzleFixture): Promise<void> {
  const puzzle = await app.prisma.puzzle.findUniqueOrThrow({ where: { id: Number(puzzleId) } });
  await app.prisma.solve.create({
    data: {
      puzzleId: puzzle.id,
      requestedById: null,
      canonicalKey: puzzle.canonicalKey,
      status: "SOLVED",
      moves: fixture.solutions[fixture.optimum],
      length: fixture.optimum,
      optimal: true,
      lowerBound: fixture.optimum,
      finishedAt: new Date(),
    },
  });
}

interface Entry {
  rank: number;
  length: number;
  submittedAt: string;
  optimal: boolean | null;
  user: { name: string };
}

/** Every entry of a leaderboard, page by page. */
export async function allEntries(client: GraphQLClient, puzzleId: string, first: number) {
  const entries: Entry[] = [];
  const cursors: string[] = [];
  let after: string | null = null;
  for (let pages = 0; pages < 100; pages += 1) {
    const data: any = await client.data(LEADERBOARD, { p: puzzleId, first, after });
    const board: any = data.leaderboard;
    for (const edge of board.edges) {
      entries.push(edge.node);
      cursors.push(edge.cursor);
    }
    if (!board.pageInfo.hasNextPage) return { entries, cursors, pages: pages + 1 };
    after = board.pageInfo.endCursor;
  }
  throw new Error("more than 100 pages");
}
