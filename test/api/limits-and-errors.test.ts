// Query limits (depth, cost, aliases, tokens) over HTTP and WebSocket, the body size limit, and the
// masking of unexpected errors (no stack, no SQL; the request id in the response and in the log).
import { Writable } from "node:stream";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../src/app.ts";
import { startServer, type RunningServer } from "../../src/server.ts";
import { testConfig } from "../helpers/config.ts";
import { freePort } from "../pipeline/redis-child.ts";
import { GraphQLClient } from "../helpers/graphql.ts";
import { useTestServer } from "../helpers/server.ts";
import { subscribe, wsClient } from "../helpers/ws.ts";

const api = useTestServer({
  env: {
    GRAPHQL_MAX_DEPTH: "5",
    GRAPHQL_MAX_ALIASES: "3",
    GRAPHQL_MAX_COST: "60",
    GRAPHQL_MAX_TOKENS: "300",
    BODY_LIMIT_BYTES: "4096",
  },
});

const DEEP = `{ puzzles { edges { node { owner { puzzles { edges { node { id } } } } } } } }`;
const ALIASES = `{ a: me { id } b: me { id } c: me { id } d: me { id } }`;
const COSTLY = `{ puzzles {
  edges { node { id kind rows cols start goal title solvable createdAt owner { id name createdAt } } }
  pageInfo { hasNextPage endCursor startCursor hasPreviousPage }
} }`;
const TOKENS = `{ ${Array.from({ length: 100 }, () => "me { id }").join(" ")} }`;

