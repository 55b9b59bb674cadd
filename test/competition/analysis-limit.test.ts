// Submission.analysis is the same work as analyzeSolution, so it takes the same budget
// (RATE_LIMIT_WORK per user): each analysis asked for is one point, shared with analyzeSolution and
// every other work-creating mutation; beyond it the field is RATE_LIMITED, over HTTP and WebSocket.
// A viewer who may not read the moves gets null and is not charged.
import { describe, expect, it } from "vitest";
import type { GraphQLClient } from "../helpers/graphql.ts";
import { useTestServer } from "../helpers/server.ts";
import { subscribe, wsClient } from "../helpers/ws.ts";
import { CREATE } from "./operations.ts";

const api = useTestServer({ env: { RATE_LIMIT_WORK: "4", RATE_LIMIT_WORK_WINDOW_SECONDS: "600" } });

const SUBMIT = `mutation ($p: ID!, $m: String!) { submitSolution(puzzleId: $p, moves: $m) { id } }`;
const ANALYZE = `mutation ($p: ID!, $m: String!) { analyzeSolution(puzzleId: $p, moves: $m) { length } }`;
const ANALYSIS = `query ($n: String!) {
  user(name: $n) { submissions(first: 1) { edges { node { analysis { length optimalLength } } } } }
}`;
const PATH = ["user", "submissions", "edges", 0, "node", "analysis"];

const analysisOf = (data: any) => data.user.submissions.edges[0].node.analysis;

// Two moves from the goal.
const START = [1, 2, 3, 4, 5, 6, 0, 7, 8];
const MOVES = "RR";

/** A user with a puzzle and a submission on it: two of the four points spent. */
async function playerWithSubmission(client: GraphQLClient): Promise<string> {
  const p = (await client.data(CREATE, { i: { kind: "SLIDING", rows: 3, cols: 3, start: START } }))
    .createPuzzle.id;
  await client.data(SUBMIT, { p, m: MOVES });
  return p;
}

describe("Submission.analysis", () => {
  it("counts towards RATE_LIMIT_WORK like analyzeSolution (HTTP)", async () => {
    const { client, user } = await api.client().signUp();
    const n = user.name;
    const p = await playerWithSubmission(client);
    // Others may not read the moves: null, and nothing charged.
    const stranger = (await api.client().signUp()).client;
    for (let i = 0; i < 5; i++) expect(analysisOf(await stranger.data(ANALYSIS, { n }))).toBeNull();
    expect(analysisOf(await api.client().data(ANALYSIS, { n }))).toBeNull();
    expect(
      (await stranger.data(CREATE, { i: { kind: "SLIDING", rows: 3, cols: 3, start: START } })).createPuzzle
        .id,
    ).toBeTruthy();

    expect(analysisOf(await client.data(ANALYSIS, { n }))).toEqual({ length: 2, optimalLength: 2 });
    expect((await client.data(ANALYZE, { p, m: MOVES })).analyzeSolution.length).toBe(2);
    const { status, body } = await client.request(ANALYSIS, { n });
    expect(status).toBe(429);
    expect(body.errors?.[0]).toMatchObject({ path: PATH, extensions: { code: "RATE_LIMITED" } });
    expect(body.errors?.[0]?.extensions?.retryAfter).toBeGreaterThan(0);
    expect((await client.error(ANALYZE, { p, m: MOVES })).extensions?.code).toBe("RATE_LIMITED");
  });

  it("counts towards RATE_LIMIT_WORK like analyzeSolution (WebSocket)", async () => {
    const { client, token, user } = await api.client().signUp();
    const n = user.name;
    const p = await playerWithSubmission(client);
    const ws = wsClient(api.wsUrl, token);
    try {
      const first = await subscribe(ws, ANALYSIS, { n }).next();
      expect(first.errors).toBeUndefined();
      expect(analysisOf(first.data)).toEqual({ length: 2, optimalLength: 2 });
      const analyzed = await subscribe(ws, ANALYZE, { p, m: MOVES }).next();
      expect(analyzed.errors).toBeUndefined();
      const refused = await subscribe(ws, ANALYSIS, { n }).next();
      expect(refused.errors?.[0]).toMatchObject({ path: PATH, extensions: { code: "RATE_LIMITED" } });
    } finally {
      await ws.dispose();
    }
  });
});
