// A client that closes the connection halfway through its request body: nothing went wrong on this
// side. Logged quietly (no error line, no stack), not a 5xx in the access log or the metrics, and
// counted as an aborted request.
import { connect } from "node:net";
import { Writable } from "node:stream";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../src/app.ts";
import type { Config } from "../../src/config.ts";
import { startServer, type RunningServer } from "../../src/server.ts";
import { testConfig } from "../helpers/config.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/database.ts";
import { deleteRedisKeys } from "../helpers/redis-keys.ts";
import { sample } from "../metrics/exposition.ts";

const TOKEN = "metrics-token-for-tests-0123456789";
interface LogLine {
  readonly level: number;
  readonly reqId?: string;
  readonly req?: { readonly id?: string };
  readonly res?: { readonly statusCode?: number | null };
  readonly err?: unknown;
}
const lines: LogLine[] = [];
let database: TestDatabase;
let config: Config;
let server: RunningServer;

beforeAll(async () => {
  database = await createTestDatabase({ prefix: "aborted" });
  config = testConfig({ DATABASE_URL: database.url, METRICS_TOKEN: TOKEN, LOG_LEVEL: "debug" });
  const sink = new Writable({
    write: (chunk, _enc, done) => {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  server = await startServer(config, { app: createApp(config, { logger: pino({ level: "debug" }, sink) }) });
});

afterAll(async () => {
  await server?.close();
  await database?.drop();
  await deleteRedisKeys(config.redisUrl, config.redisPrefix);
});

async function scrape(): Promise<string> {
  const response = await fetch(server.url.replace(/graphql$/, "metrics"), {
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  return response.text();
}

/** Sends the headers and half of the body announced, then closes the socket. */
async function sendHalfABody(requestId: string): Promise<void> {
  const { port } = server;
  const body = JSON.stringify({
    query: `{ puzzles { edges { cursor } } }`,
    variables: { pad: "x".repeat(2000) },
  });
  const socket = connect(port, "127.0.0.1");
  await new Promise<void>((resolve, reject) => socket.once("connect", resolve).once("error", reject));
  socket.write(
    `POST /graphql HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n` +
      `X-Request-Id: ${requestId}\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, body.length / 2)}`,
  );
  // Long enough for the server to start reading the body.
  await new Promise((resolve) => setTimeout(resolve, 100));
  socket.destroy();
}

async function until(condition: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("a client that closes mid-body", () => {
  it("is logged quietly, is no 5xx, and is counted as aborted", async () => {
    const before = sample(await scrape(), "puzzle_http_requests_aborted_total", { route: "/graphql" }) ?? 0;
    await sendHalfABody("aborted-1");
    await sendHalfABody("aborted-2");
    await until(
      async () =>
        (sample(await scrape(), "puzzle_http_requests_aborted_total", { route: "/graphql" }) ?? 0) >=
        before + 2,
      "the aborted counter",
    );
    const ours = lines.filter((line) => line.reqId === "aborted-1" || line.req?.id === "aborted-1");
    expect(ours.length).toBeGreaterThan(0);
    for (const line of ours) {
      expect(line.level, JSON.stringify(line)).toBeLessThanOrEqual(30); // debug or info
      expect(line.err, JSON.stringify(line)).toBeUndefined();
      // pino-http shows null for a response whose headers were never sent.
      if (typeof line.res?.statusCode === "number") expect(line.res.statusCode).toBeLessThan(500);
    }
    expect(lines.filter((line) => line.level >= 50)).toEqual([]);
    const text = await scrape();
    expect(sample(text, "puzzle_http_responses_total", { route: "/graphql", status: "500" })).toBeUndefined();
    expect(sample(text, "puzzle_http_responses_total", { route: "/graphql", status: "400" })).toBeUndefined();
  });

  it("the server answers normally afterwards", async () => {
    const response = await fetch(server.url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: "{ __typename }" }),
    });
    expect(await response.json()).toEqual({ data: { __typename: "Query" } });
  });
});
