// `npx tsx bench/hostile-limits.ts` (after `npm run build`): a short hostile run against a real API
// process with the default limits, counting what each limit refused. Each attacker comes from an
// address of its own (TRUST_PROXY=true and X-Forwarded-For, as behind a proxy), so the per-IP limits
// are met one at a time. No worker: searches stay QUEUED (the open-solves limit, and subscriptions
// that stay open). Prints one row per limit: attempts, accepted, refused, the answer.
import { createClient, type Client } from "graphql-ws";
import WebSocket from "ws";
import { createTestDatabase } from "../test/helpers/database.ts";
import { GraphQLClient, uniqueName } from "../test/helpers/graphql.ts";
import { deleteRedisKeys } from "../test/helpers/redis-keys.ts";
import { ApiProcess } from "../test/faults/api-process.ts";
import { distinctBoards } from "../test/hostile/boards.ts";

interface Row {
  limit: string;
  attempts: number;
  accepted: number;
  refused: number;
  answer: string;
}

const rows: Row[] = [];
let nextIp = 1;
const newIp = () => `203.0.113.${nextIp++}`;

/** One row: the attempts, those `accepted`, and the refusals by answer. */
function record(limit: string, outcomes: readonly string[], accepted = "ok"): void {
  const refusals = new Map<string, number>();
  for (const outcome of outcomes)
    if (outcome !== accepted) refusals.set(outcome, (refusals.get(outcome) ?? 0) + 1);
  const refused = [...refusals.values()].reduce((a, b) => a + b, 0);
  rows.push({
    limit,
    attempts: outcomes.length,
    accepted: outcomes.length - refused,
    refused,
    answer: [...refusals].map(([answer, n]) => `${answer} ×${n}`).join(", "),
  });
}

/** POSTs a document from `ip`; the outcome is "ok", the first error's code, or the HTTP status. */
async function post(url: string, ip: string, body: string, token?: string): Promise<string> {
  const response = await fetch(url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-forwarded-for": ip,
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
    },
    body,
  });
  const text = await response.text();
  try {
    const parsed = JSON.parse(text) as { errors?: { extensions?: { code?: string } }[] };
    return parsed.errors?.[0]?.extensions?.code ?? (response.ok ? "ok" : String(response.status));
  } catch {
    return String(response.status);
  }
}

const gql = (query: string, variables: Record<string, unknown> = {}) => JSON.stringify({ query, variables });

/** `count` calls of `send`, `concurrency` at a time. */
async function burst(count: number, concurrency: number, send: (i: number) => Promise<string>) {
  const outcomes: string[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) outcomes.push(await send(next++));
    }),
  );
  return outcomes;
}

/** A graphql-ws client from `ip`. */
function socket(wsUrl: string, ip: string, token?: string): Client {
  class FromIp extends WebSocket {
    constructor(address: string, protocols?: string | string[]) {
      super(address, protocols, { headers: { "x-forwarded-for": ip } });
    }
  }
  return createClient({
    url: wsUrl,
    webSocketImpl: FromIp,
    connectionParams: token === undefined ? undefined : { authorization: `Bearer ${token}` },
    retryAttempts: 0,
    lazy: false,
    onNonLazyError: () => undefined,
  });
}

const PROGRESS = `subscription ($id: ID!) { solveProgress(solveId: $id) { status } }`;

/** Subscribes; resolves "ok" at the first event, else the error's code (or the close). */
function subscribeOnce(client: Client, solveId: string): Promise<string> {
  return new Promise((resolve) => {
    client.subscribe(
      { query: PROGRESS, variables: { id: solveId } },
      {
        next: () => resolve("ok"),
        error: (error) => {
          const code = Array.isArray(error)
            ? (error[0]?.extensions?.code as string | undefined)
            : (error as { code?: number; reason?: string }).reason?.split(":")[0];
          resolve(code ?? "error");
        },
        complete: () => resolve("completed"),
      },
    );
  });
}

async function signUp(url: string): Promise<{ client: GraphQLClient; token: string }> {
  const { body } = await new GraphQLClient(url).request(
    `mutation ($n: String!) { signUp(name: $n) { token } }`,
    { n: uniqueName() },
    { "x-forwarded-for": newIp() },
  );
  const token = body.data?.signUp.token as string;
  return { client: new GraphQLClient(url, token), token };
}

