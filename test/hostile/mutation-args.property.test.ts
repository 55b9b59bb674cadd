// Property-based hostile input: random and malformed values for every argument of every mutation
// (and some queries), sent as variables over real HTTP. Whatever comes in, the answer is a coded
// error or a success: never a 5xx, a stack trace, an ORM/SQL message, or a request left hanging.
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import type { GraphQLClient } from "../helpers/graphql.ts";
import { useTestServer } from "../helpers/server.ts";
import { createPuzzle, requestSolve } from "../pipeline/pipeline.ts";
import { expectCodedAnswer, within } from "./responses.ts";

const api = useTestServer({ env: { MAX_OPEN_SOLVES_PER_USER: "5" } });
let user: GraphQLClient;
let puzzle3: string;
let puzzle4: string;
let solveId: string;

beforeAll(async () => {
  ({ client: user } = await api.client().signUp());
  puzzle3 = await createPuzzle(user, [1, 2, 3, 4, 5, 6, 0, 7, 8], 3);
  puzzle4 = await createPuzzle(user, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 0, 15]);
  solveId = (await requestSolve(user, puzzle3)).id;
});

/** Kept small for `npm test`; HOSTILE_RUNS=1000 digs deeper. */
const RUNS = { numRuns: Number(process.env.HOSTILE_RUNS ?? 40) };
const REQUEST_DEADLINE_MS = 10_000;

/** Strings people (and fuzzers) throw at APIs. */
const nastyString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.string({ minLength: 1000, maxLength: 20_000 }),
  fc.constantFrom(
    "",
    " ",
    "0",
    "-1",
    "01",
    "1e3",
    "1.5",
    "0x10",
    "9007199254740993",
    "2147483648",
    "١٢",
    "NaN",
    "null",
    "' OR 1=1 --",
    '"; DROP TABLE users; --',
    "\u0000",
    "\uD800",
    "../../etc/passwd",
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a log4shell-style payload, meant literally
    "${jndi:ldap://x}",
    "<script>alert(1)</script>",
    "%s%s%s%n",
  ),
);

const nastyNumber = fc.oneof(
  fc.integer(),
  fc.constantFrom(
    0,
    -1,
    1,
    2,
    3,
    5,
    6,
    7,
    100,
    2 ** 31 - 1,
    2 ** 31,
    -(2 ** 31) - 1,
    2 ** 53,
    Number.MAX_SAFE_INTEGER,
    1e308,
    0.5,
    -0.0,
  ),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Any JSON value, with a bias towards the nasty ones. */
const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  nastyString,
  nastyNumber,
  fc.boolean(),
  fc.constant(null),
  fc.array(nastyNumber, { maxLength: 30 }),
  fc.array(fc.integer({ min: -2, max: 30 }), { maxLength: 30 }),
  fc.jsonValue({ maxDepth: 3 }),
);

/**
 * Each argument is either well typed (it passes GraphQL's coercion and reaches the service's own
 * checks with a hostile value) or anything at all (GraphQL's coercion must refuse it), 3 to 1.
 */
const typedOrAny = <T>(typed: fc.Arbitrary<T>) =>
  fc.oneof({ arbitrary: typed, weight: 3 }, { arbitrary: anyValue, weight: 1 });

const int32 = fc.oneof(fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }), fc.integer({ min: -2, max: 7 }));
const typedString = fc.oneof(
  nastyString,
  fc.string({ unit: fc.constantFrom("a", "Z", "0", "_", "-", " ", "é"), minLength: 1, maxLength: 40 }),
);

const tiles = fc.oneof(
  fc.array(fc.integer({ min: -1, max: 26 }), { maxLength: 30 }),
  fc.array(int32, { maxLength: 30 }),
  fc.shuffledSubarray([...Array(16).keys()], { minLength: 16, maxLength: 16 }),
  fc.shuffledSubarray([...Array(9).keys()], { minLength: 9, maxLength: 9 }),
  fc.shuffledSubarray([...Array(25).keys()], { minLength: 25, maxLength: 25 }),
  fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 24, maxLength: 24 }),
);

