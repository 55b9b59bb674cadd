// Who may do what: mutations need a token (all but signUp, over HTTP and WebSocket); a token that was
// never issued, a malformed or empty Authorization header and a bad token in the WebSocket
// connection_init payload are UNAUTHENTICATED; one user's token never cancels another's solve nor
// reveals another's token.
import { createClient, type Client } from "graphql-ws";
import WebSocket from "ws";
import { beforeAll, describe, expect, it } from "vitest";
import { hashToken } from "../../src/services/accounts.ts";
import type { GraphQLClient } from "../helpers/graphql.ts";
import { useTestServer } from "../helpers/server.ts";
import { subscribe, wsClient } from "../helpers/ws.ts";
import { IDA_LC, createPuzzle, readSolve, requestSolve } from "../pipeline/pipeline.ts";
import { distinctBoards } from "../hostile/boards.ts";
import { everyMutation } from "./mutations.ts";

const api = useTestServer();
let alice: { token: string; user: { id: string; name: string }; client: GraphQLClient };
let bob: { token: string; user: { id: string; name: string }; client: GraphQLClient };

beforeAll(async () => {
  alice = await api.client().signUp();
  bob = await api.client().signUp();
});

const protectedMutations = everyMutation().filter((mutation) => mutation.name !== "signUp");
const CREATE = `mutation { createPuzzle(input: { kind: SLIDING, rows: 2, cols: 2, start: [1, 2, 3, 0] }) { id } }`;

describe("without a token", () => {
  it("covers every mutation but signUp", () => {
    expect(protectedMutations.map((m) => m.name)).toEqual(
      expect.arrayContaining(["createPuzzle", "requestSolve", "cancelSolve", "submitSolution"]),
    );
  });

  it.each(protectedMutations.map((m) => [m.name, m.document]))(
    "%s over HTTP is UNAUTHENTICATED (401), nothing stored",
    async (_, document) => {
      const before = await api.server.app.prisma.puzzle.count();
      const { status, body } = await api.client().request(document);
      expect(status).toBe(401);
      expect(body.data ?? null).toBeNull();
      expect(body.errors?.map((e) => e.extensions?.code)).toEqual(["UNAUTHENTICATED"]);
      expect(await api.server.app.prisma.puzzle.count()).toBe(before);
    },
  );

  it.each(protectedMutations.map((m) => [m.name, m.document]))(
    "%s over WebSocket is UNAUTHENTICATED",
    async (_, document) => {
      const client = wsClient(api.wsUrl);
      try {
        const outcome = await subscribe(client, document)
          .next()
          .catch((error: unknown) => error);
        expect(JSON.stringify(outcome)).toContain('"UNAUTHENTICATED"');
        expect(JSON.stringify(outcome)).not.toContain('"data":{');
      } finally {
        await client.dispose();
      }
    },
  );

  it("an empty Authorization header counts as no token: reads work, mutations are UNAUTHENTICATED", async () => {
    const read = await api.client().request(`{ me { id } }`, undefined, { authorization: "" });
    expect(read.body).toEqual({ data: { me: null } });
    const write = await api.client().request(CREATE, undefined, { authorization: "" });
    expect(write.status).toBe(401);
    expect(write.body.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
  });
});

describe("a token that is not a valid one", () => {
  const neverIssued = `pzt_${"A".repeat(43)}`;
  const cases = (): [string, string][] => [
    ["never issued", `Bearer ${neverIssued}`],
    [
      "another user's token with one character changed",
      `Bearer ${alice.token.slice(0, -1)}${alice.token.endsWith("A") ? "B" : "A"}`,
    ],
    ["the stored hash of a real token", `Bearer ${hashToken(alice.token)}`],
    ["no scheme", alice.token],
    ["another scheme", `Basic ${Buffer.from(`alice:${alice.token}`).toString("base64")}`],
    ["the scheme alone", "Bearer"],
    ["the scheme and a space", "Bearer "],
    ["two tokens", `Bearer ${alice.token} ${bob.token}`],
    ["10 kB of token", `Bearer ${"x".repeat(10_000)}`],
    ["Latin-1 characters", "Bearer t\u00f6k\u00e9n"],
  ];

  it("is refused with 401 UNAUTHENTICATED for reads and mutations alike, never treated as anonymous", async () => {
    for (const [what, header] of cases()) {
      for (const document of [`{ me { id } }`, CREATE]) {
        const { status, body } = await api.client().request(document, undefined, { authorization: header });
        expect({
          what,
          status,
          codes: body.errors?.map((e) => e.extensions?.code),
          data: body.data ?? null,
        }).toEqual({
          what,
          status: 401,
          codes: ["UNAUTHENTICATED"],
          data: null,
        });
      }
    }
  });

  it("in the WebSocket connection_init payload closes the socket as UNAUTHENTICATED (4403)", async () => {
    const payloads: [string, unknown][] = [
      ...cases()
        .filter(([what]) => what !== "Latin-1 characters")
        .map(([what, header]): [string, unknown] => [what, header]),
      ["a number", 42],
      ["a list", [`Bearer ${alice.token}`]],
      ["an object", { token: alice.token }],
    ];
    for (const [what, authorization] of payloads) {
      const closed = await closeOf(
        createClient({
          url: api.wsUrl,
          webSocketImpl: WebSocket,
          connectionParams: { authorization },
          retryAttempts: 0,
          lazy: true,
        }),
      );
      expect({ what, ...closed }).toEqual({
        what,
        code: 4403,
        reason: expect.stringMatching(/^UNAUTHENTICATED\b/),
      });
    }
  });

  it("a valid token over WebSocket acts as its user", async () => {
    const client = wsClient(api.wsUrl, alice.token);
    try {
      const result = await subscribe(client, `{ me { id name } }`).next();
      expect(result.data).toEqual({ me: alice.user });
    } finally {
      await client.dispose();
    }
  });
});

/** Subscribes with `client` and reports how the server closed the socket. */
async function closeOf(client: Client): Promise<{ code: number; reason: string }> {
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    client.on("closed", (event) => {
      const { code, reason } = event as { code: number; reason: string };
      resolve({ code, reason });
    });
  });
  try {
    await subscribe(client, `{ me { id } }`)
      .next(5000)
      .catch(() => undefined);
    return await closed;
  } finally {
    await client.dispose();
  }
}