async function run(api: ApiProcess): Promise<void> {
  const { url, wsUrl } = api;

  // Sign-ups: 10 per hour per IP.
  const signUpIp = newIp();
  const signUps = await burst(30, 5, () =>
    post(url, signUpIp, gql(`mutation ($n: String!) { signUp(name: $n) { token } }`, { n: uniqueName() })),
  );
  record("RATE_LIMIT_SIGNUPS (10/h per IP)", signUps);

  // Every request: 600 per minute per user.
  const reader = await signUp(url);
  const reads = await burst(800, 20, () => post(url, newIp(), gql(`{ me { name } }`), reader.token));
  record("RATE_LIMIT_REQUESTS (600/min per user)", reads);

  // Anonymous requests: the same budget per IP.
  const anonymousIp = newIp();
  const anonymous = await burst(800, 20, () => post(url, anonymousIp, gql(`{ __typename }`)));
  record("RATE_LIMIT_REQUESTS (600/min per IP, anonymous)", anonymous);

  // Work: 60 per minute per user.
  const creator = await signUp(url);
  const CREATE = `mutation ($i: CreatePuzzleInput!) { createPuzzle(input: $i) { id } }`;
  const creates = await burst(100, 10, () =>
    post(
      url,
      newIp(),
      gql(CREATE, { i: { kind: "SLIDING", rows: 2, cols: 2, start: [1, 2, 0, 3] } }),
      creator.token,
    ),
  );
  record("RATE_LIMIT_WORK (60/min per user)", creates);

  // Open solves: 20 QUEUED or RUNNING per user (no worker: they stay QUEUED).
  const solver = await signUp(url);
  const boards = distinctBoards(25, 4, 40, 1234);
  const solveIds: string[] = [];
  const solves = await burst(25, 5, async (i) => {
    const { data } = (
      await solver.client.request(CREATE, { i: { kind: "SLIDING", rows: 4, cols: 4, start: boards[i] } })
    ).body;
    const { body } = await solver.client.request(
      `mutation ($p: ID!) { requestSolve(puzzleId: $p, options: { heuristic: LINEAR_CONFLICT }) { id } }`,
      { p: data?.createPuzzle.id },
    );
    if (body.data?.requestSolve) solveIds.push(body.data.requestSolve.id as string);
    return String(body.errors?.[0]?.extensions?.code ?? "ok");
  });
  record("MAX_OPEN_SOLVES_PER_USER (20)", solves);

  // Failed authentications: 20 per 300 s per IP, then refused before Postgres is asked.
  const guesserIp = newIp();
  const guesses = await burst(200, 10, () =>
    post(url, guesserIp, gql(`{ me { name } }`), Math.random().toString(36).slice(2).padEnd(43, "x")),
  );
  record("RATE_LIMIT_AUTH_FAILURES (20/300 s per IP)", guesses);

  // Query limits: depth, aliases, tokens, cost; body size.
  const hostileIp = newIp();
  const repeat = (n: number, make: (i: number) => string) =>
    Array.from({ length: n }, (_, i) => make(i)).join(" ");
  const shapes: Record<string, string> = {
    "GRAPHQL_MAX_DEPTH (10)": `{ puzzles { edges { node { owner { puzzles { edges { node { owner {
      puzzles { edges { node { id } } } } } } } } } } } }`,
    "GRAPHQL_MAX_ALIASES (15)": `{ ${repeat(40, (i) => `a${i}: me { id }`)} }`,
    "GRAPHQL_MAX_TOKENS (2000)": `{ ${"__typename ".repeat(3000)} }`,
    "GRAPHQL_MAX_COST (5000)": `{ ${repeat(6, (i) => `l${i}: puzzles(first: 100) { edges { node { id start goal owner { name puzzles(first: 100) { edges { node { id } } } } } } }`)} }`,
  };
  for (const [limit, document] of Object.entries(shapes))
    record(limit, await burst(25, 5, () => post(url, hostileIp, gql(document))));
  const big = JSON.stringify({ query: `{ __typename }`, variables: { pad: "x".repeat(200_000) } });
  const bodies = await burst(10, 2, () => post(url, newIp(), big));
  record("BODY_LIMIT_BYTES (100 KiB)", bodies);

  // WebSocket: 100 operations per socket, 300 per user, 50 sockets per IP.
  const subscriber = await signUp(url);
  const solveId = solveIds[0];
  const one = socket(wsUrl, newIp(), subscriber.token);
  const perSocket = await burst(150, 1, () => subscribeOnce(one, solveId));
  record("WS_MAX_SUBSCRIPTIONS_PER_SOCKET (100)", perSocket);
  await one.dispose();
  const heavy = await signUp(url);
  const sockets = Array.from({ length: 4 }, () => socket(wsUrl, newIp(), heavy.token));
  const perUser: string[] = [];
  for (const client of sockets) perUser.push(...(await burst(80, 1, () => subscribeOnce(client, solveId))));
  record("WS_MAX_SUBSCRIPTIONS_PER_USER (300)", perUser);
  await Promise.all(sockets.map((client) => client.dispose()));
  const crowdIp = newIp();
  const crowd = Array.from({ length: 60 }, () => socket(wsUrl, crowdIp));
  const opened = await Promise.all(
    crowd.map(
      (client) =>
        new Promise<string>((resolve) => {
          client.on("connected", () => resolve("ok"));
          client.on("closed", (event) => resolve(String((event as { code?: number }).code)));
        }),
    ),
  );
  record("WS_MAX_SOCKETS_PER_IP (50)", opened);
  await Promise.all(crowd.map((client) => client.dispose()));
}

async function main(): Promise<void> {
  const database = await createTestDatabase({ prefix: "hostile" });
  const prefix = `hostile-${process.pid}`;
  let api: ApiProcess | undefined;
  try {
    api = await ApiProcess.start({
      DATABASE_URL: database.url,
      REDIS_PREFIX: prefix,
      TRUST_PROXY: "true",
      LOG_LEVEL: "warn",
      NODE_ENV: "production",
      DAILY_SECRET: "hostile-limits-benchmark-secret",
    });
    const began = Date.now();
    await run(api);
    console.log(`hostile run against the default limits (${((Date.now() - began) / 1000).toFixed(1)} s)\n`);
    console.log("| limit | attempts | accepted | refused | answer |\n|---|---|---|---|---|");
    for (const row of rows)
      console.log(`| ${row.limit} | ${row.attempts} | ${row.accepted} | ${row.refused} | ${row.answer} |`);
    const fiveHundreds = api.logs.filter((line) => line.level === 50).length;
    console.log(`\nerror-level log lines of the API: ${fiveHundreds}; API alive: ${api.alive}`);
  } finally {
    await api?.stop();
    await database.drop();
    await deleteRedisKeys(process.env.REDIS_URL ?? "redis://127.0.0.1:6379", prefix);
  }
}

await main();
