// User names under random input: every answer is a success or BAD_USER_INPUT (field `name`); once a
// name is taken, its case variants and look-alikes (TS #39: I/l/1, 0/O, rn/m, fullwidth forms) are
// refused; folding is stable and I/l never tell two skeletons apart.
import { randomBytes } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { foldUserName, userNameSkeleton } from "../../src/services/user-names.ts";
import { useTestServer } from "../helpers/server.ts";

const api = useTestServer();
const RUNS = { numRuns: Number(process.env.HOSTILE_RUNS ?? 25) };
const SIGN_UP = `mutation ($n: String!) { signUp(name: $n) { user { name } } }`;

/** Latin names built from the characters confusables.txt maps among ASCII (and others). */
const latinName = fc
  .array(fc.constantFrom(..."abcdeilmnorIlO01_-"), { minLength: 3, maxLength: 24 })
  .map((chars) => chars.join(""));

const lookAlike = fc.constantFrom(
  (s: string) => s.toUpperCase(),
  (s: string) => s.toLowerCase(),
  (s: string) => s.replace(/l/g, "I"),
  (s: string) => s.replace(/[lI]/g, "1"),
  (s: string) => s.replace(/m/g, "rn"),
  (s: string) => s.replace(/O/g, "0"),
  (s: string) => s.replace(/[a-zA-Z]/g, (c) => String.fromCodePoint((c.codePointAt(0) ?? 0) + 0xfee0)),
);

describe("user names", () => {
  it("folding is idempotent; I and l give the same skeleton", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 40 }), (s) => {
        expect(foldUserName(foldUserName(s))).toBe(foldUserName(s));
        // Look-alikes share a skeleton whatever the case of their characters.
        expect(userNameSkeleton(s.replace(/l/g, "I"))).toBe(userNameSkeleton(s.replace(/I/g, "l")));
      }),
      { numRuns: 500 },
    );
  });

  it("refuses every look-alike of a taken name", async () => {
    await fc.assert(
      fc.asyncProperty(latinName, lookAlike, async (base, variant) => {
        const name = `${base}_${randomBytes(3).toString("hex").replace(/[01]/g, "x")}`.slice(-32);
        const first = await api.client().request(SIGN_UP, { n: name });
        if (first.body.errors !== undefined) {
          expect(first.body.errors[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "name" });
          return;
        }
        const other = variant(name);
        if ([...other].length > 32) return;
        const second = await api.client().request(SIGN_UP, { n: other });
        expect(second.body.errors?.[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "name" });
      }),
      RUNS,
    );
  });

  it("answers any string with a user or BAD_USER_INPUT (field name)", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string({ unit: "grapheme", maxLength: 40 }),
          fc.string({ unit: "binary", maxLength: 40 }),
        ),
        async (name) => {
          const { status, body } = await api.client().request(SIGN_UP, { n: name });
          expect(status).toBeLessThan(500);
          if (body.errors !== undefined) {
            expect(body.errors[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "name" });
          } else {
            expect(body.data?.signUp.user.name).toBe(name.normalize("NFKC"));
          }
        },
      ),
      RUNS,
    );
  });
});
