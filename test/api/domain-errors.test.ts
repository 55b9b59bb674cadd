// A service's domain error reaches clients with the same code and extensions whatever the transport:
// GraphQL over HTTP (Apollo's formatError) and over WebSocket (graphql-ws) go through one mapping.
import type { GraphQLFormattedError } from "graphql";
import { describe, expect, it } from "vitest";
import { useTestServer } from "../helpers/server.ts";
import { subscribe, wsClient } from "../helpers/ws.ts";

const api = useTestServer();

/** The first error of `query` sent over WebSocket. */
async function wsError(
  token: string | undefined,
  query: string,
  variables?: Record<string, unknown>,
): Promise<GraphQLFormattedError | undefined> {
  const client = wsClient(api.wsUrl, token);
  try {
    const result = await subscribe(client, query, variables)
      .next()
      .catch((error: unknown) => ({ errors: error as GraphQLFormattedError[] }));
    return result.errors?.[0];
  } finally {
    await client.dispose();
  }
}

describe("the same service error over HTTP and WebSocket", () => {
  it("NOT_FOUND (SolveService.request, unknown puzzle)", async () => {
    const { token, client } = await api.client().signUp();
    const query = `mutation { requestSolve(puzzleId: "987654") { id } }`;
    const overHttp = await client.error(query);
    const overWs = await wsError(token, query);
    expect(overHttp.extensions).toEqual({ code: "NOT_FOUND" });
    expect(overWs?.extensions).toEqual(overHttp.extensions);
    expect(overWs?.message).toBe(overHttp.message);
  });

  it("BAD_USER_INPUT with its field (AccountService.signUp, bad name)", async () => {
    const query = `mutation ($name: String!) { signUp(name: $name) { token } }`;
    const overHttp = await api.client().error(query, { name: "a b" });
    const overWs = await wsError(undefined, query, { name: "a b" });
    expect(overHttp.extensions).toEqual({
      code: "BAD_USER_INPUT",
      category: "BAD_USER_INPUT",
      field: "name",
    });
    expect(overWs?.extensions).toEqual(overHttp.extensions);
  });

  it("FORBIDDEN (SolveService.cancel, someone else's solve)", async () => {
    const alice = await api.client().signUp();
    const bob = await api.client().signUp();
    const { createPuzzle } = await alice.client.data<{ createPuzzle: { id: string } }>(
      `mutation { createPuzzle(input: { kind: SLIDING, rows: 2, cols: 2, start: [3, 1, 2, 0] }) { id } }`,
    );
    const { requestSolve } = await alice.client.data<{ requestSolve: { id: string } }>(
      `mutation ($id: ID!) { requestSolve(puzzleId: $id) { id } }`,
      { id: createPuzzle.id },
    );
    const query = `mutation ($id: ID!) { cancelSolve(id: $id) { id } }`;
    const overHttp = await bob.client.error(query, { id: requestSolve.id });
    const overWs = await wsError(bob.token, query, { id: requestSolve.id });
    expect(overHttp.extensions).toEqual({ code: "FORBIDDEN" });
    expect(overWs?.extensions).toEqual(overHttp.extensions);
  });
});
