// Titles: at most 200 characters counted as code points (an emoji is one), no C0/C1 controls, no
// bidirectional formatting characters; refused with BAD_USER_INPUT (field `title`) over HTTP and
// WebSocket, and what is accepted is stored exactly as sent (trimmed).
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import type { GraphQLClient } from "../helpers/graphql.ts";
import { useTestServer } from "../helpers/server.ts";
import { subscribe, wsClient } from "../helpers/ws.ts";

const api = useTestServer();
let user: GraphQLClient;
let token: string;
beforeAll(async () => {
  ({ client: user, token } = await api.client().signUp());
});

const CREATE = `mutation ($t: String) { createPuzzle(input: { kind: SLIDING, rows: 2, cols: 2, start: [1, 2, 0, 3], title: $t }) { title } }`;
const RUNS = { numRuns: Number(process.env.HOSTILE_RUNS ?? 30) };
const FORBIDDEN = [
  ...Array.from({ length: 0x20 }, (_, i) => i),
  ...Array.from({ length: 0x21 }, (_, i) => 0x7f + i),
  0x202a,
  0x202b,
  0x202c,
  0x202d,
  0x202e,
  0x2066,
  0x2067,
  0x2068,
  0x2069,
  0x200e,
  0x200f,
  0x061c,
].map((code) => String.fromCodePoint(code));
const forbidden = new RegExp(
  `[${FORBIDDEN.map((c) => `\\u{${c.codePointAt(0)?.toString(16)}}`).join("")}]`,
  "u",
);

/** Printable text without forbidden characters, including astral ones (emoji). */
const allowedText = fc
  .oneof(
    fc.string({ unit: "binary", minLength: 1, maxLength: 210 }),
    fc.string({ unit: "grapheme", minLength: 1, maxLength: 210 }),
    fc
      .array(fc.constantFrom("a", "é", "漢", "😀", "👍🏽", " "), { minLength: 150, maxLength: 210 })
      .map((a) => a.join("")),
  )
  .map((s) => s.trim())
  .filter((s) => s.length > 0 && !forbidden.test(s));

describe("titles", () => {
  it("accepts 200 emoji (200 characters, 400 UTF-16 units) and refuses 201", async () => {
    const ok = await user.data(CREATE, { t: "😀".repeat(200) });
    expect(ok.createPuzzle.title).toBe("😀".repeat(200));
    const error = await user.error(CREATE, { t: "😀".repeat(201) });
    expect(error.extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "title" });
    expect(error.message).toContain("got 201");
  });

  it("stores any allowed title of at most 200 characters as sent", async () => {
    await fc.assert(
      fc.asyncProperty(allowedText, async (title) => {
        const { body } = await user.request(CREATE, { t: title });
        if ([...title].length <= 200) expect(body.data?.createPuzzle.title).toBe(title);
        else expect(body.errors?.[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "title" });
      }),
      RUNS,
    );
  });

  it("refuses any title holding a control or bidi formatting character, over HTTP", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ maxLength: 20 }),
        fc.constantFrom(...FORBIDDEN),
        fc.string({ maxLength: 20 }),
        async (before, bad, after) => {
          const { body } = await user.request(CREATE, { t: `x${before}${bad}${after}x` });
          expect(body.data ?? null).toBeNull();
          expect(body.errors?.[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "title" });
        },
      ),
      RUNS,
    );
  });

  it("refuses U+202E and U+0085 over WebSocket", async () => {
    const client = wsClient(api.wsUrl, token);
    try {
      for (const title of ["abc\u202Eexe.txt", "line\u0085break"]) {
        const result = await subscribe(client, CREATE, { t: title }).next();
        expect(result.errors?.[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "title" });
      }
    } finally {
      await client.dispose();
    }
  });
});