describe("one user against another", () => {
  let bobsSolve: string;

  beforeAll(async () => {
    const [board] = distinctBoards(1, 4, 40, 99);
    bobsSolve = (await requestSolve(bob.client, await createPuzzle(bob.client, board), IDA_LC)).id;
  });

  it("cannot cancel another user's solve (FORBIDDEN), which stays as it was; its owner can", async () => {
    const error = await alice.client.error(`mutation ($id: ID!) { cancelSolve(id: $id) { id status } }`, {
      id: bobsSolve,
    });
    expect(error.extensions?.code).toBe("FORBIDDEN");
    expect((await readSolve(bob.client, bobsSolve)).status).toBe("QUEUED");
    const own = await bob.client.data(`mutation ($id: ID!) { cancelSolve(id: $id) { status } }`, {
      id: bobsSolve,
    });
    expect(own.cancelSolve.status).toBe("CANCELLED");
  });

  it("cannot cancel without a token, nor an unknown solve", async () => {
    const anonymous = await api.client().error(`mutation { cancelSolve(id: "${bobsSolve}") { id } }`);
    expect(anonymous.extensions?.code).toBe("UNAUTHENTICATED");
    const unknown = await alice.client.error(`mutation { cancelSolve(id: "2000000000") { id } }`);
    expect(unknown.extensions?.code).toBe("NOT_FOUND");
  });

  it("never sees another user's token: only AuthPayload (signUp's and rotateToken's answers) carries one", async () => {
    const introspection = await api
      .client()
      .data<{ __schema: { types: { name: string; fields: { name: string }[] | null }[] } }>(
        `{ __schema { types { name fields { name } } } }`,
      );
    // Mutation's fields are operations (rotateToken, revokeToken), not data.
    const withToken = introspection.__schema.types
      .filter((type) => type.name !== "Mutation" && type.fields?.some((field) => /token/i.test(field.name)))
      .map((type) => type.name);
    expect(withToken).toEqual(["AuthPayload"]);
    expect(
      introspection.__schema.types
        .find((type) => type.name === "Mutation")
        ?.fields?.filter((f) => f.name === "signUp"),
    ).toHaveLength(1);

    const puzzle = await createPuzzle(bob.client, [1, 2, 3, 4, 5, 6, 0, 7, 8], 3);
    const solve = await requestSolve(bob.client, puzzle);
    const answers = await Promise.all([
      alice.client.request(
        `query ($name: String!) { user(name: $name) { id name createdAt puzzles { edges { node { id owner { id name } } } } } }`,
        { name: bob.user.name },
      ),
      alice.client.request(
        `query ($id: ID!) {
          puzzle(id: $id) { owner { id name createdAt } solves { edges { node { id requestedBy { id name } } } } }
        }`,
        { id: puzzle },
      ),
      alice.client.request(`query ($id: ID!) { solve(id: $id) { requestedBy { id name createdAt } } }`, {
        id: solve.id,
      }),
      alice.client.request(`{ me { id name } }`),
    ]);
    const text = JSON.stringify(answers.map((answer) => answer.body));
    expect(text).toContain(bob.user.name);
    expect(text).not.toContain(bob.token);
    expect(text).not.toContain(hashToken(bob.token));
    expect(answers[3].body.data).toEqual({ me: { id: alice.user.id, name: alice.user.name } });
  });

  it("stores no token, only its hash", async () => {
    const row = await api.server.app.prisma.user.findUniqueOrThrow({ where: { id: Number(bob.user.id) } });
    expect(JSON.stringify(row)).not.toContain(bob.token);
    expect(row.tokenHash).toBe(hashToken(bob.token));
  });
});
