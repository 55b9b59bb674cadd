// Strings Postgres cannot store or compare (U+0000) and other characters no title should carry:
// refused as BAD_USER_INPUT or answered as "no such thing", never an INTERNAL_SERVER_ERROR (each of
// these was one, found by the property tests in mutation-args.property.test.ts).
import { describe, expect, it } from "vitest";
import { useTestServer } from "../helpers/server.ts";
import { expectCodedAnswer } from "./responses.ts";

const api = useTestServer();

describe("U+0000 and control characters", () => {
  it.each([
    ["a NUL", "a\u0000b"],
    ["a newline", "line\nbreak"],
    ["an escape", "\u001b[31mred"],
    ["an unpaired surrogate", "x\uD800y"],
  ])("a title with %s is BAD_USER_INPUT on title", async (_, title) => {
    const { client } = await api.client().signUp();
    const error = await client.error(
      `mutation ($input: CreatePuzzleInput!) { createPuzzle(input: $input) { id } }`,
      {
        input: { kind: "SLIDING", rows: 2, cols: 2, start: [1, 2, 3, 0], title },
      },
    );
    expect(error.extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "title" });
  });

  it("a title with emoji and accents is fine", async () => {
    const { client } = await api.client().signUp();
    const created = await client.data(
      `mutation ($input: CreatePuzzleInput!) { createPuzzle(input: $input) { title } }`,
      {
        input: { kind: "SLIDING", rows: 2, cols: 2, start: [1, 2, 3, 0], title: "Schöne Grüße 🧩" },
      },
    );
    expect(created.createPuzzle.title).toBe("Schöne Grüße 🧩");
  });

  it("user(name) and puzzles(ownerName) with a NUL find nothing", async () => {
    const user = await api
      .client()
      .request(`query ($a: String!) { user(name: $a) { id } }`, { a: "a\u0000b" });
    expectCodedAnswer(user);
    expect(user.body).toEqual({ data: { user: null } });
    const puzzles = await api
      .client()
      .request(`query ($a: String) { puzzles(ownerName: $a) { edges { cursor } } }`, { a: "a\u0000b" });
    expectCodedAnswer(puzzles);
    expect(puzzles.body.errors).toBeUndefined();
  });
});
