// submitSolution over real HTTP: replay on the server, ILLEGAL_MOVE / NOT_A_SOLUTION with nothing
// stored, normalisation, `optimal` from null to known, and the user's submissions and stats.
import { describe, expect, it } from "vitest";
import { useTestServer } from "../helpers/server.ts";
import { ONE_STEP, ROTATION, SUBMIT, TWO_STEPS, createPuzzle, proveOptimum, submit } from "./fixtures.ts";

const api = useTestServer();

async function storedCount(puzzleId: string): Promise<number> {
  return api.server.app.prisma.submission.count({ where: { puzzleId: Number(puzzleId) } });
}

describe("submitSolution", () => {
  it.each([
    ["the first", "DRL", 1, "D"],
    ["a middle", "RRLL", 2, "R"],
    ["the last", "LRRR", 4, "R"],
  ])(
    "refuses an illegal move at %s step with its 1-based index, storing nothing",
    async (_, moves, index, move) => {
      const { client } = await api.client().signUp();
      const puzzleId = await createPuzzle(client, ONE_STEP);
      const error = await client.error(SUBMIT, { p: puzzleId, m: moves });
      expect(error.extensions).toMatchObject({
        code: "ILLEGAL_MOVE",
        category: "BAD_USER_INPUT",
        field: "moves",
        index,
        move,
      });
      expect(await storedCount(puzzleId)).toBe(0);
    },
  );

  it("refuses legal moves that do not reach the goal, storing nothing", async () => {
    const { client } = await api.client().signUp();
    const puzzleId = await createPuzzle(client, ONE_STEP);
    const error = await client.error(SUBMIT, { p: puzzleId, m: "LR" });
    expect(error.extensions).toMatchObject({
      code: "NOT_A_SOLUTION",
      category: "BAD_USER_INPUT",
      field: "moves",
    });
    expect(await storedCount(puzzleId)).toBe(0);
  });

  it("tolerates whitespace and lower case, and stores the normalised moves", async () => {
    const { client, user } = await api.client().signUp();
    const puzzleId = await createPuzzle(client, TWO_STEPS);
    const submission = await submit(client, puzzleId, " r u\n d\tR ");
    expect(submission).toMatchObject({ moves: "RUDR", length: 4, rank: 1, user: { name: user.name } });
    expect(await storedCount(puzzleId)).toBe(1);
  });

  it("replays Rotation Game moves A..H", async () => {
    const { client } = await api.client().signUp();
    const puzzleId = await createPuzzle(client, ROTATION);
    expect(await submit(client, puzzleId, "a c")).toMatchObject({ moves: "AC", length: 2, rank: 1 });
    expect((await client.error(SUBMIT, { p: puzzleId, m: "AZ" })).extensions).toMatchObject({
      code: "ILLEGAL_MOVE",
      index: 2,
      move: "Z",
    });
    expect((await client.error(SUBMIT, { p: puzzleId, m: "CA" })).extensions?.code).toBe("NOT_A_SOLUTION");
    expect(await storedCount(puzzleId)).toBe(1);
  });

  it("refuses more than 10,000 moves before replaying them", async () => {
    const { client } = await api.client().signUp();
    const puzzleId = await createPuzzle(client, ONE_STEP);
    const error = await client.error(SUBMIT, { p: puzzleId, m: `${"LR".repeat(5000)}R` });
    expect(error.extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "moves" });
    expect(await storedCount(puzzleId)).toBe(0);
  });

  it("needs a token, and answers NOT_FOUND for an unknown puzzle", async () => {
    const anonymous = await api.client().error(SUBMIT, { p: "1", m: "R" });
    expect(anonymous.extensions?.code).toBe("UNAUTHENTICATED");
    const { client } = await api.client().signUp();
    const missing = await client.error(SUBMIT, { p: "999999", m: "R" });
    expect(missing.extensions?.code).toBe("NOT_FOUND");
  });

  it("turns `optimal` from null to true / false once the optimum is proven", async () => {
    const { client } = await api.client().signUp();
    const puzzleId = await createPuzzle(client, TWO_STEPS);
    // The platform's own solve answers a 3x3 inline (here or for an identical puzzle of another
    // test): forget every Solve of this canonical key to see `optimal` while no optimum is known.
    const { canonicalKey } = await api.server.app.prisma.puzzle.findUniqueOrThrow({
      where: { id: Number(puzzleId) },
    });
    const best = await submit(client, puzzleId, TWO_STEPS.solutions[2]);
    const longer = await submit(client, puzzleId, TWO_STEPS.solutions[4]);
    await api.server.app.prisma.solve.deleteMany({ where: { canonicalKey } });
    const QUERY = `query ($p: ID!) { leaderboard(puzzleId: $p) { optimalLength edges { node { optimal } } }
      me { submissions { edges { node { id optimal } } } } }`;
    const before = await client.data(QUERY, { p: puzzleId });
    expect(before.leaderboard.optimalLength).toBeNull();
    expect(before.leaderboard.edges[0].node.optimal).toBeNull();
    expect(before.me.submissions.edges.map((e: any) => e.node.optimal)).toEqual([null, null]);

    await proveOptimum(api.server.app, puzzleId, TWO_STEPS);
    const after = await client.data(QUERY, { p: puzzleId });
    expect(after.leaderboard.optimalLength).toBe(2);
    expect(after.leaderboard.edges[0].node.optimal).toBe(true);
    expect(after.me.submissions.edges.map((e: any) => [e.node.id, e.node.optimal])).toEqual([
      [longer.id, false],
      [best.id, true],
    ]);
  });
});

