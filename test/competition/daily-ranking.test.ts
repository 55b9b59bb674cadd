// A daily puzzle's leaderboard is the day's competition (docs/leaderboards.md, "A daily puzzle's day
// ranking"): DailyPuzzle.leaderboard ranks each player's best submission made before the day's end, so
// an entry made after it (the optimal moves public) pushes no day player down, and a day player's
// later, shorter submission does not replace their day entry; DailyPuzzle.players counts the same
// players. The puzzle's own leaderboard stays all-time. Also: the daily owner's puzzlesCreated counts
// only the dailies User.puzzles lists (not today's, still hidden). A real API server, no worker (3x3
// dailies are proven within `ensure`); "made during the day" is a submission whose time is set back into
// its day in SQL, as a submission of then would have it.
import { describe, expect, it } from "vitest";
import { tableSolution } from "../../src/core/sliding/table.ts";
import { madeAt, padded } from "../helpers/day-submissions.ts";
import { useTestServer } from "../helpers/server.ts";
import { LEADERBOARD } from "../leaderboard/fixtures.ts";
import { GOAL3 } from "./boards.ts";

const api = useTestServer();

const DAY = "2025-06-10";
const DAY_END = "2025-06-11T00:00:00.000Z";
const today = () => new Date().toISOString().slice(0, 10);

const DAILY_BOARD = `query ($d: String, $first: Int, $after: String) {
  dailyPuzzle(category: SLIDING_3X3, date: $d) {
    endsAt players puzzle { id start }
    leaderboard(first: $first, after: $after) {
      optimalLength totalEntries
      edges { cursor node { rank length submittedAt optimal user { name } } }
      pageInfo { hasNextPage endCursor }
    }
  }
}`;
const SUBMIT = `mutation ($p: ID!, $m: String!) { submitSolution(puzzleId: $p, moves: $m) { id length } }`;

