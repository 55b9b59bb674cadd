// Liveness and readiness: /readyz answers 503 while Redis (or Postgres) is unreachable and 200 again
// once it is back, while the API keeps serving reads and sign-ups meanwhile.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, RedisChild } from "../pipeline/redis-child.ts";
import { startTestServer, useTestServer, type TestServer } from "../helpers/server.ts";

const api = useTestServer();

async function get(url: string): Promise<{ status: number; body: any }> {
  const response = await fetch(url);
  return { status: response.status, body: await response.json() };
}

async function waitForStatus(
  url: string,
  status: number,
  timeoutMs = 10_000,
): Promise<{ status: number; body: any }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await get(url);
    if (answer.status === status || Date.now() > deadline) return answer;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("health and readiness", () => {
  it("/healthz answers 200 while the process runs", async () => {
    expect(await get(`${api.origin}/healthz`)).toEqual({ status: 200, body: { status: "ok" } });
  });

  it("/readyz answers 200 when Postgres and Redis answer", async () => {
    expect(await get(`${api.origin}/readyz`)).toEqual({
      status: 200,
      body: { status: "ready", checks: { postgres: "ok", redis: "ok" }, workers: 0, solverThreads: 0 },
    });
  });
});

describe("readiness while Redis is away", () => {
  let redis: RedisChild;
  let server: TestServer;

  beforeAll(async () => {
    redis = await RedisChild.start();
    server = await startTestServer({ env: { DATABASE_URL: api.config.databaseUrl, REDIS_URL: redis.url } });
  });

  afterAll(async () => {
    await server?.close();
    await redis?.stop();
  });

  it("fails while Redis is down, keeps serving, and recovers when Redis is back", async () => {
    expect((await waitForStatus(`${server.origin}/readyz`, 200)).status).toBe(200);

    await redis.stop();
    const down = await waitForStatus(`${server.origin}/readyz`, 503);
    expect(down).toEqual({
      status: 503,
      body: {
        status: "unavailable",
        checks: { postgres: "ok", redis: "unavailable" },
        workers: null,
        solverThreads: null,
      },
    });
    expect((await get(`${server.origin}/healthz`)).status).toBe(200);
    // Rate limits fall back to memory: requests are still served, sign-up included.
    const { client } = await server.client().signUp();
    expect((await client.data(`{ me { name } }`)).me.name).toBeTruthy();

    await redis.start();
    const up = await waitForStatus(`${server.origin}/readyz`, 200);
    expect(up.body).toEqual({
      status: "ready",
      checks: { postgres: "ok", redis: "ok" },
      workers: 0,
      solverThreads: 0,
    });
  });
});

describe("readiness with unreachable services from the start", () => {
  it("answers 503 naming Redis when nothing listens on its port", async () => {
    const server = await startTestServer({
      env: { DATABASE_URL: api.config.databaseUrl, REDIS_URL: `redis://127.0.0.1:${await freePort()}` },
    });
    try {
      const { status, body } = await get(`${server.origin}/readyz`);
      expect(status).toBe(503);
      expect(body.checks).toEqual({ postgres: "ok", redis: "unavailable" });
    } finally {
      await server.close();
    }
  });

  it("answers 503 naming Postgres when its server does not answer", async () => {
    const server = await startTestServer({
      env: { DATABASE_URL: `postgresql://postgres@127.0.0.1:${await freePort()}/nothing` },
    });
    try {
      const { status, body } = await get(`${server.origin}/readyz`);
      expect(status).toBe(503);
      expect(body.checks).toEqual({ postgres: "unavailable", redis: "ok" });
    } finally {
      await server.close();
    }
  });
});
