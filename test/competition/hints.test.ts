// `hint` on the positions it refuses: an unsolvable puzzle's default position (its start) and given
// positions of other tiles or the wrong parity, each BAD_USER_INPUT with field `position` and a message
// that names `position`. An API server alone: no worker is needed to refuse (a 4x4 hint that reached
// the workers would come back PENDING after ANALYSIS_WAIT_MS).
import { describe, expect, it } from "vitest";
import { useTestServer } from "../helpers/server.ts";
import { GOAL3, GOAL4 } from "./boards.ts";
import { CREATE } from "./operations.ts";

const api = useTestServer({ env: { ANALYSIS_WAIT_MS: "500" } });

const HINT = `query ($p: ID!, $pos: [Int!]) { hint(puzzleId: $p, position: $pos) { status move distance position } }`;

/** The goal with its first two tiles swapped: the wrong parity, never solvable. */
function swapped(goal: readonly number[]): number[] {
  return [goal[1], goal[0], ...goal.slice(2)];
}

describe("hints refused", () => {
  it.each([
    { rows: 3, cols: 3, start: swapped(GOAL3) },
    { rows: 4, cols: 4, start: swapped(GOAL4) },
    { rows: 2, cols: 2, start: [2, 1, 3, 0] },
  ])(
    "on an unsolvable $rows x $cols puzzle's default position (its start): BAD_USER_INPUT, field position",
    async (board) => {
      const user = await api.client().signUp();
      const p = (await user.client.data(CREATE, { i: { kind: "SLIDING", ...board } })).createPuzzle.id;
      const error = await user.client.error(HINT, { p });
      expect(error.extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "position" });
      expect(error.message).toMatch(/^position .*wrong parity/);
    },
  );

  it("still gives a solvable puzzle's hint from its start", async () => {
    const user = await api.client().signUp();
    const p = (
      await user.client.data(CREATE, {
        i: { kind: "SLIDING", rows: 3, cols: 3, start: [1, 2, 3, 4, 5, 6, 7, 0, 8] },
      })
    ).createPuzzle.id;
    expect((await user.client.data(HINT, { p })).hint).toMatchObject({
      status: "READY",
      move: "R",
      distance: 1,
      position: [1, 2, 3, 4, 5, 6, 7, 0, 8],
    });
    const goal = (await user.client.data(CREATE, { i: { kind: "SLIDING", rows: 3, cols: 3, start: GOAL3 } }))
      .createPuzzle.id;
    expect((await user.client.data(HINT, { p: goal })).hint).toMatchObject({ move: null, distance: 0 });
  });

  it("names `position` (not `start`) in the message of a given position's error", async () => {
    const user = await api.client().signUp();
    const p = (
      await user.client.data(CREATE, {
        i: { kind: "SLIDING", rows: 3, cols: 3, start: [1, 2, 3, 4, 5, 6, 7, 0, 8] },
      })
    ).createPuzzle.id;
    const cases: [number[], RegExp][] = [
      [[1, 2, 3], /^position has 3 tiles, expected 9$/],
      [[1, 1, 3, 4, 5, 6, 7, 8, 0], /^position repeats tile 1$/],
      [[1, 2, 3, 4, 5, 6, 7, 8, 9], /^position has tile 9 out of range/],
      [swapped(GOAL3), /^position cannot reach the puzzle's goal \(wrong parity\)$/],
    ];
    for (const [pos, message] of cases) {
      const error = await user.client.error(HINT, { p, pos });
      expect(error.extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "position" });
      expect(error.message).toMatch(message);
      expect(error.message).not.toMatch(/\bstart\b/);
    }
    const rotation = (
      await user.client.data(CREATE, {
        i: {
          kind: "ROTATION",
          start: [1, 1, 1, 1, 3, 2, 3, 2, 3, 1, 3, 2, 2, 3, 1, 2, 2, 2, 3, 1, 2, 1, 3, 3],
        },
      })
    ).createPuzzle.id;
    const error = await user.client.error(HINT, { p: rotation, pos: [1, 2, 3] });
    expect(error.extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "position" });
    expect(error.message).toBe("position: expected 24 cells, got 3");
  });
});

describe("hints need a token", () => {
  it.each([
    ["an existing puzzle", "existing"],
    ["an unknown puzzle", "999999"],
    ["a malformed id", "x"],
  ])("without one, on %s: HTTP 401 UNAUTHENTICATED, before the puzzle is looked up", async (_, id) => {
    const owner = await api.client().signUp();
    const existing = (
      await owner.client.data(CREATE, { i: { kind: "SLIDING", rows: 2, cols: 2, start: [1, 2, 0, 3] } })
    ).createPuzzle.id;
    const { status, body } = await api.client().request(HINT, { p: id === "existing" ? existing : id });
    expect(status).toBe(401);
    expect(body.data ?? null).toBeNull();
    expect(body.errors?.map((error) => error.extensions?.code)).toEqual(["UNAUTHENTICATED"]);
  });
});
