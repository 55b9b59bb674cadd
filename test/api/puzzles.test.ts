// Puzzles over real HTTP: creation (what is stored and returned), every validation error with the
// field it names, lookups, and keyset pagination across pages (no duplicates, no gaps, stable while
// others insert).
import { beforeAll, describe, expect, it } from "vitest";
import type { GraphQLClient } from "../helpers/graphql.ts";
import { useTestServer } from "../helpers/server.ts";

const api = useTestServer();

const PUZZLE_FIELDS = `id kind rows cols start goal title solvable createdAt owner { id name }`;
const CREATE = `mutation ($input: CreatePuzzleInput!) { createPuzzle(input: $input) { ${PUZZLE_FIELDS} } }`;
const ROTATION_START = [...Array(8).fill(1), ...Array(8).fill(2), ...Array(8).fill(3)];

let owner: { client: GraphQLClient; user: { id: string; name: string } };

beforeAll(async () => {
  owner = await api.client().signUp();
});

describe("createPuzzle", () => {
  it("stores a sliding puzzle with the default goal and computes solvability", async () => {
    const { createPuzzle: p } = await owner.client.data(CREATE, {
      input: {
        kind: "SLIDING",
        rows: 3,
        cols: 3,
        start: [1, 2, 3, 4, 5, 6, 0, 7, 8],
        title: "  two moves  ",
      },
    });
    expect(p).toMatchObject({
      kind: "SLIDING",
      rows: 3,
      cols: 3,
      start: [1, 2, 3, 4, 5, 6, 0, 7, 8],
      goal: [1, 2, 3, 4, 5, 6, 7, 8, 0],
      title: "two moves",
      solvable: true,
      owner: owner.user,
    });
    const row = await api.server.app.prisma.puzzle.findUniqueOrThrow({ where: { id: Number(p.id) } });
    expect(row.canonicalKey).toBe("S3x3:1,2,3,4,5,6,0,7,8:1,2,3,4,5,6,7,8,0");
  });

  it("marks an unsolvable sliding puzzle (two tiles swapped) and a rectangular one", async () => {
    const swapped = await owner.client.data(CREATE, {
      input: { kind: "SLIDING", rows: 3, cols: 3, start: [2, 1, 3, 4, 5, 6, 7, 8, 0] },
    });
    expect(swapped.createPuzzle.solvable).toBe(false);
    const wide = await owner.client.data(CREATE, {
      input: { kind: "SLIDING", rows: 2, cols: 3, start: [1, 2, 3, 4, 0, 5], goal: [1, 2, 3, 4, 5, 0] },
    });
    expect(wide.createPuzzle).toMatchObject({ rows: 2, cols: 3, solvable: true, title: null });
  });

  it("stores a Rotation Game board without size or goal", async () => {
    const { createPuzzle: p } = await owner.client.data(CREATE, {
      input: { kind: "ROTATION", start: ROTATION_START },
    });
    expect(p).toMatchObject({
      kind: "ROTATION",
      rows: null,
      cols: null,
      goal: null,
      solvable: true,
      start: ROTATION_START,
    });
  });

  it("gives identical puzzles of different users the same canonical key", async () => {
    const other = await api.client().signUp();
    const input = { kind: "SLIDING", rows: 2, cols: 2, start: [0, 1, 3, 2] };
    const a = (await owner.client.data(CREATE, { input })).createPuzzle;
    const b = (await other.client.data(CREATE, { input })).createPuzzle;
    const rows = await api.server.app.prisma.puzzle.findMany({
      where: { id: { in: [Number(a.id), Number(b.id)] } },
    });
    expect(rows).toHaveLength(2);
    expect(rows[0].canonicalKey).toBe(rows[1].canonicalKey);
  });

  it("is readable by anyone with puzzle(id), and unknown ids give null", async () => {
    const { createPuzzle: p } = await owner.client.data(CREATE, {
      input: { kind: "SLIDING", rows: 2, cols: 2, start: [1, 2, 0, 3] },
    });
    expect(
      (await api.client().data(`query ($id: ID!) { puzzle(id: $id) { ${PUZZLE_FIELDS} } }`, { id: p.id }))
        .puzzle,
    ).toEqual(p);
    expect((await api.client().data(`{ puzzle(id: "999999999") { id } }`)).puzzle).toBeNull();
  });
});

