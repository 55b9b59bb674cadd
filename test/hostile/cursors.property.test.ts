// Crafted pagination cursors, over HTTP and WebSocket, on every connection that takes `after`.
// A cursor is base64url of a JSON array: one the server did not issue (a number out of Postgres'
// range, a huge number, a date that cannot be, another list's cursor, any other JSON or text) must
// be BAD_USER_INPUT on `after`, never a masked INTERNAL_SERVER_ERROR; the server's own cursors
// still page through their lists.
import fc from "fast-check";
import type { FormattedExecutionResult } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GraphQLClient } from "../helpers/graphql.ts";
import { useTestServer } from "../helpers/server.ts";
import { wsClient } from "../helpers/ws.ts";
import { createPuzzle, requestSolve } from "../pipeline/pipeline.ts";
import { expectCodedAnswer, within } from "./responses.ts";

const api = useTestServer();
let user: GraphQLClient;
let userName: string;
let puzzleId: string;
let ws: ReturnType<typeof wsClient>;

const RUNS = { numRuns: Number(process.env.HOSTILE_RUNS ?? 40) };

beforeAll(async () => {
  const signed = await api.client().signUp();
  user = signed.client;
  userName = signed.user.name;
  puzzleId = await createPuzzle(user, [1, 2, 3, 4, 5, 6, 0, 7, 8], 3);
  await requestSolve(user, puzzleId);
  await user.data(`mutation ($id: ID!) { submitSolution(puzzleId: $id, moves: "RR") { length } }`, {
    id: puzzleId,
  });
  // A second puzzle and solve, so that lists of ids have a second page.
  await requestSolve(user, await createPuzzle(user, [1, 2, 3, 4, 5, 6, 7, 0, 8], 3));
  ws = wsClient(api.wsUrl);
});

afterAll(async () => {
  await ws?.dispose();
});

/** Every connection that takes `after`: a document with `$after` and where its connection is. */
const CONNECTIONS = {
  puzzles: {
    query: `query ($after: String) { puzzles(first: 1, after: $after) { ...Page } }`,
    path: ["puzzles"],
  },
  userPuzzles: {
    query: `query ($name: String!, $after: String) { user(name: $name) { puzzles(first: 1, after: $after) { ...Page } } }`,
    path: ["user", "puzzles"],
  },
  userSolves: {
    query: `query ($name: String!, $after: String) { user(name: $name) { solves(first: 1, after: $after) { ...Page } } }`,
    path: ["user", "solves"],
  },
  userSubmissions: {
    query: `query ($name: String!, $after: String) { user(name: $name) { submissions(first: 1, after: $after) { ...Page } } }`,
    path: ["user", "submissions"],
  },
  puzzleSolves: {
    query: `query ($id: ID!, $after: String) { puzzle(id: $id) { solves(first: 1, after: $after) { ...Page } } }`,
    path: ["puzzle", "solves"],
  },
  leaderboard: {
    query: `query ($id: ID!, $after: String) { leaderboard(puzzleId: $id, first: 1, after: $after) { ...Page } }`,
    path: ["leaderboard"],
  },
  puzzleLeaderboard: {
    query: `query ($id: ID!, $after: String) { puzzle(id: $id) { leaderboard(first: 1, after: $after) { ...Page } } }`,
    path: ["puzzle", "leaderboard"],
  },
  topSolvers: {
    query: `query ($after: String) { topSolvers(first: 1, after: $after) { ...Page } }`,
    path: ["topSolvers"],
  },
} as const;
type ConnectionName = keyof typeof CONNECTIONS;
const NAMES = Object.keys(CONNECTIONS) as ConnectionName[];

function documentOf(name: ConnectionName): string {
  // Each connection type has edges { cursor } and pageInfo; the fragment keeps the documents short.
  return CONNECTIONS[name].query.replace(
    "{ ...Page }",
    "{ edges { cursor } pageInfo { endCursor hasNextPage } }",
  );
}

function variablesOf(name: ConnectionName, after: string | undefined): Record<string, unknown> {
  const variables: Record<string, unknown> = { after };
  if (documentOf(name).includes("$name")) variables.name = userName;
  if (documentOf(name).includes("$id")) variables.id = puzzleId;
  return variables;
}

type Transport = "http" | "ws";

async function run(transport: Transport, name: ConnectionName, after: string | undefined) {
  const query = documentOf(name);
  const variables = variablesOf(name, after);
  if (transport === "http") {
    const response = await within(api.client().request(query, variables), 10_000, `${name} over HTTP`);
    expectCodedAnswer(response, `${name} after=${after}`);
    return response.body as FormattedExecutionResult;
  }
  return within(
    new Promise<FormattedExecutionResult>((resolve, reject) => {
      let result: FormattedExecutionResult | undefined;
      ws.subscribe(
        { query, variables },
        {
          next: (value) => {
            result = value as FormattedExecutionResult;
          },
          error: (error) =>
            Array.isArray(error) ? resolve({ errors: error }) : reject(new Error(String(error))),
          complete: () => (result ? resolve(result) : reject(new Error("no result"))),
        },
      );
    }),
    10_000,
    `${name} over WebSocket`,
  );
}