interface Board {
  optimalLength: number | null;
  totalEntries: number;
  edges: {
    cursor: string;
    node: { rank: number; length: number; submittedAt: string; user: { name: string } };
  }[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
}

const rows = (board: Board) =>
  board.edges.map(({ node }) => [node.rank, node.user.name, node.length, node.submittedAt]);

describe("a daily puzzle's day ranking", () => {
  it("ranks the submissions made during the day only, each player's best of those", async () => {
    await api.server.app.services.daily.ensure(DAY, "SLIDING_3X3");
    const anonymous = api.client();
    const { dailyPuzzle } = await anonymous.data(DAILY_BOARD, { d: DAY });
    expect(dailyPuzzle.endsAt).toBe(DAY_END);
    const puzzleId: string = dailyPuzzle.puzzle.id;
    const optimal = tableSolution(3, 3, dailyPuzzle.puzzle.start, GOAL3) as string;
    const n = optimal.length;

    const players = new Map<string, ReturnType<typeof api.client>>();
    for (const name of ["alice", "bob", "carol", "dave", "erin"]) {
      const { token } = await anonymous.signUp(name);
      players.set(name, api.client(token));
    }
    const submit = async (name: string, moves: string, at?: string) => {
      const { submitSolution } = await players.get(name)!.data(SUBMIT, { p: puzzleId, m: moves });
      if (at !== undefined) await madeAt(api.server.app.prisma, submitSolution.id, at);
    };
    // During the day: alice and carol n+2 (alice first), bob n+4, erin n+6.
    await submit("alice", padded(dailyPuzzle.puzzle.start, 3, optimal, 1), `${DAY}T10:00:00.000Z`);
    await submit("bob", padded(dailyPuzzle.puzzle.start, 3, optimal, 2), `${DAY}T11:00:00.000Z`);
    await submit("carol", padded(dailyPuzzle.puzzle.start, 3, optimal, 1), `${DAY}T12:00:00.000Z`);
    await submit("erin", padded(dailyPuzzle.puzzle.start, 3, optimal, 3), `${DAY}T23:59:59.999Z`);
    // After the day, the optimal moves public: dave plays it for the first time, alice and erin again.
    await submit("dave", optimal);
    await submit("alice", optimal);
    await submit("erin", optimal);

    const day: Board = (await anonymous.data(DAILY_BOARD, { d: DAY, first: 10 })).dailyPuzzle.leaderboard;
    // Before: one board per puzzle, the late optimal entries ranked first over the day's players.
    expect(rows(day)).toEqual([
      [1, "alice", n + 2, `${DAY}T10:00:00.000Z`],
      [1, "carol", n + 2, `${DAY}T12:00:00.000Z`],
      [3, "bob", n + 4, `${DAY}T11:00:00.000Z`],
      [4, "erin", n + 6, `${DAY}T23:59:59.999Z`],
    ]);
    expect(day.totalEntries).toBe(4);
    expect(day.optimalLength).toBe(n);
    expect(day.edges.every(({ node }) => node.submittedAt < DAY_END)).toBe(true);

    // The day's players agree with the day ranking, here and in the archive.
    const again = (await anonymous.data(DAILY_BOARD, { d: DAY })).dailyPuzzle;
    expect(again.players).toBe(4);
    const archive = await anonymous.data(
      `{ dailyPuzzles(category: SLIDING_3X3, first: 5) { edges { node { date players } } } }`,
    );
    expect(archive.dailyPuzzles.edges.find((edge: any) => edge.node.date === DAY).node.players).toBe(4);

    // Pages continue the ranks.
    const first: Board = (await anonymous.data(DAILY_BOARD, { d: DAY, first: 2 })).dailyPuzzle.leaderboard;
    expect(rows(first).map(([rank, name]) => [rank, name])).toEqual([
      [1, "alice"],
      [1, "carol"],
    ]);
    expect(first.pageInfo.hasNextPage).toBe(true);
    expect(first.totalEntries).toBe(4);
    const second: Board = (
      await anonymous.data(DAILY_BOARD, { d: DAY, first: 2, after: first.pageInfo.endCursor })
    ).dailyPuzzle.leaderboard;
    expect(rows(second).map(([rank, name]) => [rank, name])).toEqual([
      [3, "bob"],
      [4, "erin"],
    ]);
    expect(second.pageInfo.hasNextPage).toBe(false);

    // The puzzle's own leaderboard is all-time, as before.
    const allTime = (await anonymous.data(LEADERBOARD, { p: puzzleId, first: 10 })).leaderboard;
    expect(allTime.totalEntries).toBe(5);
    expect(
      allTime.edges.map(({ node }: { node: { rank: number; user: { name: string } } }) => [
        node.rank,
        node.user.name,
      ]),
    ).toEqual([
      [1, "dave"],
      [1, "alice"],
      [1, "erin"],
      [4, "carol"],
      [5, "bob"],
    ]);
  });

  it("is every entry while the day runs, and players counts them", async () => {
    await api.server.app.services.daily.ensure(today(), "SLIDING_3X3");
    const anonymous = api.client();
    const { dailyPuzzle } = await anonymous.data(DAILY_BOARD, { d: today() });
    const optimal = tableSolution(3, 3, dailyPuzzle.puzzle.start, GOAL3) as string;
    for (const pairs of [1, 0]) {
      const { token } = await anonymous.signUp();
      await api.client(token).data(SUBMIT, {
        p: dailyPuzzle.puzzle.id,
        m: padded(dailyPuzzle.puzzle.start, 3, optimal, pairs),
      });
    }
    const now = (await anonymous.data(DAILY_BOARD, { d: today() })).dailyPuzzle;
    expect(now.players).toBe(2);
    expect(now.leaderboard.totalEntries).toBe(2);
    expect(now.leaderboard.edges.map((edge: any) => [edge.node.rank, edge.node.length])).toEqual([
      [1, optimal.length],
      [2, optimal.length + 2],
    ]);
  });
});

describe("the daily puzzles' owner", () => {
  it("counts in puzzlesCreated only the dailies User.puzzles lists, not today's hidden ones", async () => {
    const daily = api.server.app.services.daily;
    const past = await daily.ensure(DAY, "SLIDING_3X3");
    for (const category of ["SLIDING_3X3", "ROTATION"] as const) await daily.ensure(today(), category);
    const { user } = await api
      .client()
      .data(
        `{ user(name: "daily puzzle") { stats { puzzlesCreated } puzzles(first: 100) { edges { node { id } } } } }`,
      );
    const todays = await api.server.app.prisma.dailyPuzzle.findMany({
      where: { date: new Date(`${today()}T00:00:00Z`) },
    });
    expect(todays).toHaveLength(2);
    const listed: string[] = user.puzzles.edges.map((edge: { node: { id: string } }) => edge.node.id);
    for (const row of todays) expect(listed).not.toContain(String(row.puzzleId));
    // Before: every puzzle the account owns, today's running ones included (one more each).
    expect(user.stats.puzzlesCreated).toBe(listed.length);
    expect(listed).toEqual([String(past.puzzleId)]);
  });
});
