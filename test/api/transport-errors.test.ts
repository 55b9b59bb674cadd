// Client mistakes at the transport level, answered with a stable client code (never a logged
// INTERNAL_SERVER_ERROR), and the same code for the same input over HTTP and WebSocket:
// subscriptions sent over HTTP, the token under `Authorization` in connection_init, corrupt
// compressed bodies, and empty documents.
import { Writable } from "node:stream";
import { deflateSync, gzipSync } from "node:zlib";
import { createClient, type Client } from "graphql-ws";
import { pino } from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { createApp } from "../../src/app.ts";
import { startServer, type RunningServer } from "../../src/server.ts";
import { testConfig } from "../helpers/config.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/database.ts";
import { GraphQLClient } from "../helpers/graphql.ts";
import { deleteRedisKeys } from "../helpers/redis-keys.ts";
import { subscribe, wsClient } from "../helpers/ws.ts";

/** The server's log entries (info and above), to check what was (not) logged as an error. */
const lines: { level: number; msg: string }[] = [];
let database: TestDatabase;
let server: RunningServer;
let redis: { url: string; prefix: string };

beforeAll(async () => {
  database = await createTestDatabase({ prefix: "api" });
  const config = testConfig({ DATABASE_URL: database.url, LOG_LEVEL: "info" });
  redis = { url: config.redisUrl, prefix: config.redisPrefix };
  const sink = new Writable({
    write: (chunk, _enc, done) => {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  server = await startServer(config, {
    app: createApp(config, { logger: pino({ level: "info" }, sink) }),
  });
});

afterAll(async () => {
  await server?.close();
  await database?.drop();
  if (redis) await deleteRedisKeys(redis.url, redis.prefix);
});

beforeEach(() => {
  lines.length = 0;
});

/** Log entries at error level or above (pino: 50 error, 60 fatal). */
const errorsLogged = () => lines.filter((line) => line.level >= 50);

const client = (token?: string) => new GraphQLClient(server.url, token);

/** The errors (or the close event) a single operation over WebSocket ends with. */
async function overWebSocket(
  ws: Client,
  query: string,
): Promise<readonly { message: string; extensions?: Record<string, unknown> }[]> {
  return await new Promise((resolve, reject) => {
    ws.subscribe(
      { query },
      {
        next: (value) => resolve(value.errors ?? []),
        error: (error) => (Array.isArray(error) ? resolve(error) : reject(error)),
        complete: () => resolve([]),
      },
    );
  });
}

describe("subscriptions over HTTP", () => {
  it.each([
    `subscription { solveProgress(solveId: "1") { status } }`,
    `subscription { leaderboardChanged(puzzleId: "1") { rank } }`,
    `subscription { puzzleCreated { id } }`,
  ])("%s is 400 BAD_REQUEST pointing to WebSocket, not a logged internal error", async (query) => {
    const { status, body } = await client().request(query);
    expect(status).toBe(400);
    expect(body.data ?? null).toBeNull();
    expect(body.errors).toHaveLength(1);
    expect(body.errors?.[0]?.extensions).toEqual({ code: "BAD_REQUEST" });
    expect(body.errors?.[0]?.message).toMatch(/WebSocket/);
    expect(body.errors?.[0]?.message).toMatch(/graphql-ws/);
    expect(body.errors?.[0]?.message).toMatch(/\/graphql\b/);
    expect(errorsLogged()).toEqual([]);
  });

  it("also with a token, and for a named subscription picked by operationName", async () => {
    const { token } = await client().signUp();
    const response = await fetch(server.url, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({
        query: `query Q { __typename } subscription S { puzzleCreated { id } }`,
        operationName: "S",
      }),
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as any).errors[0].extensions.code).toBe("BAD_REQUEST");
    expect(errorsLogged()).toEqual([]);
  });

  it("queries in the same document still run over HTTP", async () => {
    const response = await fetch(server.url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        query: `query Q { __typename } subscription S { puzzleCreated { id } }`,
        operationName: "Q",
      }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { __typename: "Query" } });
  });
});

describe("the token in connection_init", () => {
  /** A graphql-ws client sending `params` as the connection_init payload. */
  const withParams = (params: Record<string, unknown>) =>
    createClient({
      url: server.wsUrl,
      webSocketImpl: WebSocket,
      connectionParams: params,
      retryAttempts: 0,
      lazy: true,
    });

  it.each(["authorization", "Authorization", "AUTHORIZATION"])("is read under %s", async (key) => {
    const { token, user } = await client().signUp();
    const ws = withParams({ [key]: `Bearer ${token}` });
    try {
      expect((await subscribe(ws, `{ me { id name } }`).next()).data).toEqual({ me: user });
    } finally {
      await ws.dispose();
    }
  });

  it.each([
    ["an unknown token", "Bearer pzt_not-a-real-token-at-all-000000000000000000", /invalid API token/],
    ["a malformed value", "Basic dXNlcjpwYXNz", /malformed Authorization/],
    ["a value that is not a string", 42, /malformed Authorization/],
  ])("under Authorization, %s closes the socket with 4403", async (_, value, reason) => {
    const ws = withParams({ Authorization: value });
    try {
      const outcome = (await subscribe(ws, `{ me { id } }`)
        .next()
        .catch((error: unknown) => error)) as { code?: number; reason?: string };
      expect(outcome.code).toBe(4403);
      expect(outcome.reason).toMatch(/^UNAUTHENTICATED: /);
      expect(outcome.reason).toMatch(reason);
    } finally {
      await ws.dispose();
    }
  });

  it("two spellings with different values are refused (4403), not one picked silently", async () => {
    const { token } = await client().signUp();
    const ws = withParams({ authorization: `Bearer ${token}`, Authorization: "Bearer pzt_other" });
    try {
      const outcome = (await subscribe(ws, `{ me { id } }`)
        .next()
        .catch((error: unknown) => error)) as { code?: number };
      expect(outcome.code).toBe(4403);
    } finally {
      await ws.dispose();
    }
  });
});

