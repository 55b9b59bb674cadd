// rotateToken and revokeToken across two API servers sharing Postgres and Redis (each its own App:
// token cache, event bus connection, sockets): the old token is refused on the other server within
// a second, even though that server had it cached, and the user's open sockets there close with 4401.
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
