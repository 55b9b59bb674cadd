// A Postgres that accepts connections and never answers (hung, or a failover target not yet
// serving): the client fails within its connect timeout, as "database unavailable", instead of
// waiting without end (pg's default). A real TCP listener stands in for the server.
import { createServer, type Server, type Socket } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createPrismaClient } from "../../src/db/client.ts";
import { isDatabaseUnavailable } from "../../src/db/errors.ts";

let server: Server;
const sockets: Socket[] = [];
let port = 0;

beforeAll(async () => {
  server = createServer((socket) => sockets.push(socket)); // accepts, reads nothing, says nothing
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as { port: number }).port;
});

afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => server.close(resolve));
});

it("a query fails within the connect timeout, recognised as the database being unavailable", async () => {
  const prisma = createPrismaClient(`postgresql://postgres@127.0.0.1:${port}/nothing`, {
    connectTimeoutMs: 500,
  });
  const began = performance.now();
  const outcome = await Promise.race([
    prisma.$queryRaw`SELECT 1`.then(
      () => "answered",
      (error: unknown) => error,
    ),
    new Promise((resolve) => setTimeout(() => resolve("still waiting after 10 s"), 10_000)),
  ]);
  expect(outcome).toBeInstanceOf(Error);
  expect(isDatabaseUnavailable(outcome)).toBe(true);
  expect(performance.now() - began).toBeLessThan(5000);
  expect(sockets.length).toBeGreaterThan(0); // it did reach the listener
  await prisma.$disconnect();
}, 20_000);
