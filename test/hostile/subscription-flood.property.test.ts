// A subscription flood over WebSocket: whatever a client sends, one socket holds at most
// WS_MAX_SUBSCRIPTIONS_PER_SOCKET operations, one user at most WS_MAX_SUBSCRIPTIONS_PER_USER over all
// their sockets (per API process), and one IP at most WS_MAX_SOCKETS_PER_IP sockets. A subscription
// beyond a cap gets LIMIT_EXCEEDED with the `limit`; completing one makes room again; a socket beyond
// the per-IP cap is closed with 4429.
import fc from "fast-check";
import WebSocket from "ws";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { useTestServer } from "../helpers/server.ts";
import { BOARDS, IDA_LC, createPuzzle, requestSolve } from "../pipeline/pipeline.ts";
import { within } from "./responses.ts";

const PER_SOCKET = 4;
const PER_USER = 6;
const PER_IP = 3;
const api = useTestServer({
  env: {
    WS_MAX_SUBSCRIPTIONS_PER_SOCKET: String(PER_SOCKET),
    WS_MAX_SUBSCRIPTIONS_PER_USER: String(PER_USER),
    WS_MAX_SOCKETS_PER_IP: String(PER_IP),
    RATE_LIMIT_REQUESTS: "100000",
  },
});
const RUNS = Number(process.env.HOSTILE_RUNS ?? 15);
const PROGRESS = `subscription ($id: ID!) { solveProgress(solveId: $id) { status } }`;
let token: string;
let solveId: string;
const sockets: WebSocket[] = [];

beforeAll(async () => {
  const { client, token: t } = await api.client().signUp();
  token = t;
  // QUEUED for the whole test (no worker runs): its progress subscriptions stay open.
  solveId = (await requestSolve(client, await createPuzzle(client, BOARDS.hard), IDA_LC)).id;
});

afterEach(async () => {
  await Promise.all(
    sockets.splice(0).map(
      (socket) =>
        new Promise<void>((resolve) => {
          if (socket.readyState === WebSocket.CLOSED) return resolve();
          socket.once("close", () => resolve());
          socket.close();
        }),
    ),
  );
  // The server counts a socket's operations down when it sees the close.
  await new Promise((resolve) => setTimeout(resolve, 50));
});

interface Session {
  /** Operation id -> "accepted" (its first `next` came) or an error's extensions. */
  readonly outcomes: Map<string, "accepted" | Record<string, unknown>>;
  readonly closed: Promise<{ code: number; reason: string }>;
  subscribe(id: string): void;
  complete(id: string): void;
}

async function open(): Promise<Session> {
  const socket = new WebSocket(api.wsUrl, "graphql-transport-ws");
  sockets.push(socket);
  const outcomes = new Map<string, "accepted" | Record<string, unknown>>();
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.once("close", (code, reason) => resolve({ code, reason: String(reason) })),
  );
  await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
  const acked = new Promise<void>((resolve) =>
    socket.on("message", (data) => {
      const message = JSON.parse(String(data));
      if (message.type === "connection_ack") resolve();
      if (message.type === "next" && !outcomes.has(message.id)) outcomes.set(message.id, "accepted");
      if (message.type === "error") outcomes.set(message.id, message.payload[0]?.extensions ?? {});
    }),
  );
  socket.send(JSON.stringify({ type: "connection_init", payload: { authorization: `Bearer ${token}` } }));
  await within(Promise.race([acked, closed]), 5000, "connection_ack or close");
  const send = (message: unknown) => socket.send(JSON.stringify(message));
  return {
    outcomes,
    closed,
    subscribe: (id) =>
      send({ type: "subscribe", id, payload: { query: PROGRESS, variables: { id: solveId } } }),
    complete: (id) => send({ type: "complete", id }),
  };
}

async function answered(session: Session, ids: readonly string[]): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!ids.every((id) => session.outcomes.has(id))) {
    if (Date.now() > deadline)
      throw new Error(`no answer for ${ids.filter((id) => !session.outcomes.has(id))}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe("a subscription flood", () => {
  it("is capped per socket and per user; completing one makes room again", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: PER_IP }),
        async (floods) => {
          const sessions = await Promise.all(floods.map(() => open()));
          // Every socket floods at once; the counts are checked without any await in between.
          const ids = floods.map((n, s) => Array.from({ length: n }, (_, i) => `s${s}-${i}`));
          sessions.forEach((session, s) => {
            for (const id of ids[s]) session.subscribe(id);
          });
          await Promise.all(sessions.map((session, s) => answered(session, ids[s])));
          let userTotal = 0;
          sessions.forEach((session, s) => {
            const outcomes = ids[s].map((id) => session.outcomes.get(id));
            const accepted = outcomes.filter((o) => o === "accepted").length;
            expect(accepted).toBeLessThanOrEqual(PER_SOCKET);
            for (const o of outcomes) {
              if (o === "accepted") continue;
              expect(o).toMatchObject({ code: "LIMIT_EXCEEDED" });
              expect([PER_SOCKET, PER_USER]).toContain((o as { limit: number }).limit);
            }
            userTotal += accepted;
          });
          const asked = floods.map((n) => Math.min(n, PER_SOCKET)).reduce((a, b) => a + b, 0);
          expect(userTotal).toBe(Math.min(asked, PER_USER));

          // Completing an accepted one makes room on a full socket.
          const full = sessions.findIndex((session, s) =>
            ids[s].some((id) => session.outcomes.get(id) !== "accepted"),
          );
          if (full >= 0) {
            const done = ids[full].find((id) => sessions[full].outcomes.get(id) === "accepted");
            if (done !== undefined) {
              sessions[full].complete(done);
              await new Promise((resolve) => setTimeout(resolve, 50));
              sessions[full].subscribe(`${full}-again`);
              await answered(sessions[full], [`${full}-again`]);
              expect(sessions[full].outcomes.get(`${full}-again`)).toBe("accepted");
            }
          }
          await Promise.all(
            sockets.splice(0).map(
              (socket) =>
                new Promise<void>((resolve) => {
                  socket.once("close", () => resolve());
                  socket.close();
                }),
            ),
          );
          await new Promise((resolve) => setTimeout(resolve, 50));
        },
      ),
      { numRuns: RUNS },
    );
  }, 120_000);

  it("closes a socket beyond the per-IP cap with 4429, and takes one again once another closes", async () => {
    const opened = await Promise.all(Array.from({ length: PER_IP }, () => open()));
    const extra = await open();
    const close = await within(extra.closed, 5000, "close");
    expect(close.code).toBe(4429);
    expect(close.reason).toMatch(/^LIMIT_EXCEEDED: at most 3 WebSockets per IP/);
    sockets[0].close();
    await opened[0].closed;
    await new Promise((resolve) => setTimeout(resolve, 50));
    const again = await open();
    again.subscribe("after");
    await answered(again, ["after"]);
    expect(again.outcomes.get("after")).toBe("accepted");
  });
});
