// Requests built to exhaust the server, at the default limits: oversized bodies, alias bombs, deep
// and wide queries, fragment tricks, directive floods, batched operations. Each is refused with a
// code before anything runs (a batched or aliased mutation stores nothing it should not).
import { afterAll, describe, expect, it, vi } from "vitest";
import WebSocket from "ws";
import { useTestServer } from "../helpers/server.ts";
import { wsClient } from "../helpers/ws.ts";
import type { GraphQLResponse } from "../helpers/graphql.ts";
import { uniqueName } from "../helpers/graphql.ts";
import { expectCodedAnswer } from "./responses.ts";

const api = useTestServer();

async function post(body: unknown, raw = false): Promise<GraphQLResponse<Record<string, unknown>>> {
  const response = await fetch(api.url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: raw ? String(body) : JSON.stringify(body),
  });
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as GraphQLResponse<Record<string, unknown>>["body"],
  };
}

function expectRefused(
  response: GraphQLResponse<unknown>,
  status: number,
  code: string,
  message?: RegExp,
): void {
  expectCodedAnswer(response);
  expect(response.status).toBe(status);
  expect(response.body.data ?? null).toBeNull();
  expect(response.body.errors?.[0]?.extensions?.code).toBe(code);
  if (message) expect(response.body.errors?.map((e) => e.message).join("\n")).toMatch(message);
}

const repeat = (n: number, make: (i: number) => string) =>
  Array.from({ length: n }, (_, i) => make(i)).join(" ");

describe("batched operations", () => {
  it("an array of operations is refused (BAD_REQUEST) and none of them runs", async () => {
    const names = [uniqueName("batch"), uniqueName("batch")];
    const batch = names.map((name) => ({ query: `mutation { signUp(name: "${name}") { token } }` }));
    expectRefused(await post(batch), 400, "BAD_REQUEST", /batching/i);
    expect(await api.server.app.prisma.user.count({ where: { name: { in: names } } })).toBe(0);
  });

  it("an empty array, and a hundred operations, likewise", async () => {
    expectRefused(await post([]), 400, "BAD_REQUEST");
    expectRefused(
      await post(Array.from({ length: 100 }, () => ({ query: "{ __typename }" }))),
      400,
      "BAD_REQUEST",
    );
  });

  it("several operations in one document need an operationName; anonymous ones may not be combined", async () => {
    expectRefused(
      await post({ query: "query A { me { id } } query B { me { id } }" }),
      400,
      "OPERATION_RESOLUTION_FAILURE",
    );
    expectRefused(await post({ query: "{ me { id } } { me { id } }" }), 400, "GRAPHQL_VALIDATION_FAILED");
  });
});

