// A Redis that is connected but does not answer (DEBUG SLEEP here; a SIGSTOPped or stuck server looks
// the same: the socket stays open, no reply comes) must not stall the API. Requests are answered
// within about a second of the hang (the rate limits count in memory, as when Redis is closed), and
// at once after that; /readyz says 503 within its 2 s; requestSolve stores its Solve QUEUED for the
// reconciler after ENQUEUE_TIMEOUT_MS, and a mutation that publishes an event answers too.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../helpers/server.ts";
import { subscribe, wsClient } from "../helpers/ws.ts";
import { BOARDS, createPuzzle, IDA_LC, requestSolve } from "../pipeline/pipeline.ts";
import { type HangRig, startHangRig, timed } from "./redis-hang.ts";

/** Far longer than any bound below: an answer within a bound did not wait for Redis. */
const SLEEP_SECONDS = 60;
/** The first requests of a hang wait for the limiter's deadline (500 ms) once. */
const FIRST_ANSWER_MS = 2000;
/** Once a hang is noticed, requests do not wait for Redis at all. */
const LATER_ANSWER_MS = 750;
const REQUESTS_PER_WINDOW = 60;
const ADMIN_TOKEN = "dashboard-token-of-the-hang-test";

let rig: HangRig;
let server: TestServer;

beforeAll(async () => {
  rig = await startHangRig({ RATE_LIMIT_REQUESTS: String(REQUESTS_PER_WINDOW), ADMIN_TOKEN: ADMIN_TOKEN });
  server = rig.server;
});

afterAll(async () => {
  await rig?.close();
});

async function readyz(): Promise<{ status: number; body: any }> {
  const response = await fetch(`${server.origin}/readyz`, { signal: AbortSignal.timeout(10_000) });
  return { status: response.status, body: await response.json() };
}

async function dashboard(path: string): Promise<number> {
  const response = await fetch(`${server.origin}/admin/queues${path}`, {
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    signal: AbortSignal.timeout(10_000),
  });
  await response.arrayBuffer();
  return response.status;
}

async function overWebSocket(token: string | undefined, query: string) {
  const client = wsClient(server.wsUrl, token);
  try {
    const operation = subscribe(client, query);
    return await operation.next(10_000);
  } finally {
    await client.dispose();
  }
}

describe("a Redis that hangs (connected, not answering)", () => {
  it("leaves HTTP, WebSocket, signed-in requests and /readyz and the queue dashboard answering in bounded time", async () => {
    const { token, client: signedInClient } = await server.client().signUp();
    const puzzleId = await createPuzzle(signedInClient, BOARDS.quick);
    expect((await readyz()).status).toBe(200);
    expect(await dashboard("/api/queues")).toBe(200);
    // A token the server has not cached yet: its check takes a point of the failed-authentication
    // budget (Redis) before Postgres is asked, then the request budget's.
    await rig.hang(SLEEP_SECONDS);

    const [anonymous, signedIn, wsAnonymous, wsSignedIn, ready] = await Promise.all([
      timed(FIRST_ANSWER_MS, () => server.client().data(`{ __typename }`)),
      timed(FIRST_ANSWER_MS, () => server.client(token).data(`{ me { name } }`)),
      timed(FIRST_ANSWER_MS, () => overWebSocket(undefined, `{ __typename }`)),
      timed(FIRST_ANSWER_MS, () => overWebSocket(token, `{ me { name } }`)),
      timed(FIRST_ANSWER_MS + 500, readyz),
    ]);
    expect(anonymous.value).toEqual({ __typename: "Query" });
    expect(anonymous.ms).toBeLessThan(FIRST_ANSWER_MS);
    expect(signedIn.value.me.name).toBeTruthy();
    expect(signedIn.ms).toBeLessThan(FIRST_ANSWER_MS);
    expect(wsAnonymous.value).toEqual({ data: { __typename: "Query" } });
    expect(wsAnonymous.ms).toBeLessThan(FIRST_ANSWER_MS);
    expect((wsSignedIn.value.data as any).me.name).toBe(signedIn.value.me.name);
    expect(wsSignedIn.ms).toBeLessThan(FIRST_ANSWER_MS);
    // /readyz: 2 s for its checks, nothing unbounded after them.
    expect([ready.value.status, ready.value.body.checks.redis, ready.value.body.workers]).toEqual([
      503,
      "unavailable",
      null,
    ]);
    expect(ready.ms).toBeLessThan(FIRST_ANSWER_MS + 500);

    // Once the hang is noticed, requests no longer wait for Redis.
    for (const client of [server.client(), server.client(token)]) {
      const later = await timed(LATER_ANSWER_MS, () => client.data(`{ __typename }`));
      expect(later.ms).toBeLessThan(LATER_ANSWER_MS);
    }
    const wsLater = await timed(LATER_ANSWER_MS, () => overWebSocket(token, `{ __typename }`));
    expect(wsLater.ms).toBeLessThan(LATER_ANSWER_MS);

    // The queue dashboard's reads fail in bounded time rather than never.
    const queues = await timed(FIRST_ANSWER_MS + 1000, () => dashboard("/api/queues"));
    expect(queues.value).toBeGreaterThanOrEqual(500);
    expect(queues.ms).toBeLessThan(FIRST_ANSWER_MS + 1000);

    // A search is stored QUEUED for the reconciler once ENQUEUE_TIMEOUT_MS (1 s) has passed, as when
    // Redis is closed.
    const queued = await timed(FIRST_ANSWER_MS + 1000, () => requestSolve(signedInClient, puzzleId, IDA_LC));
    expect(queued.value.status).toBe("QUEUED");
    expect(queued.ms).toBeLessThan(FIRST_ANSWER_MS + 1000);
    const row = await server.server.app.prisma.solve.findUniqueOrThrow({
      where: { id: Number(queued.value.id) },
    });
    expect(row).toMatchObject({ status: "QUEUED" });
    expect(row.jobId).toMatch(/^solve-/);

    // A command other than the rate limits' (rotateToken publishes the revocation) gives up too.
    const rotated = await timed(FIRST_ANSWER_MS, () =>
      server.client(token).data<{ rotateToken: { token: string } }>(`mutation { rotateToken { token } }`),
    );
    expect(rotated.value.rotateToken.token).not.toBe(token);
    expect(rotated.ms).toBeLessThan(FIRST_ANSWER_MS);

    // The limit still holds, counted in memory: the anonymous budget runs out within one window.
    const statuses: number[] = [];
    for (let i = 0; i < REQUESTS_PER_WINDOW + 1; i++) {
      const { status } = await server.client().request(`{ __typename }`);
      statuses.push(status);
      if (status === 429) break;
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, -1).every((status) => status === 200)).toBe(true);
  });
});