describe("validation errors name the field", () => {
  const sliding = (over: Record<string, unknown>) => ({
    kind: "SLIDING",
    rows: 2,
    cols: 2,
    start: [1, 2, 3, 0],
    ...over,
  });
  const cases: [string, Record<string, unknown>, string, string][] = [
    ["rows below 2", sliding({ rows: 1, start: [1, 0] }), "rows", "from 2 to 5"],
    ["rows above 5", sliding({ rows: 6, cols: 2 }), "rows", "from 2 to 5"],
    ["cols above 5", sliding({ cols: 7 }), "cols", "from 2 to 5"],
    ["rows missing", { kind: "SLIDING", cols: 2, start: [1, 2, 3, 0] }, "rows", "required"],
    ["cols missing", { kind: "SLIDING", rows: 2, start: [1, 2, 3, 0] }, "cols", "required"],
    ["too few tiles", sliding({ start: [1, 2, 0] }), "start", "expected 4"],
    ["a repeated tile", sliding({ start: [1, 1, 2, 0] }), "start", "repeats tile 1"],
    ["a tile out of range", sliding({ start: [1, 2, 9, 0] }), "start", "out of range"],
    ["a negative tile", sliding({ start: [1, 2, -3, 0] }), "start", "out of range"],
    ["a goal with a repeated tile", sliding({ goal: [1, 2, 2, 0] }), "goal", "repeats tile 2"],
    ["a goal of the wrong size", sliding({ goal: [1, 2, 3, 4, 0] }), "goal", "expected 4"],
    [
      "a rotation board of 23 cells",
      { kind: "ROTATION", start: ROTATION_START.slice(1) },
      "start",
      "24 cells",
    ],
    [
      "a rotation board without eight of each symbol",
      { kind: "ROTATION", start: [2, ...ROTATION_START.slice(1)] },
      "start",
      "expected 8",
    ],
    [
      "a rotation board with a symbol out of range",
      { kind: "ROTATION", start: [4, ...ROTATION_START.slice(1)] },
      "start",
      "out of range",
    ],
    [
      "a rotation board with a goal",
      { kind: "ROTATION", start: ROTATION_START, goal: ROTATION_START },
      "goal",
      "no goal",
    ],
    [
      "a rotation board with rows",
      { kind: "ROTATION", rows: 3, start: ROTATION_START },
      "rows",
      "fixed shape",
    ],
    [
      "a rotation board with cols",
      { kind: "ROTATION", cols: 3, start: ROTATION_START },
      "cols",
      "fixed shape",
    ],
    ["a title over 200 characters", sliding({ title: "x".repeat(201) }), "title", "at most 200"],
  ];

  it.each(cases)("refuses %s", async (_, input, field, message) => {
    const before = await api.server.app.prisma.puzzle.count();
    const error = await owner.client.error(CREATE, { input });
    expect(error.extensions).toMatchObject({ code: "BAD_USER_INPUT", field });
    expect(error.message).toContain(message);
    expect(await api.server.app.prisma.puzzle.count()).toBe(before);
  });

  it.each([
    ["first = 0", { first: 0 }, "first"],
    ["first = 101", { first: 101 }, "first"],
    ["a foreign cursor", { after: "bm90LWEtY3Vyc29y" }, "after"],
    ["a cursor of the wrong shape", { after: Buffer.from('["x"]').toString("base64url") }, "after"],
  ])("refuses puzzles(%s)", async (_, args, field) => {
    const error = await api
      .client()
      .error(
        `query ($first: Int, $after: String) { puzzles(first: $first, after: $after) { edges { cursor } } }`,
        args,
      );
    expect(error.extensions).toMatchObject({ code: "BAD_USER_INPUT", field });
  });

  it("refuses puzzle(id) with an id that is not one", async () => {
    const error = await api.client().error(`{ puzzle(id: "abc") { id } }`);
    expect(error.extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "id" });
  });
});

