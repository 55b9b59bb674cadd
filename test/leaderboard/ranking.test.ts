// Leaderboards and topSolvers over real HTTP: one entry per user, competition ranks across ties,
// keyset pages that neither skip nor repeat entries across ties, and the players' ranking.
import { describe, expect, it } from "vitest";
import type { GraphQLClient } from "../helpers/graphql.ts";
import { useTestServer } from "../helpers/server.ts";
import {
  LEADERBOARD,
  ONE_STEP,
  TINY,
  TWO_STEPS,
  allEntries,
  createPuzzle,
  proveOptimum,
  submit,
} from "./fixtures.ts";

const api = useTestServer();

async function players(count: number): Promise<{ name: string; client: GraphQLClient }[]> {
  const signedUp = [];
  for (let i = 0; i < count; i += 1) {
    const { user, client } = await api.client().signUp();
    signedUp.push({ name: user.name, client });
  }
  return signedUp;
}

describe("leaderboard", () => {
  it("ranks ties together and skips the following rank (1, 2, 2, 4)", async () => {
    const [a, b, c, d] = await players(4);
    const puzzleId = await createPuzzle(a.client, ONE_STEP);
    await submit(d.client, puzzleId, ONE_STEP.solutions[5]);
    await submit(b.client, puzzleId, ONE_STEP.solutions[3]);
    await submit(a.client, puzzleId, ONE_STEP.solutions[1]);
    await submit(c.client, puzzleId, ONE_STEP.solutions[3]);
    const board = (await api.client().data(LEADERBOARD, { p: puzzleId })).leaderboard;
    expect(board.totalEntries).toBe(4);
    expect(board.edges.map((e: any) => [e.node.rank, e.node.user.name, e.node.length])).toEqual([
      [1, a.name, 1],
      [2, b.name, 3], // b submitted its 3 before c: earlier first within a tie
      [2, c.name, 3],
      [4, d.name, 5],
    ]);
  });

  it("keeps one entry per user: their shortest, and the earliest of equal ones", async () => {
    const [a, b] = await players(2);
    const puzzleId = await createPuzzle(a.client, ONE_STEP);
    await submit(a.client, puzzleId, ONE_STEP.solutions[7]);
    const firstThree = await submit(a.client, puzzleId, ONE_STEP.solutions[3]);
    await submit(b.client, puzzleId, ONE_STEP.solutions[5]);
    await submit(a.client, puzzleId, ONE_STEP.solutions[3]);
    const worse = await submit(a.client, puzzleId, ONE_STEP.solutions[5]);
    expect(worse.rank).toBe(1); // its own rank: no other user is shorter than 5
    const board = (await api.client().data(LEADERBOARD, { p: puzzleId })).leaderboard;
    expect(board.totalEntries).toBe(2);
    expect(board.edges.map((e: any) => e.node)).toMatchObject([
      { rank: 1, length: 3, submittedAt: firstThree.createdAt, user: { name: a.name } },
      { rank: 2, length: 5, user: { name: b.name } },
    ]);
  });

  it("gives a submission the rank its length holds against other users", async () => {
    const [a, b, c] = await players(3);
    const puzzleId = await createPuzzle(a.client, ONE_STEP);
    expect((await submit(a.client, puzzleId, ONE_STEP.solutions[3])).rank).toBe(1);
    expect((await submit(b.client, puzzleId, ONE_STEP.solutions[1])).rank).toBe(1);
    expect((await submit(c.client, puzzleId, ONE_STEP.solutions[3])).rank).toBe(2);
    expect((await submit(c.client, puzzleId, ONE_STEP.solutions[7])).rank).toBe(3);
  });

  it("pages across ties with no entry skipped or repeated, ranks intact", async () => {
    const signedUp = await players(9);
    const puzzleId = await createPuzzle(signedUp[0].client, ONE_STEP);
    const lengths = [3, 3, 5, 1, 3, 5, 3, 1, 7];
    for (const [i, length] of lengths.entries())
      await submit(signedUp[i].client, puzzleId, ONE_STEP.solutions[length]);
    const whole = (await api.client().data(LEADERBOARD, { p: puzzleId, first: 100 })).leaderboard;
    expect(whole.edges.map((e: any) => [e.node.rank, e.node.length])).toEqual([
      [1, 1],
      [1, 1],
      [3, 3],
      [3, 3],
      [3, 3],
      [3, 3],
      [7, 5],
      [7, 5],
      [9, 7],
    ]);
    for (const first of [1, 2, 4]) {
      const paged = await allEntries(api.client(), puzzleId, first);
      expect(paged.entries).toEqual(whole.edges.map((e: any) => e.node));
      expect(new Set(paged.cursors).size).toBe(lengths.length);
      expect(paged.pages).toBe(Math.ceil(lengths.length / first));
    }
  });

  it("answers NOT_FOUND for an unknown puzzle and BAD_USER_INPUT for a bad cursor or size", async () => {
    const client = api.client();
    expect((await client.error(LEADERBOARD, { p: "999999" })).extensions?.code).toBe("NOT_FOUND");
    const { client: owner } = await api.client().signUp();
    const puzzleId = await createPuzzle(owner, TINY);
    expect((await client.error(LEADERBOARD, { p: puzzleId, after: "bm9wZQ" })).extensions).toMatchObject({
      code: "BAD_USER_INPUT",
      field: "after",
    });
    expect((await client.error(LEADERBOARD, { p: puzzleId, first: 101 })).extensions).toMatchObject({
      code: "BAD_USER_INPUT",
      field: "first",
    });
  });

  it("is also a field of Puzzle, with the optimum", async () => {
    const [a, b] = await players(2);
    const puzzleId = await createPuzzle(a.client, TWO_STEPS);
    await proveOptimum(api.server.app, puzzleId, TWO_STEPS);
    await submit(b.client, puzzleId, TWO_STEPS.solutions[4]);
    await submit(a.client, puzzleId, TWO_STEPS.solutions[2]);
    const { puzzle } = await api.client().data(
      `query ($p: ID!) { puzzle(id: $p) { optimalLength leaderboard(first: 1) {
        totalEntries edges { node { rank length optimal user { name } puzzle { id } } } pageInfo { hasNextPage } } } }`,
      { p: puzzleId },
    );
    expect(puzzle).toEqual({
      optimalLength: 2,
      leaderboard: {
        totalEntries: 2,
        edges: [
          { node: { rank: 1, length: 2, optimal: true, user: { name: a.name }, puzzle: { id: puzzleId } } },
        ],
        pageInfo: { hasNextPage: true },
      },
    });
  });

  it("is empty for a puzzle nobody solved yet", async () => {
    const { client } = await api.client().signUp();
    const puzzleId = await createPuzzle(client, TINY);
    const board = (await api.client().data(LEADERBOARD, { p: puzzleId })).leaderboard;
    expect(board).toMatchObject({
      totalEntries: 0,
      edges: [],
      pageInfo: { hasNextPage: false, endCursor: null },
    });
  });
});

