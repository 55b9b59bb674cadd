// Accounts over real HTTP: sign-up, the token shown once and stored hashed, `me`, public reads,
// and mutations refused without a (valid) token.
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { uniqueName } from "../helpers/graphql.ts";
import { useTestServer } from "../helpers/server.ts";

const api = useTestServer();

const ME = `{ me { id name createdAt } }`;
const CREATE = `mutation ($input: CreatePuzzleInput!) { createPuzzle(input: $input) { id } }`;
const SMALL = { kind: "SLIDING", rows: 2, cols: 2, start: [1, 2, 0, 3] };

describe("signUp and tokens", () => {
  it("returns the user and a token that authenticates later requests", async () => {
    const name = uniqueName("alice");
    const { token, user } = await api.client().signUp(name);
    expect(user.name).toBe(name);
    expect(token).toMatch(/^pzt_[A-Za-z0-9_-]{43}$/);
    const { me } = await api.client(token).data(ME);
    expect(me).toMatchObject({ id: user.id, name });
    expect(new Date(me.createdAt).toISOString()).toBe(me.createdAt);
  });

  it("stores only the token's SHA-256", async () => {
    const { token, user } = await api.client().signUp();
    const row = await api.server.app.prisma.user.findUniqueOrThrow({ where: { id: Number(user.id) } });
    expect(row.tokenHash).toBe(createHash("sha256").update(token).digest("hex"));
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it("gives every user a different token", async () => {
    const a = await api.client().signUp();
    const b = await api.client().signUp();
    expect(a.token).not.toBe(b.token);
  });

  it("answers me with null without a token, and reads stay public", async () => {
    const { user } = await api.client().signUp();
    expect((await api.client().data(ME)).me).toBeNull();
    const found = await api
      .client()
      .data(`query ($n: String!) { user(name: $n) { id name } }`, { n: user.name });
    expect(found.user).toEqual(user);
  });

  it("refuses a name that is taken", async () => {
    const { user } = await api.client().signUp();
    const error = await api
      .client()
      .error(`mutation ($n: String!) { signUp(name: $n) { token } }`, { n: user.name });
    expect(error.extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "name" });
    expect(error.message).toContain("taken");
  });

  it.each([
    ["too short", "ab", "3 to 32"],
    ["too long", "a".repeat(33), "3 to 32"],
    ["a space", "bad name", "letters (of one script)"],
    ["punctuation", "bob!", "letters (of one script)"],
    ["Latin and Cyrillic letters", "zoё_x", "mixes scripts"],
    ["a letter of an unsupported script", "x\u{10900}yz", "letters (of one script)"],
  ])("refuses a name with %s", async (_, name, message) => {
    const error = await api
      .client()
      .error(`mutation ($n: String!) { signUp(name: $n) { token } }`, { n: name });
    expect(error.extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "name" });
    expect(error.message).toContain(message);
  });
});

describe("mutations need a token", () => {
  it("refuses a mutation without a token (UNAUTHENTICATED) and stores nothing", async () => {
    const before = await api.server.app.prisma.puzzle.count();
    const { status, body } = await api.client().request(CREATE, { input: SMALL });
    expect(status).toBe(401);
    expect(body.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
    expect(body.errors?.[0]?.extensions).not.toHaveProperty("http");
    expect(body.data ?? null).toBeNull();
    expect(await api.server.app.prisma.puzzle.count()).toBe(before);
  });

  it("refuses a mutation mixed with signUp in one anonymous request", async () => {
    const { body } = await api
      .client()
      .request(
        `mutation ($n: String!, $input: CreatePuzzleInput!) { signUp(name: $n) { token } createPuzzle(input: $input) { id } }`,
        {
          n: uniqueName(),
          input: SMALL,
        },
      );
    expect(body.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
  });

  it("refuses an unknown token with 401, even for reads", async () => {
    const { status, body } = await api.client(`pzt_${"x".repeat(43)}`).request(ME);
    expect(status).toBe(401);
    expect(body.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
  });

  it("refuses a malformed Authorization header with 401", async () => {
    const { status, body } = await api.client().request(ME, undefined, { authorization: "Token abc" });
    expect(status).toBe(401);
    expect(body.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
  });

  it("accepts the mutation with the token", async () => {
    const { client } = await api.client().signUp();
    const data = await client.data(CREATE, { input: SMALL });
    expect(data.createPuzzle.id).toMatch(/^\d+$/);
  });
});
