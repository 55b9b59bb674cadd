// The platform's own solve: a submission for a puzzle without a proven optimum asks for a Solve with
// requestedBy null; a 3x3 is answered within the request (optimal known at once), a 4x4 goes to the
// queue (optimal null until the result is written).
import { describe, expect, it } from "vitest";
import { SolveJobRepository } from "../../src/solves/index.ts";
import { useTestServer } from "../helpers/server.ts";
import { createPuzzle, submit, type PuzzleFixture } from "./fixtures.ts";

const api = useTestServer();

/** A 3x3 no other test uses (so no optimum is known for its canonical key yet). */
const FRESH_3X3: PuzzleFixture = {
  input: {
    kind: "SLIDING",
    rows: 3,
    cols: 3,
    start: [1, 2, 3, 4, 5, 6, 0, 7, 8],
    goal: [1, 2, 3, 4, 5, 6, 7, 0, 8],
  },
  optimum: 1,
  solutions: { 1: "R", 3: "RLR" },
};
/** A 4x4 two moves from its goal: queued, and no worker runs in this test. */
const NEAR_4X4: PuzzleFixture = {
  input: { kind: "SLIDING", rows: 4, cols: 4, start: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 0, 14, 15] },
  optimum: 2,
  solutions: { 2: "RR", 4: "RLRR" },
};

async function ownSolves(puzzleId: string) {
  return api.server.app.prisma.solve.findMany({ where: { puzzleId: Number(puzzleId), requestedById: null } });
}

describe("the platform's own solve", () => {
  it("answers a 3x3 within the submission, so `optimal` is known at once, and asks only once", async () => {
    const { client } = await api.client().signUp();
    const puzzleId = await createPuzzle(client, FRESH_3X3);
    expect((await submit(client, puzzleId, "RLR")).optimal).toBe(false);
    expect((await submit(client, puzzleId, "R")).optimal).toBe(true);
    expect((await ownSolves(puzzleId)).map((s) => [s.status, s.length, s.optimal])).toEqual([
      ["SOLVED", 1, true],
    ]);
  });

  it("queues a 4x4; `optimal` turns from null to true/false when the result is written", async () => {
    const { client } = await api.client().signUp();
    const puzzleId = await createPuzzle(client, NEAR_4X4);
    const longer = await submit(client, puzzleId, NEAR_4X4.solutions[4]);
    expect(longer.optimal).toBeNull();
    const [own] = await ownSolves(puzzleId);
    expect(own?.status).toBe("QUEUED");
    await submit(client, puzzleId, NEAR_4X4.solutions[4]); // still pending: no second request
    expect(await ownSolves(puzzleId)).toHaveLength(1);

    await new SolveJobRepository(api.server.app.prisma).finishJob(own!.canonicalKey, own!.jobId!, {
      status: "SOLVED",
      moves: "RR",
      length: 2,
      optimal: true,
      lowerBound: 2,
    });
    const { me } = await client.data(`{ me { submissions { edges { node { optimal } } } } }`);
    expect(me.submissions.edges.map((e: any) => e.node.optimal)).toEqual([false, false]);
    expect((await submit(client, puzzleId, NEAR_4X4.solutions[2])).optimal).toBe(true);
  });
});
