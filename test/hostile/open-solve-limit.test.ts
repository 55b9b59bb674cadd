// MAX_OPEN_SOLVES_PER_USER: a user with that many QUEUED or RUNNING Solves gets LIMIT_EXCEEDED for
// the next search, before anything is stored or queued; answers that need no search still come, other
// users are not affected, and concurrent requests cannot slip past the limit together.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSolveQueue, type SolveQueue } from "../../src/solves/index.ts";
import type { GraphQLClient } from "../helpers/graphql.ts";
import { useTestServer } from "../helpers/server.ts";
import { IDA_LC, createPuzzle, requestSolve } from "../pipeline/pipeline.ts";
import { distinctBoards } from "./boards.ts";

const LIMIT = 3;
const api = useTestServer({ env: { MAX_OPEN_SOLVES_PER_USER: String(LIMIT) } });
const boards = distinctBoards(40, 4, 30, 7);
let nextBoard = 0;
let queue: SolveQueue;

beforeAll(() => {
  queue = createSolveQueue({ redisUrl: api.config.redisUrl, prefix: api.config.redisPrefix });
});

afterAll(async () => {
  await queue?.close();
});

const REQUEST = `mutation ($id: ID!, $options: SolveOptions) { requestSolve(puzzleId: $id, options: $options) { id status } }`;

async function newPuzzle(client: GraphQLClient): Promise<string> {
  return createPuzzle(client, boards[nextBoard++]);
}

async function counts() {
  const jobs = await queue.getJobCounts("waiting", "prioritized", "active", "delayed");
  return {
    solves: await api.server.app.prisma.solve.count(),
    jobs: Object.values(jobs).reduce((a, b) => a + b, 0),
  };
}

describe("open solves per user", () => {
  it("refuses the search beyond the limit with LIMIT_EXCEEDED, storing and queueing nothing", async () => {
    const { client } = await api.client().signUp();
    for (let i = 0; i < LIMIT; i++)
      expect((await requestSolve(client, await newPuzzle(client), IDA_LC)).status).toBe("QUEUED");
    const puzzleId = await newPuzzle(client);
    const before = await counts();

    const { status, body } = await client.request(REQUEST, { id: puzzleId, options: IDA_LC });
    expect(status).toBe(200);
    expect(body.data ?? null).toBeNull();
    expect(body.errors?.[0]?.extensions).toEqual({ code: "LIMIT_EXCEEDED", limit: LIMIT, open: LIMIT });
    expect(body.errors?.[0]?.message).toMatch(/at most 3 open solves/);
    expect(await counts()).toEqual(before);

    // A board a table answers needs no search: never limited.
    const small = await createPuzzle(client, [1, 2, 3, 4, 5, 6, 0, 7, 8], 3);
    expect((await requestSolve(client, small)).status).toBe("SOLVED");
    // Another user is not affected.
    const other = await api.client().signUp();
    expect((await requestSolve(other.client, puzzleId, IDA_LC)).status).toBe("QUEUED");
  });

  it("accepts a new search once one of the user's Solves is cancelled", async () => {
    const { client } = await api.client().signUp();
    const ids: string[] = [];
    for (let i = 0; i < LIMIT; i++)
      ids.push((await requestSolve(client, await newPuzzle(client), IDA_LC)).id);
    const puzzleId = await newPuzzle(client);
    expect((await client.error(REQUEST, { id: puzzleId, options: IDA_LC })).extensions?.code).toBe(
      "LIMIT_EXCEEDED",
    );
    await client.data(`mutation ($id: ID!) { cancelSolve(id: $id) { status } }`, { id: ids[0] });
    expect((await requestSolve(client, puzzleId, IDA_LC)).status).toBe("QUEUED");
  });

  it("lets exactly LIMIT of many concurrent requests through", async () => {
    const { client, user } = await api.client().signUp();
    const puzzles = await Promise.all(Array.from({ length: 10 }, () => newPuzzle(client)));
    const results = await Promise.all(puzzles.map((id) => client.request(REQUEST, { id, options: IDA_LC })));
    const accepted = results.filter((r) => r.body.data?.requestSolve);
    const refused = results.filter((r) => r.body.errors?.[0]?.extensions?.code === "LIMIT_EXCEEDED");
    expect(accepted).toHaveLength(LIMIT);
    expect(refused).toHaveLength(10 - LIMIT);
    expect(await api.server.app.prisma.solve.count({ where: { requestedById: Number(user.id) } })).toBe(
      LIMIT,
    );
  });
});