describe("size", () => {
  it("a body over BODY_LIMIT_BYTES (100 kB) is 413 PAYLOAD_TOO_LARGE", async () => {
    expectRefused(
      await post({ query: "{ __typename }", variables: { pad: "x".repeat(150_000) } }),
      413,
      "PAYLOAD_TOO_LARGE",
    );
  });

  it("headers over Node's 16 KiB limit are refused by the HTTP server itself (431) before anything runs", async () => {
    const response = await fetch(api.url, {
      method: "POST",
      headers: { "content-type": "application/json", "x-padding": "x".repeat(20_000) },
      body: JSON.stringify({ query: "{ __typename }" }),
    });
    expect(response.status).toBe(431);
  });

  it("a document over GRAPHQL_MAX_TOKENS (2000) is refused while parsing", async () => {
    expectRefused(
      await post({ query: `{ ${repeat(2500, () => "__typename")} }` }),
      400,
      "GRAPHQL_PARSE_FAILED",
      /tokens/,
    );
  });

  it("an oversized list argument inside the limits is BAD_USER_INPUT and stores nothing", async () => {
    const { client } = await api.client().signUp();
    const before = await api.server.app.prisma.puzzle.count();
    const start = Array.from({ length: 10_000 }, (_, i) => i);
    const response = await client.request(
      `mutation ($input: CreatePuzzleInput!) { createPuzzle(input: $input) { id } }`,
      {
        input: { kind: "SLIDING", rows: 100, cols: 200, start },
      },
    );
    expectCodedAnswer(response);
    expect(response.body.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
    expect(await api.server.app.prisma.puzzle.count()).toBe(before);
  });
});

describe("aliases, depth, width", () => {
  it("an alias bomb over GRAPHQL_MAX_ALIASES (15) is refused", async () => {
    expectRefused(
      await post({ query: `{ ${repeat(16, (i) => `a${i}: me { id }`)} }` }),
      400,
      "GRAPHQL_VALIDATION_FAILED",
      /alias/i,
    );
    expectRefused(
      await post({ query: `{ ${repeat(300, (i) => `a${i}: puzzles(first: 100) { edges { cursor } }`)} }` }),
      400,
      "GRAPHQL_PARSE_FAILED",
    );
  });

  it("aliased mutations beyond the limit create nothing", async () => {
    const { client } = await api.client().signUp();
    const before = await api.server.app.prisma.puzzle.count();
    const create = `createPuzzle(input: { kind: SLIDING, rows: 2, cols: 2, start: [1, 2, 3, 0] }) { id }`;
    const document = `mutation { ${repeat(20, (i) => `p${i}: ${create}`)} }`;
    const response = await client.request(document);
    expectRefused(response, 400, "GRAPHQL_VALIDATION_FAILED", /alias/i);
    expect(await api.server.app.prisma.puzzle.count()).toBe(before);
  });

  it("a query deeper than GRAPHQL_MAX_DEPTH (10) is refused, also when fragments hide the depth", async () => {
    const deep = `{ puzzles { edges { node {
      owner { puzzles { edges { node { owner { puzzles { edges { node { id } } } } } } } }
    } } } }`;
    expectRefused(await post({ query: deep }), 400, "GRAPHQL_VALIDATION_FAILED", /depth/i);
    const viaFragments = `{ ...A }
      fragment A on Query { puzzles { edges { node { ...B } } } }
      fragment B on Puzzle { owner { puzzles { edges { node { ...C } } } } }
      fragment C on Puzzle { owner { puzzles { edges { node { owner { id } } } } } }`;
    expectRefused(await post({ query: viaFragments }), 400, "GRAPHQL_VALIDATION_FAILED", /depth/i);
  });

  it("a wide, costly query over GRAPHQL_MAX_COST (5000) is refused", async () => {
    const owner = `owner { name puzzles(first: 100) { edges { node { id } } } }`;
    const wide = `{ ${repeat(6, (i) => `l${i}: puzzles(first: 100) { edges { node { id start goal ${owner} } } }`)} }`;
    expectRefused(await post({ query: wide }), 400, "GRAPHQL_VALIDATION_FAILED", /cost/i);
  });

  it("fragment cycles and directive floods are refused", async () => {
    expectRefused(
      await post({ query: `{ ...A } fragment A on Query { ...B } fragment B on Query { ...A }` }),
      400,
      "GRAPHQL_VALIDATION_FAILED",
    );
    expectRefused(
      await post({ query: `{ __typename ${repeat(60, () => "@include(if: true)")} }` }),
      400,
      "GRAPHQL_VALIDATION_FAILED",
      /directive/i,
    );
  });

  it("the server answers normally afterwards", async () => {
    expect((await post({ query: "{ __typename }" })).body).toEqual({ data: { __typename: "Query" } });
  });
});

describe("over WebSocket", () => {
  const sockets: WebSocket[] = [];
  afterAll(() => {
    for (const socket of sockets) socket.terminate();
  });

  it("a message over BODY_LIMIT_BYTES closes the socket (1009 message too big)", async () => {
    const socket = new WebSocket(api.wsUrl, "graphql-transport-ws");
    sockets.push(socket);
    await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
    const closed = new Promise<number>((resolve) => socket.once("close", (code) => resolve(code)));
    // The client's mistake, not the server's: graphql-ws printed it to stderr with a stack before.
    const stderr = vi.spyOn(console, "error");
    try {
      socket.send(JSON.stringify({ type: "connection_init", payload: { pad: "x".repeat(150_000) } }));
      expect(await closed).toBe(1009);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(stderr.mock.calls.map((call) => String(call[0]))).not.toContainEqual(
        expect.stringMatching(/Internal error emitted/),
      );
    } finally {
      stderr.mockRestore();
    }
  });

  it("a message that is not the protocol's closes the socket with 4400", async () => {
    const socket = new WebSocket(api.wsUrl, "graphql-transport-ws");
    sockets.push(socket);
    await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
    const closed = new Promise<number>((resolve) => socket.once("close", (code) => resolve(code)));
    socket.send(JSON.stringify([{ type: "subscribe", id: "1", payload: { query: "{ __typename }" } }]));
    expect(await closed).toBe(4400);
  });
});

describe("every limit answers the same code over HTTP and WebSocket", () => {
  const LIMITS: Record<string, { query: string; code: string; message: RegExp }> = {
    "GRAPHQL_MAX_TOKENS (2000)": {
      query: `{ ${repeat(2500, () => "__typename")} }`,
      code: "GRAPHQL_PARSE_FAILED",
      message: /tokens/,
    },
    "GRAPHQL_MAX_ALIASES (15)": {
      query: `{ ${repeat(16, (i) => `a${i}: me { id }`)} }`,
      code: "GRAPHQL_VALIDATION_FAILED",
      message: /alias/i,
    },
    "GRAPHQL_MAX_DEPTH (10)": {
      query: `{ puzzles { edges { node { owner { puzzles { edges { node { owner { puzzles { edges { node { id } } } } } } } } } } } }`,
      code: "GRAPHQL_VALIDATION_FAILED",
      message: /depth/i,
    },
    "GRAPHQL_MAX_COST (5000)": {
      query: `{ ${repeat(6, (i) => `l${i}: puzzles(first: 100) { edges { node { id start goal owner { name puzzles(first: 100) { edges { node { id } } } } } } }`)} }`,
      code: "GRAPHQL_VALIDATION_FAILED",
      message: /cost/i,
    },
    "the directive limit": {
      query: `{ __typename ${repeat(60, () => "@include(if: true)")} }`,
      code: "GRAPHQL_VALIDATION_FAILED",
      message: /directive/i,
    },
  };

  async function overWebSocket(
    query: string,
  ): Promise<readonly { message: string; extensions?: Record<string, unknown> }[]> {
    const client = wsClient(api.wsUrl);
    try {
      return await new Promise((resolve, reject) => {
        client.subscribe(
          { query },
          {
            next: (value) => resolve(value.errors ?? []),
            error: (error) => (Array.isArray(error) ? resolve(error) : reject(error)),
            complete: () => resolve([]),
          },
        );
      });
    } finally {
      await client.dispose();
    }
  }

  it.each(Object.entries(LIMITS))("%s", async (_limit, { query, code, message }) => {
    expectRefused(await post({ query }), 400, code, message);
    const errors = await overWebSocket(query);
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.map((error) => error.message).join("\n")).toMatch(message);
    for (const error of errors) expect(error.extensions?.code).toBe(code);
  });
});