describe("topSolvers", () => {
  const TOP = `query ($kind: PuzzleKind, $rows: Int, $cols: Int, $first: Int, $after: String) {
    topSolvers(kind: $kind, rows: $rows, cols: $cols, first: $first, after: $after) {
      edges { node { rank optimalSolutions excessMoves puzzlesSolved user { name } } }
      pageInfo { hasNextPage endCursor }
    }
  }`;

  async function ranking(variables: Record<string, unknown>, names: Set<string>) {
    const rows = [];
    let after: string | null = null;
    for (;;) {
      const page: any = (await api.client().data(TOP, { ...variables, first: 3, after })).topSolvers;
      rows.push(...page.edges.map((e: any) => e.node));
      if (!page.pageInfo.hasNextPage) break;
      after = page.pageInfo.endCursor;
    }
    // Other tests of this file add players too; keep this test's own.
    return rows
      .filter((row) => names.has(row.user.name))
      .map((row) => [row.user.name, row.optimalSolutions, row.excessMoves, row.puzzlesSolved, row.rank]);
  }

  it("ranks by optimal puzzles, then by excess moves, with ties sharing a rank, optionally by size", async () => {
    // This test owns the whole ranking: other tests' players are on puzzles of the same sizes,
    // so compare relative order and the rank gaps among this test's players only.
    const [u1, u2, u3, u4, u5] = await players(5);
    const one = await createPuzzle(u1.client, ONE_STEP);
    const two = await createPuzzle(u1.client, TWO_STEPS);
    const tiny = await createPuzzle(u1.client, TINY);
    for (const [id, fixture] of [
      [one, ONE_STEP],
      [two, TWO_STEPS],
      [tiny, TINY],
    ] as const) {
      await proveOptimum(api.server.app, id, fixture);
    }
    await submit(u1.client, one, "R"); // u1: 2 optimal (3x3), excess 0
    await submit(u1.client, two, "RR");
    await submit(u2.client, one, "R"); // u2: 1 optimal, excess 2
    await submit(u2.client, two, "RUDR");
    await submit(u3.client, one, "LRR"); // u3: 3x3 0 optimal, excess 2 + 4; 2x2 optimal
    await submit(u3.client, two, "RRLLRR");
    await submit(u3.client, tiny, "R");
    await submit(u4.client, two, "RUDR"); // u4: 1 optimal, excess 2 (ties with u2)
    await submit(u4.client, one, "LRR");
    await submit(u4.client, one, "R");
    await submit(u5.client, tiny, "RLR"); // u5: 2x2 only, excess 2

    const names = new Set([u1, u2, u3, u4, u5].map((u) => u.name));
    const all = await ranking({}, names);
    expect(all.map((row) => row.slice(0, 4))).toEqual([
      [u1.name, 2, 0, 2],
      [u2.name, 1, 2, 2],
      [u4.name, 1, 2, 2],
      [u3.name, 1, 6, 3],
      [u5.name, 0, 2, 1],
    ]);
    const ranks = all.map((row) => row[4] as number);
    expect(ranks[1]).toBe(ranks[2]); // u2 and u4 tie
    expect(ranks[3]).toBe(ranks[2] + 2); // the next rank skips

    const threeByThree = await ranking({ kind: "SLIDING", rows: 3, cols: 3 }, names);
    expect(threeByThree.map((row) => row.slice(0, 4))).toEqual([
      [u1.name, 2, 0, 2],
      [u2.name, 1, 2, 2],
      [u4.name, 1, 2, 2],
      [u3.name, 0, 6, 2],
    ]);
    const twoByTwo = await ranking({ rows: 2, cols: 2 }, names);
    expect(twoByTwo.map((row) => row.slice(0, 4))).toEqual([
      [u3.name, 1, 0, 1],
      [u5.name, 0, 2, 1],
    ]);
    expect(await ranking({ kind: "ROTATION" }, names)).toEqual([]);
  });

  it("refuses a size out of range", async () => {
    const error = await api.client().error(TOP, { rows: 9 });
    expect(error.extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "rows" });
  });

  it("refuses rows or cols with kind ROTATION, which has neither (it answered an empty page)", async () => {
    const rows = await api.client().error(TOP, { kind: "ROTATION", rows: 3, cols: 3 });
    expect(rows.extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "rows" });
    expect(rows.message).toBe("rows does not apply to kind ROTATION (its board has no rows or columns)");
    const cols = await api.client().error(TOP, { kind: "ROTATION", cols: 3 });
    expect(cols.extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "cols" });
  });
});
