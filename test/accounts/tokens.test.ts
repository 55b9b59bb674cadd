// rotateToken and revokeToken across two API servers sharing Postgres and Redis (each its own App:
// token cache, event bus connection, sockets): the old token is refused on the other server within
// a second, even though that server had it cached, and the user's open sockets there close with 4401.
// Concurrent calls with one token: exactly one rotation (or the revoke) wins, the others are refused.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, createClient } from "graphql-ws";
import WebSocket from "ws";
import type { GraphQLClient } from "../helpers/graphql.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { subscribe, wsClient } from "../helpers/ws.ts";

let first: TestServer;
let second: TestServer;

beforeAll(async () => {
  first = await startTestServer();
  second = await startTestServer({
    env: { DATABASE_URL: first.config.databaseUrl, REDIS_PREFIX: first.config.redisPrefix },
  });
});
afterAll(async () => {
  await second?.close();
  await first?.close();
});

/** A socket that stays open between operations (the helpers' lazy client closes when idle). */
function openSocket(url: string, token: string): Client {
  return createClient({
    url,
    webSocketImpl: WebSocket,
    connectionParams: { authorization: `Bearer ${token}` },
    retryAttempts: 0,
    lazy: false,
    // The close these sockets get is what the tests await (closeOf): not an error to print.
    onNonLazyError: () => {},
  });
}

/** Resolves with the close code and reason of the client's socket. */
function closeOf(client: Client): Promise<{ code: number; reason: string }> {
  return new Promise((resolve) => {
    client.on("closed", (event) => {
      const { code, reason } = event as { code: number; reason: string };
      resolve({ code, reason });
    });
  });
}

/** Signs up on the first server, warms the second's token cache, opens a socket to the second. */
async function userWithSocket() {
  const { token, user } = await first.client().signUp(`tok_${randomBytes(4).toString("hex")}`);
  const onSecond = second.client(token);
  expect((await onSecond.data(`{ me { name } }`)).me).toEqual({ name: user.name });
  const socket = openSocket(second.wsUrl, token);
  const closed = closeOf(socket);
  expect((await subscribe(socket, `{ me { name } }`).next()).data).toEqual({ me: { name: user.name } });
  return { token, user, onSecond, socket, closed };
}

