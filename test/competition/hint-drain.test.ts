// A 4x4 hint and analysis waiting for the workers' proof when the API begins draining (SIGTERM): both
// are answered PENDING at once, before the server cuts connections at SHUTDOWN_TIMEOUT_MS and closes
// Redis, and nothing is logged as an error. Before, the wait went on (ANALYSIS_WAIT_MS 20 s > the 10 s
// shutdown timeout): the client's connection was closed with no response, and the wait's next Redis
// read failed with "Connection is closed." (level 50, "unexpected error"). No worker runs here: the
// proof never comes.
import { Writable } from "node:stream";
import { Queue } from "bullmq";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../src/app.ts";
import type { Config } from "../../src/config.ts";
import { startServer, type RunningServer } from "../../src/server.ts";
import { ANALYSIS_QUEUE } from "../../src/services/analysis-jobs.ts";
import { testConfig } from "../helpers/config.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/database.ts";
import { GraphQLClient, type GraphQLResponse } from "../helpers/graphql.ts";
import { deleteRedisKeys } from "../helpers/redis-keys.ts";
import { applyMoves, GOAL4, randomWalk } from "./boards.ts";
import { ANALYZE, CREATE } from "./operations.ts";

const SHUTDOWN_TIMEOUT_MS = 4000;
const lines: { level: number; msg?: string; err?: { message?: string } }[] = [];
let database: TestDatabase;
let config: Config;
let server: RunningServer;

beforeAll(async () => {
  database = await createTestDatabase({ prefix: "hintdrain" });
  config = testConfig({
    DATABASE_URL: database.url,
    ANALYSIS_WAIT_MS: "20000",
    SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
  });
  const sink = new Writable({
    write: (chunk, _enc, done) => {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  server = await startServer(config, { app: createApp(config, { logger: pino({ level: "info" }, sink) }) });
});

afterAll(async () => {
  await server?.close();
  await database?.drop();
  await deleteRedisKeys(config.redisUrl, config.redisPrefix);
});

const HINT = `query ($p: ID!) { hint(puzzleId: $p) { status progress move distance } }`;

/** Resolves once `count` analysis jobs are in Redis (the requests are waiting for them). */
async function jobsQueued(count: number): Promise<void> {
  const queue = new Queue(ANALYSIS_QUEUE, {
    connection: { url: config.redisUrl },
    prefix: config.redisPrefix,
  });
  try {
    const deadline = Date.now() + 10_000;
    while ((await queue.count()) < count) {
      if (Date.now() > deadline) throw new Error("the analysis jobs were not queued");
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    await queue.close();
  }
}

describe("draining while a 4x4 hint waits for the workers", () => {
  it("answers the hint and the analysis PENDING at once, before connections are cut", async () => {
    const signUp = await new GraphQLClient(server.url).data<{ signUp: { token: string } }>(
      `mutation { signUp(name: "drain_${Date.now().toString(36)}") { token } }`,
    );
    const client = new GraphQLClient(server.url, signUp.signUp.token);
    const walk = randomWalk(4, 4, GOAL4, 40);
    const start = applyMoves(4, 4, GOAL4, walk);
    const { createPuzzle } = await client.data(CREATE, { i: { kind: "SLIDING", rows: 4, cols: 4, start } });
    // The walk back: a solution (not an optimal one) to analyse.
    const back: Record<string, string> = { U: "D", D: "U", L: "R", R: "L" };
    const moves = [...walk]
      .reverse()
      .map((move) => back[move])
      .join("");
    const answers: Promise<GraphQLResponse<Record<string, any>>>[] = [
      client.request(HINT, { p: createPuzzle.id }),
      client.request(ANALYZE, { p: createPuzzle.id, m: moves }),
    ];
    const settled = Promise.allSettled(answers);
    await jobsQueued(2);
    await new Promise((resolve) => setTimeout(resolve, 200)); // well into their waits

    const began = performance.now();
    const closed = server.close();
    const [hint, analysis] = await settled;
    const answeredMs = performance.now() - began;
    await closed;

    expect(hint.status, String((hint as PromiseRejectedResult).reason)).toBe("fulfilled");
    expect(analysis.status, String((analysis as PromiseRejectedResult).reason)).toBe("fulfilled");
    const hintBody = (hint as PromiseFulfilledResult<GraphQLResponse<Record<string, any>>>).value;
    const analysisBody = (analysis as PromiseFulfilledResult<GraphQLResponse<Record<string, any>>>).value;
    expect(hintBody.status).toBe(200);
    expect(hintBody.body.errors).toBeUndefined();
    expect(hintBody.body.data?.hint).toMatchObject({ status: "PENDING", move: null, distance: null });
    expect(analysisBody.body.errors).toBeUndefined();
    expect(analysisBody.body.data?.analyzeSolution).toMatchObject({ status: "PENDING", moves: null });
    // Answered at once, not when the shutdown timeout cut the connections.
    expect(answeredMs).toBeLessThan(SHUTDOWN_TIMEOUT_MS / 2);
    expect(lines.filter((line) => line.level >= 50)).toEqual([]);
    expect(lines.some((line) => line.msg === "API stopped")).toBe(true);
  }, 20_000);
});
