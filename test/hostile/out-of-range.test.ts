// Out-of-range sizes, time limits and move strings are refused before any work exists: no Puzzle,
// Solve or Submission row is stored and no job reaches the queue.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSolveQueue, type SolveQueue } from "../../src/solves/index.ts";
import type { GraphQLClient } from "../helpers/graphql.ts";
import { useTestServer } from "../helpers/server.ts";
import { createPuzzle } from "../pipeline/pipeline.ts";
import { expectCodedAnswer } from "./responses.ts";

const api = useTestServer();
let queue: SolveQueue;
let client: GraphQLClient;
let puzzle4: string;
let puzzle3: string;

beforeAll(async () => {
  queue = createSolveQueue({ redisUrl: api.config.redisUrl, prefix: api.config.redisPrefix });
  ({ client } = await api.client().signUp());
  puzzle4 = await createPuzzle(client, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 0, 15]);
  puzzle3 = await createPuzzle(client, [1, 2, 3, 4, 5, 6, 0, 7, 8], 3);
});

afterAll(async () => {
  await queue?.close();
});

/** Rows of every kind and jobs in every state: nothing may change across a refused request. */
async function work() {
  const db = api.server.app.prisma;
  const jobs = await queue.getJobCounts("waiting", "prioritized", "active", "delayed", "failed", "completed");
  return {
    puzzles: await db.puzzle.count(),
    solves: await db.solve.count(),
    submissions: await db.submission.count(),
    jobs,
  };
}

async function expectRefusedBeforeWork(
  query: string,
  variables: Record<string, unknown>,
  code: string,
  field: string,
): Promise<void> {
  const before = await work();
  const response = await client.request(query, variables);
  expectCodedAnswer(response);
  expect(response.body.data ?? null).toBeNull();
  expect(response.body.errors?.[0]?.extensions).toMatchObject({ code, field });
  expect(await work()).toEqual(before);
}

const CREATE = `mutation ($input: CreatePuzzleInput!) { createPuzzle(input: $input) { id } }`;
const SOLVE = `mutation ($id: ID!, $options: SolveOptions) { requestSolve(puzzleId: $id, options: $options) { id status } }`;
const SUBMIT = `mutation ($id: ID!, $moves: String!) { submitSolution(puzzleId: $id, moves: $moves) { id } }`;

describe("refused before any work is stored or queued", () => {
  it.each([
    ["1x3", 1, 3, "rows"],
    ["6x6", 6, 6, "rows"],
    ["3x0", 3, 0, "cols"],
    ["-4x4", -4, 4, "rows"],
    ["2^31-1 rows", 2 ** 31 - 1, 2, "rows"],
    ["100x100", 100, 100, "rows"],
  ])("a %s board", async (_, rows, cols, field) => {
    const start = Array.from({ length: Math.max(0, Math.min(rows * cols, 50)) }, (_, i) => i);
    await expectRefusedBeforeWork(
      CREATE,
      { input: { kind: "SLIDING", rows, cols, start } },
      "BAD_USER_INPUT",
      field,
    );
  });

  it.each([0, -1, 3601, 2 ** 31 - 1, -(2 ** 31)])("a time limit of %d seconds", async (timeLimitSeconds) => {
    await expectRefusedBeforeWork(
      SOLVE,
      { id: puzzle4, options: { algorithm: "IDA_STAR", timeLimitSeconds } },
      "BAD_USER_INPUT",
      "options.timeLimitSeconds",
    );
  });

  it("options that do not fit the puzzle", async () => {
    await expectRefusedBeforeWork(
      SOLVE,
      { id: puzzle4, options: { algorithm: "BFS_TABLE" } },
      "BAD_USER_INPUT",
      "options.algorithm",
    );
    await expectRefusedBeforeWork(
      SOLVE,
      { id: puzzle4, options: { algorithm: "IDA_STAR", heuristic: "PDB_6666" } },
      "BAD_USER_INPUT",
      "options.heuristic",
    );
  });

  it("a move string over 10,000 moves, an illegal move, a non-solution", async () => {
    await expectRefusedBeforeWork(
      SUBMIT,
      { id: puzzle4, moves: "LR".repeat(5001) },
      "BAD_USER_INPUT",
      "moves",
    );
    await expectRefusedBeforeWork(SUBMIT, { id: puzzle4, moves: "RRRR" }, "ILLEGAL_MOVE", "moves");
    await expectRefusedBeforeWork(SUBMIT, { id: puzzle4, moves: "UD" }, "NOT_A_SOLUTION", "moves");
    await expectRefusedBeforeWork(SUBMIT, { id: puzzle3, moves: "R?" }, "ILLEGAL_MOVE", "moves");
  });

  it("a valid request does change something (the check above can fail)", async () => {
    const before = await work();
    const response = await client.request(SOLVE, {
      id: puzzle4,
      options: { algorithm: "IDA_STAR", timeLimitSeconds: 5 },
    });
    expect(response.body.data?.requestSolve).toMatchObject({ status: "QUEUED" });
    expect(await work()).not.toEqual(before);
  });
});