describe("query limits over HTTP", () => {
  it.each([
    ["depth", DEEP, /depth/i],
    ["aliases", ALIASES, /alias/i],
    ["cost", COSTLY, /cost/i],
    ["tokens", TOKENS, /token/i],
  ])("refuses a query over the %s limit", async (_, query, message) => {
    const { status, body } = await api.client().request(query);
    expect(status).toBe(400);
    expect(body.data ?? null).toBeNull();
    expect(body.errors?.map((e) => e.message).join("\n")).toMatch(message);
    expect(body.errors?.[0]?.extensions?.code).toMatch(/GRAPHQL_(VALIDATION|PARSE)_FAILED|BAD_REQUEST/);
  });

  it("accepts a query within every limit", async () => {
    expect(
      (await api.client().data(`{ puzzles(first: 1) { edges { node { id owner { name } } } } }`)).puzzles
        .edges,
    ).toEqual([]);
  });

  it("refuses a body over BODY_LIMIT_BYTES with 413, as JSON", async () => {
    const { status, body } = await api.client().request(`{ __typename }`, { padding: "x".repeat(5000) });
    expect(status).toBe(413);
    expect(body.errors?.[0]?.extensions?.code).toBe("PAYLOAD_TOO_LARGE");
  });

  it("refuses a body that is not JSON with 400, as JSON", async () => {
    const response = await fetch(api.url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{nope",
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as any).errors[0].extensions.code).toBe("BAD_REQUEST");
  });

  it("echoes a well-formed X-Request-Id and makes one up otherwise", async () => {
    const given = await api
      .client()
      .request(`{ __typename }`, undefined, { "x-request-id": "trace-abc.123" });
    expect(given.headers.get("x-request-id")).toBe("trace-abc.123");
    const made = await api
      .client()
      .request(`{ __typename }`, undefined, { "x-request-id": "bad id with spaces" });
    expect(made.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe("query limits over WebSocket", () => {
  it.each([
    ["depth", DEEP, /depth/i],
    ["aliases", ALIASES, /alias/i],
    ["tokens", TOKENS, /token/i],
  ])("refuses an operation over the %s limit", async (_, query, message) => {
    const client = wsClient(api.wsUrl);
    try {
      const outcome = await subscribe(client, query)
        .next()
        .then(
          (result) => JSON.stringify(result),
          (error: unknown) => JSON.stringify(error),
        );
      expect(outcome).toMatch(message);
      expect(outcome).not.toContain('"data"');
    } finally {
      await client.dispose();
    }
  });

  it("refuses a mutation without a token, and a socket with a bad token", async () => {
    const anonymous = wsClient(api.wsUrl);
    try {
      const outcome = await subscribe(
        anonymous,
        `mutation { createPuzzle(input: { kind: SLIDING, rows: 2, cols: 2, start: [1, 2, 3, 0] }) { id } }`,
      )
        .next()
        .catch((error: unknown) => error);
      expect(JSON.stringify(outcome)).toContain("UNAUTHENTICATED");
    } finally {
      await anonymous.dispose();
    }
    const forged = wsClient(api.wsUrl, "pzt_not-a-real-token-at-all-000000000000000000");
    try {
      const outcome = await subscribe(forged, `{ me { id } }`)
        .next()
        .catch((error: unknown) => error);
      expect((outcome as { code?: number }).code).toBe(4403);
    } finally {
      await forged.dispose();
    }
  });
});

describe("Postgres away, and unexpected errors", () => {
  const lines: string[] = [];
  let away: RunningServer;
  let broken: RunningServer;

  async function start(databaseUrl: string): Promise<RunningServer> {
    const config = testConfig({ DATABASE_URL: databaseUrl, LOG_LEVEL: "info" });
    const sink = new Writable({
      write: (chunk, _enc, done) => {
        lines.push(String(chunk));
        done();
      },
    });
    return startServer(config, { app: createApp(config, { logger: pino({ level: "info" }, sink) }) });
  }

  beforeAll(async () => {
    // Postgres that does not answer: every query fails inside Prisma with a connection error.
    away = await start(`postgresql://postgres@127.0.0.1:${await freePort()}/nothing`);
    // Postgres that answers, over a database without the platform's tables: a bug, as far as a client can tell.
    broken = await start(
      `${process.env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/test"}`.replace(
        /\/[^/?]*(\?.*)?$/,
        "/postgres",
      ),
    );
  });

  afterAll(async () => {
    await away?.close();
    await broken?.close();
  });

  it("Postgres away is SERVICE_UNAVAILABLE with retryAfter, HTTP 503 and Retry-After", async () => {
    const { status, body, headers } = await new GraphQLClient(away.url).request(
      `{ puzzles { edges { cursor } } }`,
    );
    expect(status).toBe(503);
    expect(headers.get("retry-after")).toBe("5");
    expect(body.errors?.[0]?.extensions).toEqual({ code: "SERVICE_UNAVAILABLE", retryAfter: 5 });
    expect(JSON.stringify(body)).not.toMatch(/ECONNREFUSED|prisma|reach|SELECT|stack|at \w+ \(/i);
  });

  it("also while checking a token (before GraphQL), and over WebSocket", async () => {
    const withToken = await new GraphQLClient(away.url, "pzt_some-token-000000000000000000000000000").request(
      `{ me { id } }`,
    );
    expect(withToken.status).toBe(503);
    expect(withToken.headers.get("retry-after")).toBe("5");
    expect(withToken.body.errors?.[0]?.extensions).toEqual({ code: "SERVICE_UNAVAILABLE", retryAfter: 5 });
    const client = wsClient(away.url.replace(/^http/, "ws"));
    try {
      const result = await subscribe(client, `{ puzzles { edges { cursor } } }`).next();
      expect(result.errors?.[0]?.extensions).toEqual({ code: "SERVICE_UNAVAILABLE", retryAfter: 5 });
    } finally {
      await client.dispose();
    }
  });

  it("other unexpected errors are masked as INTERNAL_SERVER_ERROR with the request id, and logged with it", async () => {
    const { body, headers } = await new GraphQLClient(broken.url).request(`{ puzzles { edges { cursor } } }`);
    const error = body.errors?.[0];
    const requestId = headers.get("x-request-id");
    expect(error?.message).toBe("internal server error");
    expect(error?.extensions).toEqual({ code: "INTERNAL_SERVER_ERROR", requestId });
    expect(JSON.stringify(body)).not.toMatch(/ECONNREFUSED|prisma|SELECT|stack|at \w+ \(/i);
    const logged = lines.map((line) => JSON.parse(line)).find((entry) => entry.msg === "unexpected error");
    expect(logged?.reqId).toBe(requestId);
    expect(logged?.err?.stack).toBeTruthy();
  });
});
