// A Postgres that connects and then stops answering (hung, or the network path gone without FIN or
// RST), and a statement that runs without end on a live Postgres: each request fails in bounded time
// as "database unavailable" instead of holding a pooled connection for ever (pg sets no timeout).
import { createServer, type Server, type Socket } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createPrismaClient } from "../../src/db/client.ts";
import { isDatabaseUnavailable } from "../../src/db/errors.ts";

const SERVER_URL = process.env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";

let server: Server;
const sockets: Socket[] = [];
let port = 0;

/** A server message: type byte, int32 length (itself included), body. */
function message(type: string, body: Buffer): Buffer {
  const header = Buffer.alloc(5);
  header.write(type, 0, "latin1");
  header.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([header, body]);
}

beforeAll(async () => {
  // Answers the startup (AuthenticationOk, ReadyForQuery "idle"), then reads and says nothing.
  server = createServer((socket) => {
    sockets.push(socket);
    socket.once("data", () => {
      socket.write(Buffer.concat([message("R", Buffer.alloc(4)), message("Z", Buffer.from("I"))]));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as { port: number }).port;
});

afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => server.close(resolve));
});

/** The query's error, or a string if it answered or was still waiting after 10 s. */
async function outcomeOf(query: Promise<unknown>): Promise<unknown> {
  return Promise.race([
    query.then(
      () => "answered",
      (error: unknown) => error,
    ),
    new Promise((resolve) => setTimeout(() => resolve("still waiting after 10 s"), 10_000)),
  ]);
}

it("a server that connects and then never answers: each query fails within the query timeout", async () => {
  const prisma = createPrismaClient(`postgresql://postgres@127.0.0.1:${port}/nothing`, {
    poolSize: 1,
    queryTimeoutMs: 400,
  });
  for (const attempt of [1, 2]) {
    const began = performance.now();
    const outcome = await outcomeOf(prisma.$queryRaw`SELECT 1`);
    expect(outcome, `attempt ${attempt}`).toBeInstanceOf(Error);
    expect(isDatabaseUnavailable(outcome), String(outcome)).toBe(true);
    expect(performance.now() - began).toBeLessThan(5000);
  }
  expect(sockets.length).toBeGreaterThan(0);
  await prisma.$disconnect();
}, 30_000);

it("a statement that runs too long is cancelled by Postgres and the connection serves the next one", async () => {
  const prisma = createPrismaClient(SERVER_URL, { poolSize: 1, statementTimeoutMs: 300 });
  const began = performance.now();
  const outcome = await outcomeOf(prisma.$queryRaw`SELECT pg_sleep(5)`);
  expect(outcome).toBeInstanceOf(Error);
  expect(isDatabaseUnavailable(outcome), String(outcome)).toBe(true);
  expect(performance.now() - began).toBeLessThan(4000);
  // The one pooled connection is usable again at once.
  expect(await prisma.$queryRaw`SELECT 1 AS one`).toEqual([{ one: 1 }]);
  await prisma.$disconnect();
}, 30_000);
