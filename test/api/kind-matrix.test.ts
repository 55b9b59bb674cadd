// The cells of the feature × puzzle-kind matrix answered within the request (no worker), as
// docs/api.md ("What each option does for each kind of puzzle") and docs/competition.md (analyses
// and hints) describe them: what each kind accepts, and the same error with the same extensions over
// HTTP and WebSocket for what it refuses.
import type { GraphQLFormattedError } from "graphql";
import { afterAll, describe, expect, it } from "vitest";
import type { GraphQLClient } from "../helpers/graphql.ts";
import { useTestServer } from "../helpers/server.ts";
import { subscribe, wsClient } from "../helpers/ws.ts";

const api = useTestServer();

/** A goal: 1s fill the eight centre cells. */
const ROTATION_GOAL = [2, 2, 2, 2, 2, 2, 1, 1, 1, 2, 2, 1, 1, 3, 3, 1, 1, 1, 3, 3, 3, 3, 3, 3];

/** `rows`x`cols`, the blank one step left of its default goal cell. */
function oneStep(rows: number, cols: number) {
  const start = [...Array.from({ length: rows * cols - 2 }, (_, i) => i + 1), 0, rows * cols - 1];
  return { kind: "SLIDING", rows, cols, start };
}

const CREATE = `mutation ($i: CreatePuzzleInput!) { createPuzzle(input: $i) { id } }`;
const REQUEST = `mutation ($id: ID!, $o: SolveOptions) {
  requestSolve(puzzleId: $id, options: $o) { status length optimal split algorithmUsed }
}`;
const HINT = `query ($p: ID!) { hint(puzzleId: $p) { status move distance } }`;
const ANALYZE = `mutation ($p: ID!, $m: String!) { analyzeSolution(puzzleId: $p, moves: $m) { status optimalLength } }`;

let player: { token: string; client: GraphQLClient } | undefined;
const sockets: ReturnType<typeof wsClient>[] = [];
afterAll(async () => {
  for (const socket of sockets) await socket.dispose();
});

async function signedUp(): Promise<{ token: string; client: GraphQLClient }> {
  player ??= await api.client().signUp();
  return player;
}

async function puzzle(input: Record<string, unknown>): Promise<string> {
  const { client } = await signedUp();
  return (await client.data<{ createPuzzle: { id: string } }>(CREATE, { i: input })).createPuzzle.id;
}

/** The error over HTTP, checked equal (message and extensions) to the one over WebSocket. */
async function refusal(query: string, variables: Record<string, unknown>): Promise<GraphQLFormattedError> {
  const { token, client } = await signedUp();
  const overHttp = await client.error(query, variables);
  const ws = wsClient(api.wsUrl, token);
  sockets.push(ws);
  const overWs = await subscribe(ws, query, variables)
    .next()
    .catch((errors: unknown) => ({ errors: errors as GraphQLFormattedError[] }));
  expect(overWs.errors?.[0]?.message).toBe(overHttp.message);
  expect(overWs.errors?.[0]?.extensions).toEqual(overHttp.extensions);
  return overHttp;
}