describe("pagination", () => {
  const PAGE = `query ($first: Int, $after: String, $kind: PuzzleKind, $owner: String) {
    puzzles(first: $first, after: $after, kind: $kind, ownerName: $owner) {
      edges { cursor node { id kind } }
      pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
    }
  }`;

  async function collect(client: GraphQLClient, vars: Record<string, unknown>, first: number) {
    const ids: string[] = [];
    const sizes: number[] = [];
    let after: string | null = null;
    for (let guard = 0; guard < 50; guard++) {
      const { puzzles }: { puzzles: any } = await client.data(PAGE, { ...vars, first, after });
      ids.push(...puzzles.edges.map((e: { node: { id: string } }) => e.node.id));
      sizes.push(puzzles.edges.length);
      expect(puzzles.pageInfo.endCursor).toBe(puzzles.edges.at(-1)?.cursor ?? null);
      expect(puzzles.pageInfo.hasPreviousPage).toBe(after !== null);
      if (!puzzles.pageInfo.hasNextPage) break;
      after = puzzles.pageInfo.endCursor;
    }
    return { ids, sizes };
  }

  it("walks every page newest first with no duplicates or gaps, filtered by owner and kind", async () => {
    const author = await api.client().signUp();
    const created: { id: string; kind: string }[] = [];
    for (let i = 0; i < 23; i++) {
      const input =
        i % 4 === 3
          ? { kind: "ROTATION", start: ROTATION_START }
          : { kind: "SLIDING", rows: 2, cols: 2, start: [1, 2, 3, 0] };
      created.push(
        (
          await author.client.data(
            `mutation ($input: CreatePuzzleInput!) { createPuzzle(input: $input) { id kind } }`,
            { input },
          )
        ).createPuzzle,
      );
    }
    const newestFirst = created.map((p) => p.id).reverse();

    const all = await collect(api.client(), { owner: author.user.name }, 10);
    expect(all.sizes).toEqual([10, 10, 3]);
    expect(all.ids).toEqual(newestFirst);

    const rotation = await collect(api.client(), { owner: author.user.name, kind: "ROTATION" }, 2);
    expect(rotation.ids).toEqual(
      created
        .filter((p) => p.kind === "ROTATION")
        .map((p) => p.id)
        .reverse(),
    );
    expect(new Set(rotation.ids).size).toBe(rotation.ids.length);

    const exact = await collect(api.client(), { owner: author.user.name }, 23);
    expect(exact.sizes).toEqual([23]);

    const viaUser = await api
      .client()
      .data(
        `query ($n: String!) { user(name: $n) { puzzles(first: 100) { edges { node { id } } pageInfo { hasNextPage } } } }`,
        {
          n: author.user.name,
        },
      );
    expect(viaUser.user.puzzles.edges.map((e: { node: { id: string } }) => e.node.id)).toEqual(newestFirst);
    expect(viaUser.user.puzzles.pageInfo.hasNextPage).toBe(false);
  });

  it("continues after the cursor even when newer puzzles arrive between pages", async () => {
    const author = await api.client().signUp();
    const input = { kind: "SLIDING", rows: 2, cols: 2, start: [1, 2, 0, 3] };
    const create = async () =>
      (
        await author.client.data(
          `mutation ($input: CreatePuzzleInput!) { createPuzzle(input: $input) { id } }`,
          { input },
        )
      ).createPuzzle.id as string;
    const older: string[] = [];
    for (let i = 0; i < 6; i++) older.push(await create());
    const first = (await api.client().data(PAGE, { owner: author.user.name, first: 3 })).puzzles;
    for (let i = 0; i < 4; i++) await create();
    const second = (
      await api.client().data(PAGE, { owner: author.user.name, first: 3, after: first.pageInfo.endCursor })
    ).puzzles;
    const seen = [...first.edges, ...second.edges].map((e: { node: { id: string } }) => e.node.id);
    expect(seen).toEqual([...older].reverse());
    expect(second.pageInfo.hasNextPage).toBe(false);
  });

  it("answers an empty connection for an owner who does not exist", async () => {
    const { puzzles } = await api.client().data(PAGE, { owner: "nobody-at-all-here", first: 5 });
    expect(puzzles).toEqual({
      edges: [],
      pageInfo: { hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null },
    });
  });

  it("defaults to 20 per page across all owners", async () => {
    const { puzzles } = await api.client().data(PAGE, {});
    expect(puzzles.edges.length).toBe(20);
    const ids = puzzles.edges.map((e: { node: { id: string } }) => Number(e.node.id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });
});