describe("a user's record", () => {
  it("lists the user's submissions newest first, page by page", async () => {
    const { client } = await api.client().signUp();
    const one = await createPuzzle(client, ONE_STEP);
    const two = await createPuzzle(client, TWO_STEPS);
    const ids = [];
    for (const [puzzleId, moves] of [
      [one, "R"],
      [two, "RR"],
      [one, "LRR"],
      [two, "RUDR"],
      [one, "RLRLR"],
    ]) {
      ids.push((await submit(client, puzzleId, moves)).id);
    }
    const QUERY = `query ($after: String) { me { submissions(first: 2, after: $after) {
      edges { node { id } } pageInfo { hasNextPage endCursor } } } }`;
    const seen: string[] = [];
    let after: string | null = null;
    for (;;) {
      const page: any = (await client.data(QUERY, { after })).me.submissions;
      seen.push(...page.edges.map((e: any) => e.node.id));
      if (!page.pageInfo.hasNextPage) break;
      after = page.pageInfo.endCursor;
    }
    expect(seen).toEqual(ids.reverse());
  });

  it("counts submissions, distinct puzzles solved optimally and puzzles created", async () => {
    const owner = await api.client().signUp();
    const player = await api.client().signUp();
    const one = await createPuzzle(owner.client, ONE_STEP);
    const two = await createPuzzle(owner.client, TWO_STEPS);
    await proveOptimum(api.server.app, one, ONE_STEP);
    await proveOptimum(api.server.app, two, TWO_STEPS);
    await submit(player.client, one, "R");
    await submit(player.client, one, "R");
    await submit(player.client, two, "RUDR");
    const QUERY = `query ($a: String!, $b: String!) {
      a: user(name: $a) { stats { submissions optimalSolutions puzzlesCreated } }
      b: user(name: $b) { stats { submissions optimalSolutions puzzlesCreated } } }`;
    const data = await api.client().data(QUERY, { a: owner.user.name, b: player.user.name });
    expect(data.a.stats).toEqual({ submissions: 0, optimalSolutions: 0, puzzlesCreated: 2 });
    expect(data.b.stats).toEqual({ submissions: 3, optimalSolutions: 1, puzzlesCreated: 0 });
  });
});