describe("compressed request bodies", () => {
  const JSON_BODY = JSON.stringify({ query: "{ __typename }" });

  async function post(encoding: string, body: Uint8Array | string) {
    const response = await fetch(server.url, {
      method: "POST",
      headers: { "content-type": "application/json", "content-encoding": encoding },
      body,
    });
    return { status: response.status, body: (await response.json()) as any };
  }

  it("a well-formed gzip body is read", async () => {
    const { status, body } = await post("gzip", gzipSync(JSON_BODY));
    expect(status).toBe(200);
    expect(body).toEqual({ data: { __typename: "Query" } });
  });

  it.each([
    ["gzip", "plain JSON labelled gzip", () => JSON_BODY],
    ["deflate", "plain JSON labelled deflate", () => JSON_BODY],
    ["gzip", "truncated gzip", () => gzipSync(JSON_BODY).subarray(0, 20)],
    ["deflate", "truncated deflate", () => deflateSync(JSON_BODY).subarray(0, 8)],
  ])("a corrupt %s body (%s) is 400 BAD_REQUEST, not a logged 500", async (encoding, _, make) => {
    const { status, body } = await post(encoding, make());
    expect(status).toBe(400);
    expect(body.errors?.[0]?.extensions).toEqual({ code: "BAD_REQUEST" });
    expect(body.errors?.[0]?.message).toMatch(/Content-Encoding/);
    expect(errorsLogged()).toEqual([]);
  });

  it("an unknown content encoding stays 400 BAD_REQUEST, and the message names it", async () => {
    const { status, body } = await post("br-nonsense", JSON_BODY);
    expect(status).toBe(400);
    expect(body.errors?.[0]?.extensions?.code).toBe("BAD_REQUEST");
    expect(body.errors?.[0]?.message).toBe('unsupported content encoding "br-nonsense"');
  });

  it("an unsupported charset is 400 BAD_REQUEST, and the message names it", async () => {
    const response = await fetch(server.url, {
      method: "POST",
      headers: { "content-type": "application/json; charset=iso-8859-1" },
      body: JSON_BODY,
    });
    const body = (await response.json()) as any;
    expect(response.status).toBe(400);
    expect(body.errors?.[0]?.extensions?.code).toBe("BAD_REQUEST");
    expect(body.errors?.[0]?.message).toBe('unsupported charset "ISO-8859-1"');
  });
});

describe("the same document gets the same code over HTTP and WebSocket", () => {
  it.each([
    ["an empty document", ""],
    ["only whitespace", "   "],
    ["only a comment", "# nothing here"],
    ["a syntax error", "{ me { id }"],
  ])("%s is 400 GRAPHQL_PARSE_FAILED on both", async (_, query) => {
    const http = await client().request(query);
    expect(http.status).toBe(400);
    expect(http.body.data ?? null).toBeNull();
    expect(http.body.errors?.map((error) => error.extensions?.code)).toEqual(["GRAPHQL_PARSE_FAILED"]);
    const ws = wsClient(server.wsUrl);
    try {
      const errors = await overWebSocket(ws, query);
      expect(errors.map((error) => error.extensions?.code)).toEqual(["GRAPHQL_PARSE_FAILED"]);
      expect(errors[0]?.message).toBe(http.body.errors?.[0]?.message);
    } finally {
      await ws.dispose();
    }
    expect(errorsLogged()).toEqual([]);
  });

  it("an empty document by GET is GRAPHQL_PARSE_FAILED too", async () => {
    const response = await fetch(`${server.url}?query=`, {
      headers: { "apollo-require-preflight": "true", accept: "application/json" },
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as any).errors[0].extensions.code).toBe("GRAPHQL_PARSE_FAILED");
  });
});

describe("automatic persisted queries (Apollo's, HTTP only)", () => {
  async function post(body: Record<string, unknown>) {
    const response = await fetch(server.url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as any };
  }

  it.each([
    ["a sha256Hash that does not match the query", { version: 1, sha256Hash: "0".repeat(64) }],
    ["an unknown version", { version: 2, sha256Hash: "0".repeat(64) }],
    ["a persistedQuery that is not an object", "x"],
  ])("%s is 400 BAD_REQUEST, not INTERNAL_SERVER_ERROR", async (_, persistedQuery) => {
    const { status, body } = await post({ query: "{ __typename }", extensions: { persistedQuery } });
    expect(status).toBe(400);
    expect(body.data ?? null).toBeNull();
    expect(body.errors).toHaveLength(1);
    expect(body.errors[0].extensions).toEqual({ code: "BAD_REQUEST" });
    expect(errorsLogged()).toEqual([]);
  });

  it("a hash the server has not seen is PERSISTED_QUERY_NOT_FOUND, as Apollo codes it", async () => {
    const { body } = await post({
      extensions: { persistedQuery: { version: 1, sha256Hash: "0".repeat(64) } },
    });
    expect(body.errors?.[0]?.extensions).toEqual({ code: "PERSISTED_QUERY_NOT_FOUND" });
  });
});