/** Milliseconds from now until `client`'s `{ me }` is refused with 401. */
async function untilRefused(client: GraphQLClient, deadlineMs = 5000): Promise<number> {
  const start = performance.now();
  while (performance.now() - start < deadlineMs) {
    const { status, body } = await client.request(`{ me { id } }`);
    if (status === 401) {
      expect(body.errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");
      return performance.now() - start;
    }
  }
  throw new Error(`still accepted after ${deadlineMs} ms`);
}

describe("rotateToken", () => {
  it("returns a new token; the old one is refused on every server at once; sockets close 4401", async () => {
    const { token, user, onSecond, socket, closed } = await userWithSocket();
    const sent = performance.now();
    const rotated = await first.client(token).data(`mutation { rotateToken { token user { name } } }`);
    const answered = performance.now();
    expect(rotated.rotateToken.user).toEqual({ name: user.name });
    expect(rotated.rotateToken.token).not.toBe(token);
    const refusedMs = await untilRefused(onSecond);
    const close = await closed;
    const closedMs = performance.now() - answered;
    expect(close.code).toBe(4401);
    expect(close.reason).toMatch(/^UNAUTHENTICATED/);
    expect(refusedMs).toBeLessThan(1000);
    expect(closedMs).toBeLessThan(1000);
    console.log(
      `rotateToken: answered in ${(answered - sent).toFixed(1)} ms; other server refused the old token ${refusedMs.toFixed(1)} ms later; socket closed ${closedMs.toFixed(1)} ms after the answer`,
    );
    const me = await second.client(rotated.rotateToken.token).data(`{ me { name } }`);
    expect(me.me).toEqual({ name: user.name });
    await socket.dispose();
  });

  it("over WebSocket answers the new token before closing the socket that asked", async () => {
    const { token, user } = await first.client().signUp(`tok_${randomBytes(4).toString("hex")}`);
    const socket = openSocket(first.wsUrl, token);
    const closed = closeOf(socket);
    const result = await subscribe(socket, `mutation { rotateToken { token } }`).next();
    const next = result.data?.rotateToken.token as string;
    expect(next).toMatch(/^pzt_/);
    expect((await closed).code).toBe(4401);
    expect((await first.client(next).data(`{ me { name } }`)).me).toEqual({ name: user.name });
    expect((await first.client(token).request(`{ me { id } }`)).status).toBe(401);
  });
  it("closes only the sockets of the old token: one opened with the new token at once stays open", async () => {
    const { token, user, socket, closed } = await userWithSocket();
    const rotated = await first.client(token).data(`mutation { rotateToken { token } }`);
    const next = rotated.rotateToken.token as string;
    // At once, before the news of the rotation has closed anything (each server closes the user's
    // sockets 50 ms after it hears, and the first hears twice: its own call and the event bus' echo).
    const fresh = [openSocket(first.wsUrl, next), openSocket(second.wsUrl, next)];
    const freshClosed = fresh.map((client) => closeOf(client).then(({ code }) => code));
    for (const client of fresh) {
      expect((await subscribe(client, `{ me { name } }`).next()).data).toEqual({ me: { name: user.name } });
    }
    expect((await closed).code).toBe(4401); // the old token's socket
    await new Promise((resolve) => setTimeout(resolve, 500));
    // Before: every socket of the user closed 4401, the new token's too, and a page that had just
    // replaced its token lost its live updates.
    const stillOpen = await Promise.race([
      Promise.all(fresh.map((client) => subscribe(client, `{ me { name } }`).next())),
      Promise.race(freshClosed).then((code) => `closed ${code}`),
    ]);
    expect(stillOpen).toEqual([{ data: { me: { name: user.name } } }, { data: { me: { name: user.name } } }]);
    for (const client of [socket, ...fresh]) await client.dispose();
  });
});

describe("revokeToken", () => {
  it("kills the token everywhere with no successor; the account and its name stay", async () => {
    const { token, user, onSecond, closed } = await userWithSocket();
    const revoked = await first.client(token).data(`mutation { revokeToken { name } }`);
    const answered = performance.now();
    expect(revoked.revokeToken).toEqual({ name: user.name });
    const refusedMs = await untilRefused(onSecond);
    expect((await closed).code).toBe(4401);
    const closedMs = performance.now() - answered;
    console.log(
      `revokeToken: other server refused ${refusedMs.toFixed(1)} ms after the answer; socket closed after ${closedMs.toFixed(1)} ms`,
    );
    expect(refusedMs).toBeLessThan(1000);
    expect((await first.client(token).request(`{ me { id } }`)).status).toBe(401);
    expect(
      (await first.client().data(`query ($n: String!) { user(name: $n) { name } }`, { n: user.name })).user,
    ).toEqual({ name: user.name });
    const socket = wsClient(second.wsUrl, token);
    const refused = closeOf(socket);
    await subscribe(socket, `{ me { id } }`)
      .next(2000)
      .catch(() => undefined);
    expect((await refused).code).toBe(4403);
  });

  it("needs a token", async () => {
    const { status, body } = await first.client().request(`mutation { revokeToken { name } }`);
    expect(status).toBe(401);
    expect(body.errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");
  });
});

/** One attempt of a race: its token when it won (rotateToken), its error code when refused. */
interface Outcome {
  readonly token?: string;
  readonly revoked?: boolean;
  readonly code?: unknown;
  readonly status?: number;
}

/** Runs `mutation` over HTTP on `server` with `token`. */
async function overHttp(server: TestServer, token: string, mutation: string): Promise<Outcome> {
  const { status, body } = await server.client(token).request(mutation);
  if (body.errors !== undefined) return { code: body.errors[0].extensions?.code, status };
  return { token: body.data?.rotateToken?.token, revoked: body.data?.revokeToken !== undefined, status };
}

/** A socket on `server` authenticated with `token` (checked with `{ me }`), ready to send `mutation`. */
async function readySocket(server: TestServer, token: string, mutation: string) {
  const socket = openSocket(server.wsUrl, token);
  const closed = closeOf(socket);
  expect((await subscribe(socket, `{ me { id } }`).next()).data?.me).toBeTruthy();
  return {
    closed,
    async send(): Promise<Outcome> {
      const answer = subscribe(socket, mutation)
        .next(5000)
        .then((result): Outcome => {
          if (result.errors !== undefined) return { code: result.errors[0].extensions?.code };
          const data = result.data as Record<string, any>;
          return { token: data.rotateToken?.token, revoked: data.revokeToken !== undefined };
        });
      try {
        // A loser's socket may be closed (4401, the winner's news) before its answer comes: refused too.
        const refused = closed.then(({ reason }): Outcome => ({ code: reason.split(":")[0] }));
        return await Promise.race([answer, refused]);
      } finally {
        void socket.dispose();
      }
    },
  };
}

const ROTATE = `mutation { rotateToken { token } }`;
const REVOKE = `mutation { revokeToken { name } }`;

/** The status of `{ me }` with `token` on each server (200 or 401). */
async function meStatus(token: string): Promise<number[]> {
  const statuses = [];
  for (const server of [first, second])
    statuses.push((await server.client(token).request(`{ me { id } }`)).status);
  return statuses;
}

describe("rotateToken and revokeToken at once with one token", () => {
  it("rotateToken x6 (HTTP and WebSocket, both servers): one succeeds, the others are UNAUTHENTICATED", async () => {
    for (let round = 0; round < 3; round++) {
      const { token, user } = await first.client().signUp(`race_${randomBytes(4).toString("hex")}`);
      await second.client(token).data(`{ me { id } }`); // cached on the second server too
      const sockets = [await readySocket(first, token, ROTATE), await readySocket(second, token, ROTATE)];
      const outcomes = await Promise.all([
        overHttp(first, token, ROTATE),
        overHttp(second, token, ROTATE),
        ...sockets.map((socket) => socket.send()),
        overHttp(first, token, ROTATE),
        overHttp(second, token, ROTATE),
      ]);
      const won = outcomes.filter((outcome) => outcome.token !== undefined);
      // Before: every call answered a token (and only the last one written worked).
      expect(won, JSON.stringify(outcomes)).toHaveLength(1);
      for (const outcome of outcomes.filter((each) => each.token === undefined)) {
        expect(outcome.code, JSON.stringify(outcomes)).toBe("UNAUTHENTICATED");
        if (outcome.status !== undefined) expect(outcome.status).toBe(401);
      }
      const next = won[0].token as string;
      expect(await meStatus(next)).toEqual([200, 200]);
      expect(await meStatus(token)).toEqual([401, 401]);
      await new Promise((resolve) => setTimeout(resolve, 200)); // every event heard
      expect((await second.client(next).data(`{ me { name } }`)).me).toEqual({ name: user.name });
      expect(await meStatus(token)).toEqual([401, 401]);
    }
  });

  it("revokeToken and rotateToken at once: never both; after a revoke no token works", async () => {
    const winners = new Set<string>();
    for (let round = 0; round < 6; round++) {
      const { token } = await first.client().signUp(`race_${randomBytes(4).toString("hex")}`);
      await second.client(token).data(`{ me { id } }`);
      // Each way round, over HTTP and WebSocket, on one server or across both.
      const [revokeOn, rotateOn] = round % 2 === 0 ? [first, second] : [second, first];
      const revokeSocket = round < 2 ? undefined : await readySocket(revokeOn, token, REVOKE);
      const rotateSocket = round < 4 ? undefined : await readySocket(rotateOn, token, ROTATE);
      const [revoke, rotate] = await Promise.all([
        revokeSocket?.send() ?? overHttp(revokeOn, token, REVOKE),
        rotateSocket?.send() ?? overHttp(rotateOn, token, ROTATE),
      ]);
      const outcomes = JSON.stringify({ revoke, rotate });
      // Before: both succeeded, and the rotated token still worked: the revoke was undone.
      expect(Boolean(revoke.revoked) && rotate.token !== undefined, outcomes).toBe(false);
      expect(Boolean(revoke.revoked) || rotate.token !== undefined, outcomes).toBe(true);
      const loser = revoke.revoked ? rotate : revoke;
      expect(loser.code, outcomes).toBe("UNAUTHENTICATED");
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await meStatus(token)).toEqual([401, 401]);
      if (rotate.token !== undefined) {
        winners.add("rotate");
        expect(await meStatus(rotate.token)).toEqual([200, 200]);
      } else winners.add("revoke");
    }
    console.log(`revoke+rotate races won by: ${[...winners].join(", ")}`);
  });
});
