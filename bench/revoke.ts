// `npx tsx bench/revoke.ts` (after `npm run build`): time to revoke, across two real API processes
// on one Postgres and one Redis. Per round: a user signs up on A; B verifies the token (now in B's
// token cache) and holds a WebSocket of that user open; the token is revoked (revokeToken) or
// rotated (rotateToken, interleaved) on A. From A's answer: when B first refuses the old token over
// HTTP (B asks in a loop, one request at a time), and when B closes the socket (4401). Prints the
// median and range of REVOKE_ROUNDS (10) rounds of each.
import { type Client, createClient } from "graphql-ws";
import WebSocket from "ws";
import { createTestDatabase } from "../test/helpers/database.ts";
import { GraphQLClient, uniqueName } from "../test/helpers/graphql.ts";
import { deleteRedisKeys } from "../test/helpers/redis-keys.ts";
import { ApiProcess } from "../test/faults/api-process.ts";

const ROUNDS = Number(process.env.REVOKE_ROUNDS ?? 10);

function openSocket(url: string, token: string): { client: Client; closed: Promise<number> } {
  const client = createClient({
    url,
    webSocketImpl: WebSocket,
    connectionParams: { authorization: `Bearer ${token}` },
    retryAttempts: 0,
    lazy: false,
    onNonLazyError: () => undefined,
  });
  const closed = new Promise<number>((resolve) =>
    client.on("closed", (event) => resolve((event as { code: number }).code)),
  );
  return { client, closed };
}

function connected(client: Client): Promise<void> {
  return new Promise((resolve) => client.on("connected", () => resolve()));
}

interface Round {
  refusedMs: number;
  closedMs: number;
  code: number;
}

async function round(a: ApiProcess, b: ApiProcess, mutation: "revokeToken" | "rotateToken"): Promise<Round> {
  const { token } = await new GraphQLClient(a.url).signUp(uniqueName("rv"));
  const onB = new GraphQLClient(b.url, token);
  if ((await onB.request(`{ me { id } }`)).status !== 200) throw new Error("B did not accept the token");
  const socket = openSocket(b.wsUrl, token);
  await connected(socket.client);
  const selection = mutation === "revokeToken" ? "{ id }" : "{ token }";
  const answer = await new GraphQLClient(a.url, token).request(`mutation { ${mutation} ${selection} }`);
  const answered = performance.now();
  if (answer.body.errors) throw new Error(JSON.stringify(answer.body.errors));
  let closedAt = 0;
  const closing = socket.closed.then((code) => {
    closedAt = performance.now();
    return code;
  });
  let refusedAt = 0;
  while (refusedAt === 0) {
    const { status } = await onB.request(`{ me { id } }`);
    if (status === 401) refusedAt = performance.now();
    else if (performance.now() - answered > 5000) throw new Error("B still accepts the old token after 5 s");
  }
  const code = await closing;
  await socket.client.dispose();
  return { refusedMs: refusedAt - answered, closedMs: closedAt - answered, code };
}

function summary(values: number[]): string {
  const sorted = [...values].sort((x, y) => x - y);
  const middle = sorted.length / 2;
  const median =
    sorted.length % 2 === 1 ? sorted[Math.floor(middle)] : (sorted[middle - 1] + sorted[middle]) / 2;
  return `median ${median.toFixed(1)} ms (${sorted[0].toFixed(1)}–${sorted.at(-1)?.toFixed(1)})`;
}

async function main(): Promise<void> {
  const database = await createTestDatabase({ prefix: "revoke" });
  const prefix = `revoke-${process.pid}`;
  const env = { DATABASE_URL: database.url, REDIS_PREFIX: prefix, RATE_LIMIT_SIGNUPS: "100000" };
  let a: ApiProcess | undefined;
  let b: ApiProcess | undefined;
  try {
    a = await ApiProcess.start(env);
    b = await ApiProcess.start(env);
    const results = { revokeToken: [] as Round[], rotateToken: [] as Round[] };
    for (let i = 0; i < ROUNDS; i++) {
      for (const mutation of ["revokeToken", "rotateToken"] as const)
        results[mutation].push(await round(a, b, mutation));
    }
    console.log(
      `time to revoke, ${ROUNDS} rounds each (from the mutation's answer on API A, measured on API B)`,
    );
    for (const [mutation, rounds] of Object.entries(results)) {
      const codes = [...new Set(rounds.map((r) => r.code))].join("/");
      console.log(
        `${mutation}: HTTP refused ${summary(rounds.map((r) => r.refusedMs))}; socket closed (${codes}) ${summary(rounds.map((r) => r.closedMs))}`,
      );
    }
  } finally {
    await b?.stop();
    await a?.stop();
    await database.drop();
    await deleteRedisKeys(process.env.REDIS_URL ?? "redis://127.0.0.1:6379", prefix);
  }
}

await main();
