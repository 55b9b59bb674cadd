// Finding puzzles against the real server: filters (kind, size, proven optimum, owner), the
// orderings NEWEST / MOST_PLAYED / HARDEST walked page by page with their cursors, and
// topSolvers(orderBy: RATING).
import { beforeAll, describe, expect, it } from "vitest";
import type { GraphQLClient } from "../helpers/graphql.ts";
import { useTestServer } from "../helpers/server.ts";
import { ONE_STEP, ROTATION, TINY, TWO_STEPS, createPuzzle, submit } from "./fixtures.ts";

const api = useTestServer();

const PUZZLES = `query ($f: PuzzleFilter, $o: PuzzleOrder, $first: Int, $after: String) {
  puzzles(filter: $f, orderBy: $o, first: $first, after: $after) {
    edges { cursor node { id rating { value } } }
    pageInfo { hasNextPage endCursor }
  }
}`;

interface Page<T> {
  edges: { cursor: string; node: T }[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
}

/** Every puzzle id of a listing, walked `first` at a time. */
async function walk(client: GraphQLClient, filter: object, orderBy: string, first = 1): Promise<string[]> {
  const ids: string[] = [];
  let after: string | null = null;
  for (let pages = 0; pages < 50; pages++) {
    const data: { puzzles: Page<{ id: string }> } = await client.data(PUZZLES, {
      f: filter,
      o: orderBy,
      first,
      after,
    });
    ids.push(...data.puzzles.edges.map((edge) => edge.node.id));
    if (!data.puzzles.pageInfo.hasNextPage) return ids;
    after = data.puzzles.pageInfo.endCursor;
  }
  throw new Error("more than 50 pages");
}

const NEAR_4X4 = {
  input: { kind: "SLIDING", rows: 4, cols: 4, start: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 0, 14, 15] },
  optimum: 2,
  solutions: { 2: "RR" },
};

describe("puzzles(filter, orderBy)", () => {
  let owner: Awaited<ReturnType<GraphQLClient["signUp"]>>;
  /** oneStep: 2 players, twoSteps: 3, tiny: 1, near: 0 (no optimum), rotation: 1. */
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    owner = await api.client().signUp();
    ids.oneStep = await createPuzzle(owner.client, ONE_STEP);
    ids.twoSteps = await createPuzzle(owner.client, TWO_STEPS);
    ids.tiny = await createPuzzle(owner.client, TINY);
    ids.near = await createPuzzle(owner.client, NEAR_4X4);
    ids.rotation = await createPuzzle(owner.client, ROTATION);
    const players = await Promise.all([1, 2, 3].map(() => api.client().signUp()));
    await submit(players[0].client, ids.oneStep, "R");
    await submit(players[1].client, ids.oneStep, "LRLRLRR");
    for (const p of players) await submit(p.client, ids.twoSteps, "RR");
    await submit(players[0].client, ids.twoSteps, "RUDR"); // a second submission: not a new player
    await submit(players[2].client, ids.tiny, "RLR");
    await submit(players[1].client, ids.rotation, "AC");
  });

  it("filters by owner, kind, size and proven optimum, newest first by default", async () => {
    const o = owner.user.name;
    expect(await walk(owner.client, { owner: o }, "NEWEST", 2)).toEqual([
      ids.rotation,
      ids.near,
      ids.tiny,
      ids.twoSteps,
      ids.oneStep,
    ]);
    expect(await walk(owner.client, { owner: o, rows: 3, cols: 3 }, "NEWEST")).toEqual([
      ids.twoSteps,
      ids.oneStep,
    ]);
    expect(await walk(owner.client, { owner: o, kind: "ROTATION" }, "NEWEST")).toEqual([ids.rotation]);
    expect(await walk(owner.client, { owner: o, hasOptimum: false }, "NEWEST")).toEqual([ids.near]);
    expect(await walk(owner.client, { owner: o, hasOptimum: true }, "NEWEST", 3)).toEqual([
      ids.rotation,
      ids.tiny,
      ids.twoSteps,
      ids.oneStep,
    ]);
    expect(await walk(owner.client, { owner: "nobody-by-this-name" }, "NEWEST")).toEqual([]);
    const error = await owner.client.error(PUZZLES, { f: { rows: 9 } });
    expect(error.extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "rows" });
  });

  it("orders by players (most first, then newest) across pages", async () => {
    expect(await walk(owner.client, { owner: owner.user.name }, "MOST_PLAYED")).toEqual([
      ids.twoSteps,
      ids.oneStep,
      ids.rotation,
      ids.tiny,
      ids.near,
    ]);
  });

  it("orders by puzzle rating (highest first) across pages, only rated puzzles", async () => {
    const listed = await walk(owner.client, { owner: owner.user.name }, "HARDEST");
    const stats = await api.server.app.prisma.puzzleStats.findMany({
      where: { puzzleId: { in: Object.values(ids).map(Number) }, ratedGames: { gt: 0 } },
    });
    const expected = stats
      .sort((a, b) => b.rating - a.rating || b.puzzleId - a.puzzleId)
      .map((row) => String(row.puzzleId));
    expect(listed).toEqual(expected);
    expect(listed).toHaveLength(4);
    expect(listed).not.toContain(ids.near);
    // The puzzle everyone solved with 3 moves for an optimum of 1 is harder than the one solved optimally.
    expect(listed.indexOf(ids.tiny)).toBeLessThan(listed.indexOf(ids.rotation));
  });

  it("refuses a cursor of another ordering", async () => {
    const first = await owner.client.data<{ puzzles: Page<{ id: string }> }>(PUZZLES, {
      f: { owner: owner.user.name },
      o: "MOST_PLAYED",
      first: 1,
    });
    const cursor = first.puzzles.pageInfo.endCursor;
    for (const o of ["HARDEST", "NEWEST"]) {
      const error = await owner.client.error(PUZZLES, { f: { owner: owner.user.name }, o, after: cursor });
      expect(error.extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "after" });
    }
  });

  it("ranks players by rating in topSolvers(orderBy: RATING), page by page", async () => {
    const QUERY = `query ($after: String) {
      topSolvers(orderBy: RATING, first: 2, after: $after) {
        edges { node { rank user { name rating { value } } } }
        pageInfo { hasNextPage endCursor }
      }
    }`;
    const rows: { rank: number; value: number }[] = [];
    let after: string | null = null;
    for (let pages = 0; pages < 20; pages++) {
      const data: { topSolvers: Page<{ rank: number; user: { rating: { value: number } } }> } =
        await owner.client.data(QUERY, { after });
      for (const edge of data.topSolvers.edges)
        rows.push({ rank: edge.node.rank, value: edge.node.user.rating.value });
      if (!data.topSolvers.pageInfo.hasNextPage) break;
      after = data.topSolvers.pageInfo.endCursor;
    }
    expect(rows).toHaveLength(await api.server.app.prisma.playerRating.count());
    expect(rows.length).toBeGreaterThanOrEqual(3);
    for (let i = 1; i < rows.length; i++) {
      expect(rows[i].value).toBeLessThanOrEqual(rows[i - 1].value);
      expect(rows[i].rank).toBe(rows[i].value === rows[i - 1].value ? rows[i - 1].rank : i + 1);
    }
  });
});
