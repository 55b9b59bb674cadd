// Names are unique after NFKC and case folding, and look-alike names (TS #39 skeletons) are refused,
// over HTTP and WebSocket, and under concurrency (the unique indexes decide).
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { foldUserName, userNameSkeleton } from "../../src/services/user-names.ts";
import { useTestServer } from "../helpers/server.ts";
import { subscribe, wsClient } from "../helpers/ws.ts";

const api = useTestServer();
const SIGN_UP = `mutation ($n: String!) { signUp(name: $n) { token user { name } } }`;

/** A fresh lowercase Latin stem, so each test's names collide only with each other. */
function stem(): string {
  return `q${randomBytes(4).toString("hex").replace(/[01]/g, "x")}`;
}

describe("name keys", () => {
  it("fold case and NFKC; skeletons meet for look-alikes", () => {
    expect(new Set(["alice", "Alice", "ALICE", "ａｌｉｃｅ"].map(foldUserName))).toEqual(new Set(["alice"]));
    const alike = ["alice", "aIice", "AIice", "a1ice", "\u0430lice", "Alice"];
    expect(new Set(alike.map(userNameSkeleton)).size).toBe(1);
    expect(userNameSkeleton("rnodern")).toBe(userNameSkeleton("modern"));
    expect(userNameSkeleton("alice")).not.toBe(userNameSkeleton("alicf"));
  });
});

describe("signUp over HTTP", () => {
  it.each([
    ["in case only", (s: string) => s.toUpperCase(), "differs only in case"],
    ["in case only (first letter)", (s: string) => s[0].toUpperCase() + s.slice(1), "differs only in case"],
    ["by a capital I for an l", (s: string) => s.replace("l", "I"), "looks like"],
    ["by a digit 1 for an l", (s: string) => s.replace("l", "1"), "looks like"],
    [
      "by fullwidth letters (NFKC)",
      (s: string) => s.replace(/[a-z]/g, (c) => String.fromCodePoint((c.codePointAt(0) ?? 0) + 0xfee0)),
      "taken",
    ],
    ["by rn for m", (s: string) => s.replace("m", "rn"), "looks like"],
  ])("refuses a name that differs from an existing one %s", async (_, variant, message) => {
    const original = `${stem()}lm`;
    await api.client().signUp(original);
    const error = await api.client().error(SIGN_UP, { n: variant(original) });
    expect(error.extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "name" });
    expect(error.message).toContain(message);
    if (message !== "taken") expect(error.message).toContain(`"${original}"`);
  });

  it("stores the NFKC form and finds a user by any case of the name", async () => {
    const name = stem();
    const wide = name.replace(/[a-z]/g, (c) => String.fromCodePoint((c.codePointAt(0) ?? 0) + 0xfee0));
    const { user } = await api.client().signUp(wide);
    expect(user.name).toBe(name);
    const found = await api
      .client()
      .data(`query ($n: String!) { user(name: $n) { name } }`, { n: name.toUpperCase() });
    expect(found.user).toEqual({ name });
  });

  it("accepts names in one script other than Latin", async () => {
    const name = `Ж${randomBytes(3).toString("hex").replace(/[a-f]/g, "")}дом`.slice(0, 32);
    const { user } = await api.client().signUp(name);
    expect(user.name).toBe(name);
  });

  it("lets exactly one of many concurrent look-alike sign-ups win", async () => {
    const base = `${stem()}li`;
    const variants = [
      base,
      base.toUpperCase(),
      base.replace("l", "I"),
      base.replace("l", "1"),
      `${base.slice(0, -1)}I`,
    ];
    const answers = await Promise.all(variants.map((n) => api.client().request(SIGN_UP, { n })));
    const won = answers.filter((a) => a.body.errors === undefined);
    expect(won).toHaveLength(1);
    for (const lost of answers.filter((a) => a.body.errors !== undefined)) {
      expect(lost.body.errors?.[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "name" });
    }
  });
});

describe("signUp over WebSocket", () => {
  it("refuses a look-alike name the same way", async () => {
    const original = `${stem()}l`;
    await api.client().signUp(original);
    const client = wsClient(api.wsUrl);
    try {
      const result = await subscribe(client, SIGN_UP, { n: original.replace("l", "I") }).next();
      expect(result.errors?.[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "name" });
      expect(result.errors?.[0].message).toContain(`looks like the existing name "${original}"`);
    } finally {
      await client.dispose();
    }
  });
});