/** A board of a size the platform takes (2..5 a side), shuffled: valid, solvable or not. */
const sizedBoard = fc
  .tuple(fc.integer({ min: 2, max: 5 }), fc.integer({ min: 2, max: 5 }))
  .chain(([rows, cols]) =>
    fc.record({
      kind: fc.constant("SLIDING"),
      rows: fc.constant(rows),
      cols: fc.constant(cols),
      start: fc.shuffledSubarray([...Array(rows * cols).keys()], {
        minLength: rows * cols,
        maxLength: rows * cols,
      }),
      title: fc.option(typedString, { nil: null }),
    }),
  );

const puzzleInput = fc.oneof(
  sizedBoard,
  typedOrAny(
    fc.record(
      {
        kind: fc.constantFrom("SLIDING", "ROTATION"),
        rows: int32,
        cols: int32,
        start: tiles,
        goal: fc.option(tiles, { nil: null }),
        title: fc.option(typedString, { nil: null }),
      },
      { requiredKeys: ["kind", "start"] },
    ),
  ),
);

const puzzleId = () =>
  typedOrAny(fc.oneof(fc.constantFrom(puzzle3, puzzle4, "1", "0", "2147483648"), typedString));

const solveOptions = typedOrAny(
  fc.option(
    fc.record(
      {
        algorithm: fc.constantFrom("AUTO", "BFS_TABLE", "ASTAR", "IDA_STAR"),
        heuristic: fc.constantFrom(
          "AUTO",
          "MANHATTAN",
          "LINEAR_CONFLICT",
          "PDB_663",
          "PDB_555",
          "PDB_78",
          "PDB_6666",
        ),
        // Small when valid, so a search that does get queued cannot hold anything long.
        timeLimitSeconds: fc.oneof(
          fc.integer({ min: -5, max: 5 }),
          fc.constantFrom(0, 3600, 3601, 2 ** 31 - 1, -(2 ** 31)),
        ),
      },
      { requiredKeys: [] },
    ),
    { nil: null },
  ),
);

const moves = typedOrAny(
  fc.oneof(
    fc.string({
      unit: fc.constantFrom("U", "D", "L", "R", "u", "d", "l", "r", " ", "\n", "\t", "A", "H", "x"),
      maxLength: 60,
    }),
    fc.string({ unit: fc.constantFrom("U", "D", "L", "R"), minLength: 9_000, maxLength: 12_000 }),
    typedString,
  ),
);

async function send(
  client: GraphQLClient,
  what: string,
  query: string,
  variables: Record<string, unknown>,
): Promise<void> {
  const response = await within(client.request(query, variables), REQUEST_DEADLINE_MS, what);
  expectCodedAnswer(response, `${what} ${JSON.stringify(variables).slice(0, 300)}`);
}

