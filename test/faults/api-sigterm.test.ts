// SIGTERM to a real API process (`node dist/src/main.js`) while it serves a request and while a
// subscription is open: the request in flight gets its full answer (the process stops accepting new
// connections but waits for it), the subscription's socket is closed as "going away" (1001, not cut
// as 1006), and a client that reconnects (here graphql-ws' own retry, to another API process) gets
// the stored state, then the final result: nothing is lost. The process exits 0 both times.
import pg from "pg";
import { createClient } from "graphql-ws";
import WebSocket from "ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../helpers/database.ts";
import { GraphQLClient } from "../helpers/graphql.ts";
import {
  BOARDS,
  FAST_PIPELINE,
  IDA_LC,
  createPuzzle,
  requestSolve,
  waitUntilFinished,
} from "../pipeline/pipeline.ts";
import { WorkerProcess } from "../pipeline/worker-process.ts";
import { ApiProcess } from "./api-process.ts";
import { printReport } from "./report.ts";

let database: TestDatabase;
let env: Record<string, string>;
let survivor: ApiProcess;
let worker: WorkerProcess;
const started: ApiProcess[] = [];

beforeAll(async () => {
  database = await createTestDatabase({ prefix: "faults_sigterm" });
  env = {
    ...FAST_PIPELINE,
    DATABASE_URL: database.url,
    REDIS_PREFIX: `faults-term-${process.pid}`,
    SHUTDOWN_TIMEOUT_MS: "15000",
  };
  survivor = await ApiProcess.start(env);
  started.push(survivor);
  worker = await WorkerProcess.start({ ...env, SOLVER_THREADS: "1" });
});

afterAll(async () => {
  await worker?.stop();
  await Promise.all(started.map((api) => api.stop()));
  await database?.drop();
});

async function anotherApi(): Promise<ApiProcess> {
  const api = await ApiProcess.start(env);
  started.push(api);
  return api;
}

describe("SIGTERM to an API process", () => {
  it("lets a request in flight finish with its answer, then exits 0", async () => {
    const api = await anotherApi();
    const { client } = await new GraphQLClient(api.url).signUp();
    const puzzleId = await createPuzzle(client, BOARDS.quick);
    // Hold the puzzle's advisory lock so that requestSolve waits inside its transaction.
    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    try {
      const { canonicalKey } = (
        await db.query(`SELECT canonical_key AS "canonicalKey" FROM puzzles WHERE id = $1`, [
          Number(puzzleId),
        ])
      ).rows[0];
      await db.query("BEGIN");
      await db.query("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))", [canonicalKey]);
      const inFlight = client.request(
        `mutation ($id: ID!, $options: SolveOptions) { requestSolve(puzzleId: $id, options: $options) { id status } }`,
        {
          id: puzzleId,
          options: IDA_LC,
        },
      );
      for (let i = 0; ; i++) {
        const { rows } = await db.query(
          `SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted`,
        );
        if (rows[0].n > 0) break;
        if (i > 200) throw new Error("requestSolve never waited for the lock");
        await new Promise((resolve) => setTimeout(resolve, 25));
      }

      api.signal("SIGTERM");
      // It stops accepting: new connections are refused while the request is still running.
      let refused = false;
      for (let i = 0; i < 100 && !refused; i++) {
        refused = await fetch(`${api.origin}/healthz`).then(
          () => false,
          () => true,
        );
        if (!refused) await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(refused).toBe(true);
      expect(api.alive).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await db.query("COMMIT");

      const answer = await inFlight;
      expect(answer.status).toBe(200);
      expect(answer.body.data?.requestSolve).toMatchObject({ status: "QUEUED" });
      expect(await api.exited).toEqual({ code: 0, signal: null });
      const solve = await waitUntilFinished(
        new GraphQLClient(survivor.url, client.token),
        answer.body.data!.requestSolve.id,
      );
      printReport("SIGTERM during a request", {
        accepted: 1,
        finished: solve.status === "SOLVED" ? 1 : 0,
        lost: solve.status === "SOLVED" ? 0 : 1,
        duplicates: 0,
      });
      expect(solve.status).toBe("SOLVED");
    } finally {
      await db.end();
    }
  });

  it("closes a subscription as going away (1001); the client reconnects elsewhere and gets the final result", async () => {
    const api = await anotherApi();
    const { client, token } = await new GraphQLClient(survivor.url).signUp();
    const solve = await requestSolve(client, await createPuzzle(client, BOARDS.twoSeconds), IDA_LC);

    const closes: number[] = [];
    const events: { status: string; lowerBound: number | null; final: boolean; server: string }[] = [];
    let current = api;
    const subscriber = createClient({
      // The first connection goes to the API being stopped; reconnections to the survivor.
      url: () => current.wsUrl,
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${token}` },
      retryAttempts: 5,
      retryWait: async () => {
        current = survivor;
      },
      on: { closed: (event) => void closes.push((event as { code: number }).code) },
    });
    const streaming = (async () => {
      const iterator = subscriber.iterate<{
        solveProgress: { status: string; lowerBound: number | null; solve: { length: number } | null };
      }>({
        query: `subscription ($id: ID!) { solveProgress(solveId: $id) { status lowerBound solve { length } } }`,
        variables: { id: solve.id },
      });
      for await (const result of iterator) {
        const event = result.data!.solveProgress;
        events.push({
          status: event.status,
          lowerBound: event.lowerBound,
          final: event.solve?.length !== undefined && event.status === "SOLVED",
          server: current === api ? "stopped" : "survivor",
        });
      }
    })();

    // Live events from the API about to stop, then SIGTERM.
    for (let i = 0; !events.some((event) => event.status === "RUNNING" && event.server === "stopped"); i++) {
      if (i > 600) throw new Error(`no live event: ${JSON.stringify(events)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    api.signal("SIGTERM");
    expect(await api.exited).toEqual({ code: 0, signal: null });
    await streaming;
    await subscriber.dispose();

    const last = events.at(-1);
    printReport("SIGTERM during a subscription", {
      accepted: 1,
      finished: last?.final ? 1 : 0,
      lost: last?.final ? 0 : 1,
      duplicates: 0,
      "close codes": closes.join("/"),
      "events before/after": [
        events.filter((e) => e.server === "stopped").length,
        events.filter((e) => e.server === "survivor").length,
      ].join("/"),
    });
    expect(closes[0]).toBe(1001);
    expect(events.some((event) => event.server === "survivor")).toBe(true);
    expect(last).toMatchObject({ status: "SOLVED", final: true });
    expect((await waitUntilFinished(client, solve.id)).length).toBe(56);
  });
});