interface Page {
  readonly edges: { readonly cursor: string }[];
  readonly pageInfo: { readonly endCursor: string; readonly hasNextPage: boolean };
}

function connectionOf(name: ConnectionName, body: FormattedExecutionResult): Page {
  let value: unknown = body.data;
  for (const key of CONNECTIONS[name].path) value = (value as Record<string, unknown> | undefined)?.[key];
  return value as Page;
}

function expectBadAfter(body: FormattedExecutionResult, what: string): void {
  expect(body.errors?.length, `${what}: ${JSON.stringify(body)}`).toBeGreaterThan(0);
  for (const error of body.errors ?? []) {
    expect(error.extensions, `${what}: ${JSON.stringify(body)}`).toMatchObject({
      code: "BAD_USER_INPUT",
      field: "after",
    });
  }
}

const cursor = (key: unknown) => Buffer.from(JSON.stringify(key), "utf8").toString("base64url");

/** Well-formed cursors the server never issues, for every list's shape. */
const CRAFTED: Record<string, string> = {
  "id beyond int4": cursor([2 ** 31]),
  "largest safe integer": cursor([Number.MAX_SAFE_INTEGER]),
  "huge number": cursor([1e300]),
  "negative id": cursor([-1]),
  "leaderboard length beyond int4": cursor([2 ** 31, 0, 1]),
  "leaderboard date that cannot be": cursor([1, 8.64e15 + 1, 1]),
  "leaderboard date far away": cursor([1, 8.64e15, 1]),
  "leaderboard date before 1970": cursor([1, -1, 1]),
  "topSolvers count beyond int4": cursor([-(2 ** 31), 0, 1]),
  "topSolvers huge user id": cursor([0, 0, 2 ** 40]),
  fraction: cursor([1.5]),
  "a string where a number goes": cursor(["1"]),
  "an object": cursor({ id: 1 }),
  "padding around the JSON": Buffer.from(" [1] ").toString("base64url"),
  "the JSON with a plus sign": Buffer.from("[1e0]").toString("base64url"),
  "a cursor and junk": `${cursor([1])}!!`,
  "standard base64 padding": Buffer.from("[12]").toString("base64"),
  "not base64 at all": "\u0000\uD800 🧩",
};

describe.each(["http", "ws"] as const)("crafted cursors over %s", (transport) => {
  it.each(Object.entries(CRAFTED))(
    "%s is BAD_USER_INPUT on `after` on every connection",
    async (what, after) => {
      for (const name of NAMES) {
        const body = await run(transport, name, after);
        // A plain [id] is a valid key for the lists by id: only shapes outside every schema are checked there.
        if (body.errors === undefined) {
          expect(what, `${name} accepted ${what}`).toBe("never");
        }
        expectBadAfter(body, `${transport} ${name} ${what}`);
      }
    },
  );

  it("the server's own cursors page through every list, and another list's cursor is refused", async () => {
    const issued = new Map<ConnectionName, string>();
    for (const name of NAMES) {
      const first = connectionOf(name, await run(transport, name, undefined));
      expect(first.edges.length, name).toBe(1);
      issued.set(name, first.pageInfo.endCursor);
      const next = await run(transport, name, first.pageInfo.endCursor);
      expect(next.errors, `${name}: ${JSON.stringify(next.errors)}`).toBeUndefined();
      expect(connectionOf(name, next).edges[0]?.cursor).not.toBe(first.edges[0].cursor);
    }
    // An id list's cursor ([id]) where a leaderboard's ([length, time, user]) is expected, and back.
    expectBadAfter(
      await run(transport, "leaderboard", issued.get("puzzles")),
      "puzzles' cursor on leaderboard",
    );
    expectBadAfter(
      await run(transport, "puzzles", issued.get("leaderboard")),
      "leaderboard's cursor on puzzles",
    );
  });
});

/** Arrays of numbers around every boundary a cursor may cross, and any JSON at all. */
const boundaryNumber = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.constantFrom(
    0,
    -1,
    1,
    2 ** 31 - 1,
    2 ** 31,
    -(2 ** 31),
    -(2 ** 31) - 1,
    2 ** 53,
    Number.MAX_SAFE_INTEGER,
    8.64e15,
    8.64e15 + 1,
    253_402_300_799_999,
    253_402_300_800_000,
    1e300,
  ),
);
const craftedCursor = fc.oneof(
  fc.array(boundaryNumber, { minLength: 1, maxLength: 4 }).map(cursor),
  fc.jsonValue({ maxDepth: 2 }).map(cursor),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }).map((text) => Buffer.from(text).toString("base64url")),
);

describe("any cursor at all (property)", () => {
  it.each(["http", "ws"] as const)(
    "over %s: data, or BAD_USER_INPUT on `after`; never an internal error",
    async (transport) => {
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...NAMES), craftedCursor, async (name, after) => {
          const body = await run(transport, name, after);
          if (body.errors !== undefined) expectBadAfter(body, `${transport} ${name} after=${after}`);
          else expect(connectionOf(name, body), `${name} after=${after}`).toBeTruthy();
        }),
        RUNS,
      );
    },
  );
});
