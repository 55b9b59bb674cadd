// The platform's own account, `daily puzzle` (the owner of every daily puzzle), has a space in its name
// so that no user can sign up as it; names that read as it with `_` or `-` for the space, or none, or
// with look-alike letters, are refused too (until the thirty-third session `daily_puzzle` signed up and
// could publish puzzles that read as the platform's; until the thirty-sixth, `dailypuzzIe` with a
// capital i for the l did). Over HTTP and WebSocket alike.
import { describe, expect, it } from "vitest";
import { useTestServer } from "../helpers/server.ts";
import { subscribe, wsClient } from "../helpers/ws.ts";

const api = useTestServer();
const SIGN_UP = `mutation ($n: String!) { signUp(name: $n) { user { name } } }`;

describe("the platform account's name", () => {
  it.each([
    "daily_puzzle",
    "Daily-Puzzle",
    "dailypuzzle",
    "DAILY__PUZZLE",
    "dai1y_puzz1e",
    "daily-puzzle_",
    "dailypuzzIe",
    "DaiIy_Puzzle",
    "DAILY_puzzIe",
    "DAlLY_PUZZLE",
    "DA1LY_PUZZLE",
  ])("refuses %s with BAD_USER_INPUT (field name)", async (name) => {
    const error = await api.client().error(SIGN_UP, { n: name });
    expect(error.extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "name" });
    expect(error.message).toBe(`name "${name}" looks like the platform's account "daily puzzle"`);
  });

  it("refuses it over WebSocket with the same code, and still takes names that only start alike", async () => {
    const client = wsClient(api.wsUrl);
    try {
      const result = await subscribe(client, SIGN_UP, { n: "_Daily_Puzzle" }).next();
      expect(result.errors?.[0]?.extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "name" });
      expect(result.errors?.[0]?.message).toBe(
        `name "_Daily_Puzzle" looks like the platform's account "daily puzzle"`,
      );
    } finally {
      await client.dispose();
    }
    const suffix = Math.random().toString(36).slice(2, 8).replace(/[0-9]/g, "x");
    const name = `daily_puzzle_${suffix}`;
    expect((await api.client().data(SIGN_UP, { n: name })).signUp.user.name).toBe(name);
  });
});