describe("random and malformed mutation arguments", () => {
  it("signUp(name)", async () => {
    await fc.assert(
      fc.asyncProperty(typedOrAny(typedString), async (name) =>
        send(
          api.client(),
          "signUp",
          `mutation ($name: String!) { signUp(name: $name) { token user { id } } }`,
          { name },
        ),
      ),
      RUNS,
    );
  });

  it("createPuzzle(input)", async () => {
    await fc.assert(
      fc.asyncProperty(puzzleInput, async (input) =>
        send(
          user,
          "createPuzzle",
          `mutation ($input: CreatePuzzleInput!) { createPuzzle(input: $input) { id solvable } }`,
          { input },
        ),
      ),
      RUNS,
    );
  });

  it("requestSolve(puzzleId, options)", async () => {
    await fc.assert(
      fc.asyncProperty(puzzleId(), solveOptions, async (id, options) =>
        send(
          user,
          "requestSolve",
          `mutation ($id: ID!, $options: SolveOptions) { requestSolve(puzzleId: $id, options: $options) { id status } }`,
          { id, options },
        ),
      ),
      RUNS,
    );
  });

  it("cancelSolve(id)", async () => {
    await fc.assert(
      fc.asyncProperty(typedOrAny(fc.oneof(fc.constant(solveId), typedString)), async (id) =>
        send(user, "cancelSolve", `mutation ($id: ID!) { cancelSolve(id: $id) { id status } }`, { id }),
      ),
      RUNS,
    );
  });

  it("submitSolution(puzzleId, moves)", async () => {
    await fc.assert(
      fc.asyncProperty(puzzleId(), moves, async (id, given) =>
        send(
          user,
          "submitSolution",
          `mutation ($id: ID!, $moves: String!) { submitSolution(puzzleId: $id, moves: $moves) { id length rank } }`,
          { id, moves: given },
        ),
      ),
      RUNS,
    );
  });

  it("query arguments: puzzle, puzzles, solve, user, leaderboard, topSolvers", async () => {
    const queries = [
      `query ($a: ID!) { puzzle(id: $a) { id } }`,
      `query ($a: Int, $b: String, $c: PuzzleKind, $d: String) {
        puzzles(first: $a, after: $b, kind: $c, ownerName: $d) { edges { cursor } }
      }`,
      `query ($a: ID!) { solve(id: $a) { id } }`,
      `query ($a: String!) { user(name: $a) { id } }`,
      `query ($a: ID!, $b: Int, $c: String) { leaderboard(puzzleId: $a, first: $b, after: $c) { totalEntries } }`,
      `query ($a: PuzzleKind, $b: Int, $c: Int, $d: Int, $e: String) {
        topSolvers(kind: $a, rows: $b, cols: $c, first: $d, after: $e) { edges { cursor } }
      }`,
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...queries),
        anyValue,
        anyValue,
        anyValue,
        anyValue,
        anyValue,
        async (query, a, b, c, d, e) => send(api.client(), "query", query, { a, b, c, d, e }),
      ),
      { numRuns: Math.round(RUNS.numRuns * 1.5) },
    );
  });
});

describe("random documents and bodies", () => {
  it("a random string as the query is a parse or validation error", async () => {
    const fragments = fc.constantFrom(
      "{",
      "}",
      "(",
      ")",
      "query",
      "mutation",
      "me",
      "id",
      "$x",
      ":",
      "...",
      "on",
      "@include",
      '"',
      "#",
      "fragment",
      "__schema",
      "[",
      "]",
    );
    const documents = fc.oneof(
      fc.string({ maxLength: 200 }),
      fc.array(fragments, { maxLength: 40 }).map((parts) => parts.join(" ")),
    );
    await fc.assert(
      fc.asyncProperty(documents, async (query) => send(api.client(), "document", query, {})),
      RUNS,
    );
  });

  it("a random body (any JSON, any bytes, any content type) is answered with a code", async () => {
    const bodies = fc.oneof(
      fc.jsonValue().map((value) => JSON.stringify(value)),
      fc.string({ maxLength: 300 }),
      fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)),
      fc
        .record({ query: anyValue, variables: anyValue, operationName: anyValue, extensions: anyValue })
        .map((value) => JSON.stringify(value)),
    );
    const types = fc.constantFrom(
      "application/json",
      "application/json; charset=utf-16",
      "text/plain",
      "application/graphql",
      "multipart/form-data",
      "application/x-www-form-urlencoded",
    );
    await fc.assert(
      fc.asyncProperty(bodies, types, async (body, type) => {
        const response = await within(
          fetch(api.url, {
            method: "POST",
            headers: { "content-type": type, "apollo-require-preflight": "1" },
            body,
          }),
          REQUEST_DEADLINE_MS,
          "body",
        );
        const text = await response.text();
        let parsed: unknown;
        expect(() => (parsed = JSON.parse(text)), `${response.status} ${text.slice(0, 200)}`).not.toThrow();
        expectCodedAnswer(
          { status: response.status, headers: response.headers, body: parsed as never },
          `${type} ${String(body).slice(0, 100)}`,
        );
      }),
      RUNS,
    );
  });

  it("the server still answers normally afterwards", async () => {
    expect((await fetch(`${api.origin}/healthz`)).status).toBe(200);
    expect((await user.data(`{ me { id } }`)).me.id).toBeTruthy();
  });
});
