// Rate limits in Redis, with low limits configured for the test: sign-ups per IP, work-creating
// mutations per user, and every request per token or per IP (HTTP 429 / RATE_LIMITED + retryAfter).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uniqueName } from "../helpers/graphql.ts";
import { startTestServer, useTestServer, type TestServer } from "../helpers/server.ts";
import { subscribe, wsClient } from "../helpers/ws.ts";

const base = useTestServer();
const CREATE = `mutation ($input: CreatePuzzleInput!) { createPuzzle(input: $input) { id } }`;
const INPUT = { kind: "SLIDING", rows: 2, cols: 2, start: [1, 2, 0, 3] };

/** A second server on the same database with its own limits (and its own Redis key prefix). */
function useLimitedServer(env: Record<string, string>): () => TestServer {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startTestServer({ env: { DATABASE_URL: base.config.databaseUrl, ...env } });
  });
  afterAll(async () => {
    await server?.close();
  });
  return () => server!;
}

describe("signUp", () => {
  const server = useLimitedServer({ RATE_LIMIT_SIGNUPS: "2", RATE_LIMIT_SIGNUP_WINDOW_SECONDS: "600" });

  it("allows RATE_LIMIT_SIGNUPS per IP, then answers RATE_LIMITED with retryAfter and stores nothing", async () => {
    await server().client().signUp();
    await server().client().signUp();
    const name = uniqueName();
    const { status, headers, body } = await server()
      .client()
      .request(`mutation ($n: String!) { signUp(name: $n) { token } }`, { n: name });
    const error = body.errors![0]!;
    expect(error.extensions?.code).toBe("RATE_LIMITED");
    // HTTP 429 with a Retry-After header equal to extensions.retryAfter (docs/api.md, "Errors").
    expect(status).toBe(429);
    expect(headers.get("retry-after")).toBe(String(error.extensions?.retryAfter));
    expect(error.extensions?.retryAfter).toBeGreaterThan(0);
    expect(error.extensions?.retryAfter).toBeLessThanOrEqual(600);
    expect(await server().server.app.prisma.user.findUnique({ where: { name } })).toBeNull();
  });
});

describe("operations that create work", () => {
  const server = useLimitedServer({ RATE_LIMIT_WORK: "3", RATE_LIMIT_WORK_WINDOW_SECONDS: "60" });

  it("allows RATE_LIMIT_WORK per user, then RATE_LIMITED; other users keep their own budget", async () => {
    const alice = await server().client().signUp();
    const bob = await server().client().signUp();
    for (let i = 0; i < 3; i++) await alice.client.data(CREATE, { input: INPUT });
    const { status, headers, body } = await alice.client.request(CREATE, { input: INPUT });
    expect(status).toBe(429);
    expect(body.errors?.[0]?.extensions).toMatchObject({ code: "RATE_LIMITED" });
    // Queries create work too (hint, analyzeSolution): the message does not say "mutations".
    expect(body.errors?.[0]?.message).toMatch(/^too many operations that create work: retry in \d+ s$/);
    expect(headers.get("retry-after")).toBe(String(body.errors?.[0]?.extensions?.retryAfter));
    expect(body.errors?.[0]?.extensions?.retryAfter).toBeGreaterThan(0);
    expect(body.errors?.[0]?.extensions?.retryAfter).toBeLessThanOrEqual(60);
    expect((await bob.client.data(CREATE, { input: INPUT })).createPuzzle.id).toBeTruthy();
    // Reads are not work.
    expect((await alice.client.data(`{ me { name } }`)).me.name).toBe(alice.user.name);
  });
});

describe("every request", () => {
  const server = useLimitedServer({ RATE_LIMIT_REQUESTS: "4", RATE_LIMIT_WINDOW_SECONDS: "60" });

  it("limits anonymous clients per IP with HTTP 429 and Retry-After", async () => {
    const { token } = await server().client().signUp(); // 1st request from this IP
    for (let i = 0; i < 3; i++) expect((await server().client().request(`{ __typename }`)).status).toBe(200);
    const limited = await server().client().request(`{ __typename }`);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(limited.body.errors?.[0]?.extensions).toMatchObject({ code: "RATE_LIMITED" });
    // A token has a budget of its own.
    const withToken = server().client(token);
    for (let i = 0; i < 4; i++) expect((await withToken.request(`{ me { id } }`)).status).toBe(200);
    expect((await withToken.request(`{ me { id } }`)).status).toBe(429);
  });

  it("counts WebSocket operations too", async () => {
    const { token } = await base.client().signUp();
    const client = wsClient(server().wsUrl, token);
    try {
      const results = [];
      for (let i = 0; i < 5; i++)
        results.push(
          await subscribe(client, `{ me { name } }`)
            .next()
            .catch((e: unknown) => e),
        );
      expect(results.slice(0, 4).every((r) => (r as { data?: unknown }).data !== undefined)).toBe(true);
      expect(JSON.stringify(results[4])).toContain("RATE_LIMITED");
    } finally {
      await client.dispose();
    }
  });
});
