// The spoiler rule against the real server: others' moves (a Submission's, and the optimal Solve's)
// are hidden until the viewer has submitted an optimal solution of the puzzle themselves; lengths
// and ranks stay public; owning the puzzle gives no right.
import { describe, expect, it } from "vitest";
import { useTestServer } from "../helpers/server.ts";
import { TWO_STEPS, createPuzzle, proveOptimum, submit } from "./fixtures.ts";

const api = useTestServer();

const SUBMISSIONS_OF = `query ($u: String!) {
  user(name: $u) { submissions(first: 10) { edges { node { moves length rank } } } }
}`;

const PUZZLE = `query ($p: ID!) {
  puzzle(id: $p) {
    optimalSolution { length moves optimal }
    myBest { moves length }
    difficulty { optimalLength percentile }
  }
}`;

describe("the spoiler rule", () => {
  it("hides others' moves until the viewer has solved the puzzle optimally", async () => {
    const owner = await api.client().signUp();
    const puzzleId = await createPuzzle(owner.client, TWO_STEPS);
    await proveOptimum(api.server.app, puzzleId, TWO_STEPS);
    const ada = await api.client().signUp();
    const bea = await api.client().signUp();
    await submit(ada.client, puzzleId, "RR");
    expect((await submit(bea.client, puzzleId, "RUDR")).moves).toBe("RUDR"); // one's own: always

    const seenBy = async (client: typeof ada.client) =>
      (await client.data(SUBMISSIONS_OF, { u: ada.user.name })).user.submissions.edges[0].node;
    expect(await seenBy(ada.client)).toEqual({ moves: "RR", length: 2, rank: 1 });
    expect(await seenBy(bea.client)).toEqual({ moves: null, length: 2, rank: 1 });
    expect(await seenBy(owner.client)).toEqual({ moves: null, length: 2, rank: 1 });
    expect(await seenBy(api.client())).toEqual({ moves: null, length: 2, rank: 1 });

    const before = (await bea.client.data(PUZZLE, { p: puzzleId })).puzzle;
    expect(before.optimalSolution).toEqual({ length: 2, moves: null, optimal: true });
    expect(before.myBest).toEqual({ moves: "RUDR", length: 4 });
    expect((await owner.client.data(PUZZLE, { p: puzzleId })).puzzle.optimalSolution.moves).toBeNull();

    // Bea solves it optimally: now she may read Ada's moves and the optimal Solve's.
    await submit(bea.client, puzzleId, "RR");
    expect(await seenBy(bea.client)).toEqual({ moves: "RR", length: 2, rank: 1 });
    const after = (await bea.client.data(PUZZLE, { p: puzzleId })).puzzle;
    expect(after.optimalSolution).toEqual({ length: 2, moves: "RR", optimal: true });
    expect(after.myBest).toEqual({ moves: "RR", length: 2 });
    // Anonymous viewers have no best.
    expect((await api.client().data(PUZZLE, { p: puzzleId })).puzzle.myBest).toBeNull();
  });

  it("hides moves while no optimum is known, whatever the viewer submitted", async () => {
    const owner = await api.client().signUp();
    const puzzleId = await createPuzzle(owner.client, {
      ...TWO_STEPS,
      input: {
        kind: "SLIDING",
        rows: 4,
        cols: 4,
        start: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 0, 14, 15],
      },
    });
    const ada = await api.client().signUp();
    const bea = await api.client().signUp();
    await submit(ada.client, puzzleId, "RR");
    await submit(bea.client, puzzleId, "RR");
    const node = (await bea.client.data(SUBMISSIONS_OF, { u: ada.user.name })).user.submissions.edges[0].node;
    expect(node).toEqual({ moves: null, length: 2, rank: 1 });
    const puzzle = (await bea.client.data(PUZZLE, { p: puzzleId })).puzzle;
    expect(puzzle).toMatchObject({ optimalSolution: null, difficulty: null });
  });

  it("gives the difficulty percentile of the optimum among all boards of the size", async () => {
    const owner = await api.client().signUp();
    const puzzleId = await createPuzzle(owner.client, TWO_STEPS);
    await proveOptimum(api.server.app, puzzleId, TWO_STEPS);
    const { difficulty } = (await owner.client.data(PUZZLE, { p: puzzleId })).puzzle;
    // 3x3, blank in the corner: 1 position at distance 0 and 2 at distance 1 of 181,440.
    expect(difficulty.optimalLength).toBe(2);
    expect(difficulty.percentile).toBeCloseTo((100 * 3) / 181_440, 12);
  });
});
