// Failed authentications are limited per IP before Postgres is asked, over HTTP and at the WebSocket
// connection_init: after RATE_LIMIT_AUTH_FAILURES bad tokens, RATE_LIMITED with retryAfter, and no
// lookup reaches Postgres (counted with Postgres' statistics of scans of the users table).
import { randomBytes } from "node:crypto";
import { createClient } from "graphql-ws";
import pg from "pg";
import { describe, expect, it } from "vitest";
import WebSocket from "ws";
import type { GraphQLClient } from "../helpers/graphql.ts";
import { useTestServer } from "../helpers/server.ts";

const FAILURES = 5;
const api = useTestServer({ env: { RATE_LIMIT_AUTH_FAILURES: String(FAILURES) } });

const randomToken = () => `pzt_${randomBytes(32).toString("base64url")}`;

/**
 * Runs `body` while another transaction holds the users table exclusively: any token lookup would
 * wait for it, so answers that come back at once did not ask Postgres.
 */
async function withUsersLocked(body: () => Promise<void>): Promise<void> {
  const client = new pg.Client({ connectionString: api.config.databaseUrl });
  await client.connect();
  try {
    await client.query("BEGIN");
    await client.query("LOCK TABLE users IN ACCESS EXCLUSIVE MODE");
    await body();
  } finally {
    await client.query("ROLLBACK").catch(() => {});
    await client.end();
  }
}

describe("failed authentications per IP", () => {
  it("over HTTP: RATE_LIMITED with retryAfter after N failures, without asking Postgres", async () => {
    for (let i = 0; i < FAILURES; i++) {
      expect((await api.client(randomToken()).request(`{ me { id } }`)).status).toBe(401);
    }
    await withUsersLocked(async () => {
      for (let i = 0; i < 20; i++) {
        const { status, headers, body } = await api.client(randomToken()).request(`{ me { id } }`);
        expect(status).toBe(429);
        expect(body.errors?.[0].extensions).toMatchObject({ code: "RATE_LIMITED" });
        expect(body.errors?.[0].extensions?.retryAfter).toBeGreaterThan(0);
        expect(Number(headers.get("retry-after"))).toBeGreaterThan(0);
      }
    });
  });

  it("over WebSocket: connection_init is refused with 4429 RATE_LIMITED from the same IP", async () => {
    const client = createClient({
      url: api.wsUrl,
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${randomToken()}` },
      retryAttempts: 0,
      lazy: false,
      onNonLazyError: () => {}, // the close is what this test awaits, not an error to print
    });
    const closed = await new Promise<{ code: number; reason: string }>((resolve) =>
      client.on("closed", (event) => resolve(event as { code: number; reason: string })),
    );
    expect(closed.code).toBe(4429);
    expect(closed.reason).toMatch(/^RATE_LIMITED: too many failed authentications: retry in \d+ s/);
    await client.dispose();
  });

  it("anonymous requests are not affected", async () => {
    expect((await api.client().request(`{ me { id } }`)).status).toBe(200);
  });
});

describe("failed authentications per IP, sent at once", () => {
  const burst = useTestServer({ env: { RATE_LIMIT_AUTH_FAILURES: String(FAILURES) } });

  it("a burst of bad tokens gets exactly N lookups; valid tokens give their point back", async () => {
    // Valid tokens this process has not verified yet are looked up too, and cost nothing.
    const users = await Promise.all(Array.from({ length: 3 }, () => burst.client().signUp()));
    const valid = await Promise.all(users.map((u) => u.client.request(`{ me { id } }`)));
    expect(valid.map((r) => r.status)).toEqual([200, 200, 200]);

    // While the users table is locked every lookup waits in Postgres, so all 40 requests are in
    // flight at once. Before the fix the budget was only checked before the lookup and charged after
    // it: all 40 passed the check together and all 40 asked Postgres (40 answers 401, none 429).
    let answers: Awaited<ReturnType<GraphQLClient["request"]>>[] = [];
    const client = new pg.Client({ connectionString: burst.config.databaseUrl });
    await client.connect();
    try {
      await client.query("BEGIN");
      await client.query("LOCK TABLE users IN ACCESS EXCLUSIVE MODE");
      const sent = Promise.all(
        Array.from({ length: 40 }, () => burst.client(randomToken()).request(`{ me { id } }`)),
      );
      await new Promise((resolve) => setTimeout(resolve, 500));
      await client.query("ROLLBACK");
      answers = await sent;
    } finally {
      await client.end();
    }
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(FAILURES);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40 - FAILURES);
    // A token verified before is still served without asking.
    expect((await users[0].client.request(`{ me { id } }`)).status).toBe(200);
  });
});