describe("requestSolve options by kind", () => {
  it("the Rotation Game: the table for AUTO and BFS_TABLE, ASTAR and sliding heuristics refused", async () => {
    const { client } = await signedUp();
    const id = await puzzle({ kind: "ROTATION", start: ROTATION_GOAL });
    for (const options of [undefined, { algorithm: "BFS_TABLE" }, { split: true, timeLimitSeconds: 1 }]) {
      const { requestSolve } = await client.data(REQUEST, { id, o: options });
      expect(requestSolve).toMatchObject({
        status: "SOLVED",
        length: 0,
        optimal: true,
        algorithmUsed: "BFS_TABLE",
      });
    }
    const astar = await refusal(REQUEST, { id, o: { algorithm: "ASTAR" } });
    expect(astar.extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "options.algorithm" });
    for (const heuristic of ["PDB_663", "MANHATTAN", "LINEAR_CONFLICT"]) {
      for (const algorithm of ["AUTO", "IDA_STAR"]) {
        // A sliding heuristic would be ignored (the search uses the Rotation Game's own): refused.
        const error = await refusal(REQUEST, { id, o: { algorithm, heuristic } });
        expect(error.extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "options.heuristic" });
        expect(error.message).toContain("use AUTO");
      }
    }
    const time = await refusal(REQUEST, { id, o: { timeLimitSeconds: 0 } });
    expect(time.extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "options.timeLimitSeconds" });
  });

  it("split is stored as asked where it has no effect (a table answer)", async () => {
    const { client } = await signedUp();
    const id = await puzzle(oneStep(2, 3));
    const { requestSolve } = await client.data(REQUEST, { id, o: { split: true } });
    expect(requestSolve).toMatchObject({
      status: "SOLVED",
      length: 1,
      split: true,
      algorithmUsed: "BFS_TABLE",
    });
  });

  it.each([
    [3, 4],
    [2, 5],
    [4, 5],
    [5, 5],
  ])("%dx%d: BFS_TABLE refused (more than 9 cells)", async (rows, cols) => {
    const id = await puzzle(oneStep(rows, cols));
    const error = await refusal(REQUEST, { id, o: { algorithm: "BFS_TABLE" } });
    expect(error.extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "options.algorithm" });
    expect(error.message).toContain(`${rows}x${cols}`);
  });

  it.each([
    [3, 3, "PDB_663"],
    [3, 4, "PDB_663"],
    [5, 5, "PDB_663"],
    [4, 4, "PDB_6666"],
    [4, 5, "PDB_6666"],
  ])("%dx%d: %s refused (pattern databases of another size)", async (rows, cols, heuristic) => {
    const id = await puzzle(oneStep(rows, cols));
    const error = await refusal(REQUEST, { id, o: { heuristic } });
    expect(error.extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "options.heuristic" });
  });
});

describe("hints and analyses by size", () => {
  it.each([
    [4, 5],
    [5, 4],
    [5, 5],
  ])("%dx%d (more than 16 cells): ANALYSIS_UNAVAILABLE for both", async (rows, cols) => {
    const id = await puzzle(oneStep(rows, cols));
    for (const [query, variables] of [
      [HINT, { p: id }],
      [ANALYZE, { p: id, m: "R" }],
    ] as const) {
      const error = await refusal(query, variables);
      expect(error.extensions?.code).toBe("ANALYSIS_UNAVAILABLE");
      expect(error.message).toContain(`${rows}x${cols}`);
    }
  });

  it.each([
    [2, 2],
    [2, 3],
    [3, 2],
    [2, 4],
    [3, 3],
  ])("%dx%d (at most 9 cells): answered within the request", async (rows, cols) => {
    const { client } = await signedUp();
    const id = await puzzle(oneStep(rows, cols));
    expect((await client.data(HINT, { p: id })).hint).toEqual({ status: "READY", move: "R", distance: 1 });
    expect((await client.data(ANALYZE, { p: id, m: "R" })).analyzeSolution).toEqual({
      status: "READY",
      optimalLength: 1,
    });
  });

  it("the Rotation Game: answered within the request, distances in line turns", async () => {
    const { client } = await signedUp();
    // F undoes A: one turn of A from the goal is one move away (F).
    const start = [...ROTATION_GOAL];
    const line = [0, 2, 6, 11, 15, 20, 22];
    const head = start[line[0]];
    for (let i = 0; i < line.length - 1; i++) start[line[i]] = start[line[i + 1]];
    start[line[line.length - 1]] = head;
    const id = await puzzle({ kind: "ROTATION", start });
    expect((await client.data(HINT, { p: id })).hint).toEqual({ status: "READY", move: "F", distance: 1 });
    expect((await client.data(ANALYZE, { p: id, m: "f" })).analyzeSolution).toEqual({
      status: "READY",
      optimalLength: 1,
    });
  });
});
