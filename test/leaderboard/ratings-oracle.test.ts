// The numbers a player sees, checked over the real API (HTTP and WebSocket, Postgres, Redis) against
// what was played: every rated game replays through the rating core from the ratings before it; the
// player's history is that chain, newest first, and ends at the rating their profile shows; games made
// before a proof are rated when the proof is announced, once, in submission order, even with two API
// processes; leaderboard pages neither repeat nor skip entries while others submit; ties (length and
// time) are ordered and ranked as docs/leaderboards.md says, the same on every page size; and every
// place that shows a rank or a count shows the same one.
import { afterEach, describe, expect, it } from "vitest";
import type { Client } from "graphql-ws";
import { DEFAULT_RATING, rateGame, solutionScore } from "../../src/core/rating/index.ts";
import { LEADERBOARD_CHANGED } from "../../src/services/leaderboard.ts";
import { SOLVE_FINISHED_TOPIC, solveToMessage } from "../../src/solves/contracts.ts";
import type { GraphQLClient } from "../helpers/graphql.ts";
import { startTestServer, useTestServer } from "../helpers/server.ts";
import { subscribe, waitForSubscribers, wsClient } from "../helpers/ws.ts";
import {
  LEADERBOARD,
  ONE_STEP,
  type PuzzleFixture,
  allEntries,
  createPuzzle,
  proveOptimum,
  submit,
} from "./fixtures.ts";
import { puzzleStart } from "./puzzle-start.ts";

const api = useTestServer();
const sockets: Client[] = [];

afterEach(async () => {
  for (const socket of sockets.splice(0)) await socket.dispose();
});

/**
 * A 4x4 two moves from its goal, a different board each call (its goal's tiles rotated, then two of
 * them swapped, unlike ratings.test.ts's), so that its optimum stays unknown until this test proves
 * it: no worker runs.
 */
let boards = 0;
function near4x4(): PuzzleFixture {
  const k = boards++;
  const tiles = Array.from({ length: 15 }, (_, i) => ((i + k) % 15) + 1);
  const swap = 2 + (Math.floor(k / 15) % 10);
  [tiles[swap], tiles[swap + 1]] = [tiles[swap + 1], tiles[swap]];
  const goal = [...tiles, 0];
  const start = [...tiles.slice(0, 13), 0, tiles[13], tiles[14]];
  return {
    input: { kind: "SLIDING", rows: 4, cols: 4, start, goal },
    optimum: 2,
    solutions: { 2: "RR", 4: "RLRR", 6: "RLRLRR" },
  };
}

interface Player {
  readonly name: string;
  readonly id: number;
  readonly client: GraphQLClient;
}

async function players(count: number): Promise<Player[]> {
  const signedUp: Player[] = [];
  for (let i = 0; i < count; i++) {
    const { user, client } = await api.client().signUp();
    signedUp.push({ name: user.name, id: Number(user.id), client });
  }
  return signedUp;
}

/** Publishes what a worker announces when it stores an optimal result for the puzzle's platform Solve. */
async function proveThroughPipeline(puzzleId: string, optimum: number, moves: string, times = 1) {
  const prisma = api.server.app.prisma;
  const [own] = await prisma.solve.findMany({ where: { puzzleId: Number(puzzleId), requestedById: null } });
  expect(own?.status).toBe("QUEUED");
  const solved = await prisma.solve.update({
    where: { id: own.id },
    data: {
      status: "SOLVED",
      moves,
      length: optimum,
      optimal: true,
      lowerBound: optimum,
      finishedAt: new Date(),
    },
  });
  for (let i = 0; i < times; i++)
    await api.server.app.events.publish(SOLVE_FINISHED_TOPIC, { solves: [solveToMessage(solved)] });
}

async function waitFor<T>(read: () => Promise<T | undefined>, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const PROFILE = `query ($u: String!) {
  user(name: $u) {
    rating { value deviation volatility games }
    stats { submissions optimalSolutions }
    ratingHistory(first: 100) { puzzle { id } length optimum score ratingBefore ratingAfter playedAt }
  }
}`;

const PUZZLE_RATING = `query ($p: ID!) { puzzle(id: $p) { optimalLength rating { value deviation volatility games } } }`;

const TOP_RATED = `query ($after: String) {
  topSolvers(orderBy: RATING, first: 7, after: $after) {
    edges { node { rank optimalSolutions user { name rating { value } } } }
    pageInfo { hasNextPage endCursor }
  }
}`;

async function walk(query: string, field: string, variables: Record<string, unknown> = {}) {
  const nodes: any[] = [];
  let after: string | null = null;
  for (let pages = 0; pages < 200; pages++) {
    const page: any = (await api.client().data(query, { ...variables, after }))[field];
    nodes.push(...page.edges.map((edge: any) => edge.node));
    if (!page.pageInfo.hasNextPage) return nodes;
    after = page.pageInfo.endCursor;
  }
  throw new Error("too many pages");
}

describe("rated games replay through the rating core", () => {
  it("every game, every history and every profile: what was played, in the order it was rated", async () => {
    const prisma = api.server.app.prisma;
    const [owner, ...field] = await players(6);
    const proven: string[] = [];
    for (let i = 0; i < 4; i++) {
      const board = near4x4();
      const id = await createPuzzle(owner.client, board);
      await proveOptimum(api.server.app, id, board);
      proven.push(id);
    }
    const lateBoard = near4x4();
    const late = await createPuzzle(owner.client, lateBoard);
    const lengths = [2, 4, 6];
    const firsts = new Map<string, { submission: string; length: number }>();
    const play = async (player: Player, puzzleId: string, length: number) => {
      const submitted = await submit(player.client, puzzleId, lateBoard.solutions[length]);
      const key = `${player.id}:${puzzleId}`;
      if (!firsts.has(key)) firsts.set(key, { submission: submitted.id, length });
      return submitted;
    };

    // Before the late puzzle is proven: games on it wait; later, better submissions are not games.
    for (const [i, player] of field.entries()) {
      expect((await play(player, late, lengths[(i + 1) % 3])).optimal).toBeNull();
    }
    await play(field[1], late, 2);
    // Each player plays the proven puzzles at once (concurrent games of one player and of one puzzle).
    await Promise.all(
      field.map((player, i) => Promise.all(proven.map((id, j) => play(player, id, lengths[(i + j) % 3])))),
    );
    // Worse and better resubmissions change no rating.
    await Promise.all(field.map((player, i) => play(player, proven[i % 4], 6)));
    await Promise.all(field.map((player, i) => play(player, proven[i % 4], 2)));
    await proveThroughPipeline(late, 2, "RR");
    await waitFor(async () => {
      const count = await prisma.ratedGame.count({ where: { puzzleId: Number(late) } });
      return count === field.length ? count : undefined;
    });

    const games = await prisma.ratedGame.findMany({ orderBy: { submissionId: "asc" } });
    const mine = games.filter((game) => firsts.has(`${game.userId}:${game.puzzleId}`));
    // One game per first submission, with its length, scored against the optimum.
    expect(mine).toHaveLength(firsts.size);
    for (const game of mine) {
      const first = firsts.get(`${game.userId}:${game.puzzleId}`)!;
      expect(game).toMatchObject({
        submissionId: Number(first.submission),
        length: first.length,
        optimum: 2,
        score: solutionScore(first.length, 2),
        unrated: false,
      });
    }

    // Each puzzle's games chain from 1500: every game starts where another ended (none lost, none
    // counted twice). The late puzzle's, rated in one run after the proof, in submission order.
    for (const puzzleId of [...proven, late]) {
      const games = mine.filter((game) => game.puzzleId === Number(puzzleId));
      expect(games).toHaveLength(field.length);
      const chain: typeof games = [];
      let current = puzzleStart(lateBoard).value; // every near4x4 board: a 4x4 two moves from its goal
      while (chain.length < games.length) {
        const next = games.find((game) => game.puzzleBefore === current && !chain.includes(game));
        expect(next, `a game of puzzle ${puzzleId} starts at ${current}`).toBeDefined();
        chain.push(next!);
        current = next!.puzzleAfter;
      }
      if (puzzleId === late) expect(chain).toEqual(games);
      const { puzzle: read } = await api.client().data(PUZZLE_RATING, { p: puzzleId });
      expect(read.optimalLength).toBe(2);
      expect(read.rating).toMatchObject({ value: current, games: field.length });
    }

    // Replay everything in the order the games were rated: the history of each player (newest
    // first, so reversed) and the chain of each puzzle must agree, and each game is rateGame's.
    const profiles = new Map<number, any>();
    for (const player of field) {
      const { user } = await api.client().data(PROFILE, { u: player.name });
      profiles.set(player.id, user);
      const history = [...user.ratingHistory].reverse();
      expect(history).toHaveLength(proven.length + 1);
      expect(user.rating.games).toBe(history.length);
      expect(history[0].ratingBefore).toBe(DEFAULT_RATING.value);
      for (let i = 1; i < history.length; i++) {
        expect(history[i].ratingBefore).toBe(history[i - 1].ratingAfter);
        expect(Date.parse(history[i].playedAt)).toBeGreaterThan(Date.parse(history[i - 1].playedAt));
      }
      expect(history.at(-1).ratingAfter).toBe(user.rating.value);
      // The late puzzle was rated last: its proof came after every other game.
      expect(history.at(-1).puzzle.id).toBe(late);
      for (const point of history) {
        const first = firsts.get(`${player.id}:${point.puzzle.id}`)!;
        expect(point).toMatchObject({
          length: first.length,
          optimum: 2,
          score: solutionScore(first.length, 2),
        });
      }
    }
    // Full state replay: walk the games in the order they were played (each puzzle's chain and
    // each player's history both impose it) and recompute every rating with the core.
    const ratings = new Map<string, { value: number; deviation: number; volatility: number }>();
    const pending = [...mine];
    const rated: typeof mine = [];
    while (pending.length > 0) {
      const next = pending.findIndex((game) => {
        const player = ratings.get(`u${game.userId}`) ?? DEFAULT_RATING;
        const puzzle = ratings.get(`p${game.puzzleId}`) ?? puzzleStart(lateBoard);
        return game.playerBefore === player.value && game.puzzleBefore === puzzle.value;
      });
      expect(next, "some game must start where both of its sides stand").toBeGreaterThanOrEqual(0);
      const [game] = pending.splice(next, 1);
      const player = ratings.get(`u${game.userId}`) ?? DEFAULT_RATING;
      const puzzle = ratings.get(`p${game.puzzleId}`) ?? puzzleStart(lateBoard);
      const result = rateGame(player, puzzle, game.score);
      expect(game.playerAfter).toBe(result.player.value);
      expect(game.puzzleAfter).toBe(result.puzzle.value);
      ratings.set(`u${game.userId}`, result.player);
      ratings.set(`p${game.puzzleId}`, result.puzzle);
      rated.push(game);
    }
    for (const player of field) {
      const shown = profiles.get(player.id).rating;
      const replayed = ratings.get(`u${player.id}`)!;
      expect(shown).toMatchObject({
        value: replayed.value,
        deviation: replayed.deviation,
        volatility: replayed.volatility,
      });
      expect(shown.value).toBeGreaterThanOrEqual(400);
      expect(Number.isFinite(shown.deviation)).toBe(true);
    }
    for (const puzzleId of [...proven, late]) {
      const { puzzle } = await api.client().data(PUZZLE_RATING, { p: puzzleId });
      const replayed = ratings.get(`p${puzzleId}`)!;
      expect(puzzle.rating).toMatchObject({
        value: replayed.value,
        deviation: replayed.deviation,
        volatility: replayed.volatility,
      });
    }

    // A re-read shows the same numbers.
    for (const player of field) {
      expect((await api.client().data(PROFILE, { u: player.name })).user).toEqual(profiles.get(player.id));
    }

    // topSolvers(orderBy: RATING) shows the profile's rating, and its rank is 1 + the players above.
    const listed = await walk(TOP_RATED, "topSolvers");
    expect(new Set(listed.map((row) => row.user.name)).size).toBe(listed.length);
    for (const [i, row] of listed.entries()) {
      const above = listed.filter((other) => other.user.rating.value > row.user.rating.value).length;
      expect(row.rank).toBe(above + 1);
      if (i > 0) expect(row.user.rating.value).toBeLessThanOrEqual(listed[i - 1].user.rating.value);
    }
    for (const player of field) {
      const row = listed.find((r) => r.user.name === player.name);
      expect(row?.user.rating.value).toBe(profiles.get(player.id).rating.value);
      expect(row?.optimalSolutions).toBe(profiles.get(player.id).stats.optimalSolutions);
    }
  });

  it("one player's concurrent games: the history follows the rating, link by link, to the profile", async () => {
    // The history used to be ordered by the games' transaction start (played_at = now()): games of
    // one player that ran at once took the player's lock in another order, so the newest entry's
    // "after" was not the profile's rating and neighbours did not chain.
    const [owner, player] = await players(2);
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      const board = near4x4();
      const id = await createPuzzle(owner.client, board);
      await proveOptimum(api.server.app, id, board);
      ids.push(id);
    }
    await Promise.all(ids.map((id, i) => submit(player.client, id, i % 3 === 0 ? "RLRR" : "RR")));
    const { user } = await api.client().data(PROFILE, { u: player.name });
    const history = user.ratingHistory;
    expect(history).toHaveLength(12);
    expect(user.rating.games).toBe(12);
    expect(history[0].ratingAfter).toBe(user.rating.value);
    for (let i = 0; i + 1 < history.length; i++) {
      expect(history[i].ratingBefore).toBe(history[i + 1].ratingAfter);
      expect(Date.parse(history[i].playedAt)).toBeGreaterThan(Date.parse(history[i + 1].playedAt));
    }
    expect(history.at(-1).ratingBefore).toBe(DEFAULT_RATING.value);
  });
});

describe("games made before the proof", () => {
  it("are rated when the proof is announced, once, in submission order, with two API processes", async () => {
    const prisma = api.server.app.prisma;
    const second = await startTestServer({
      env: { DATABASE_URL: api.config.databaseUrl, REDIS_PREFIX: api.config.redisPrefix },
    });
    try {
      const [owner, a, b, c] = await players(4);
      const board = near4x4();
      const puzzleId = await createPuzzle(owner.client, board);
      const bClient = second.client(b.client.token);
      const firstA = await submit(a.client, puzzleId, "RLRLRR");
      const firstB = await submit(bClient, puzzleId, "RLRR");
      await submit(a.client, puzzleId, "RR"); // a's better one: their entry, not their game
      const firstC = await submit(c.client, puzzleId, "RR");
      for (const first of [firstA, firstB, firstC]) expect(first.optimal).toBeNull();
      expect(await prisma.ratedGame.count({ where: { puzzleId: Number(puzzleId) } })).toBe(0);

      // Announced twice; both API processes hear it.
      await proveThroughPipeline(puzzleId, 2, "RR", 2);
      const games = await waitFor(async () => {
        const rows = await prisma.ratedGame.findMany({
          where: { puzzleId: Number(puzzleId) },
          orderBy: { submissionId: "asc" },
        });
        return rows.length === 3 ? rows : undefined;
      });
      await new Promise((resolve) => setTimeout(resolve, 300)); // nothing more may come
      expect(await prisma.ratedGame.count({ where: { puzzleId: Number(puzzleId) } })).toBe(3);
      expect(games.map((g) => [g.userId, g.submissionId, g.length, g.score])).toEqual([
        [a.id, Number(firstA.id), 6, solutionScore(6, 2)],
        [b.id, Number(firstB.id), 4, 0.25],
        [c.id, Number(firstC.id), 2, 1],
      ]);
      // Submission order is rating order: each starts where the previous one left the puzzle.
      expect(games[0].puzzleBefore).toBe(puzzleStart(board).value);
      expect(games[1].puzzleBefore).toBe(games[0].puzzleAfter);
      expect(games[2].puzzleBefore).toBe(games[1].puzzleAfter);
      expect(
        await prisma.puzzleStats.findUniqueOrThrow({ where: { puzzleId: Number(puzzleId) } }),
      ).toMatchObject({ players: 3, ratedGames: 3, unratedGames: 0, rating: games[2].puzzleAfter });

      // Both processes now show the same: optimal known, ranks and ratings.
      const MINE = `query ($p: ID!) { puzzle(id: $p) { optimalLength rating { value games } myBest { length optimal rank } } }`;
      const fromFirst = await a.client.data(MINE, { p: puzzleId });
      const fromSecond = await second.client(a.client.token).data(MINE, { p: puzzleId });
      expect(fromFirst).toEqual(fromSecond);
      expect(fromFirst.puzzle).toMatchObject({
        optimalLength: 2,
        rating: { value: games[2].puzzleAfter, games: 3 },
        myBest: { length: 2, optimal: true, rank: 1 },
      });
      const board2 = (await api.client().data(LEADERBOARD, { p: puzzleId })).leaderboard;
      expect(
        board2.edges.map((e: any) => [e.node.rank, e.node.length, e.node.optimal, e.node.user.name]),
      ).toEqual([
        [1, 2, true, a.name], // a's 2 came before c's
        [1, 2, true, c.name],
        [3, 4, false, b.name],
      ]);
    } finally {
      await second.close();
    }
  });

  it("a puzzle whose start is its goal is never rated, and its solvers stay unrated", async () => {
    const [owner, player] = await players(2);
    const solved: PuzzleFixture = {
      input: { kind: "SLIDING", rows: 3, cols: 3, start: [1, 2, 3, 4, 5, 6, 7, 8, 0] },
      optimum: 0,
      solutions: { 0: "", 2: "LR" },
    };
    const puzzleId = await createPuzzle(owner.client, solved);
    const submitted = await submit(player.client, puzzleId, "LR");
    expect(submitted.optimal).toBe(false);
    const { user } = await api.client().data(PROFILE, { u: player.name });
    expect(user.rating).toBeNull();
    expect(user.ratingHistory).toEqual([]);
    expect((await api.client().data(PUZZLE_RATING, { p: puzzleId })).puzzle).toEqual({
      optimalLength: 0,
      rating: null,
    });
    // Its game is settled (unrated), not pending for ever: before, every later submission read it again.
    const stats = await api.server.app.prisma.puzzleStats.findUniqueOrThrow({
      where: { puzzleId: Number(puzzleId) },
    });
    expect(stats).toMatchObject({ players: 1, ratedGames: 0, unratedGames: 1 });
  });
});

describe("leaderboard pages", () => {
  it("while others submit and improve: no entry twice, none skipped that stayed put, in order", async () => {
    const everyone = await players(30);
    const puzzleId = await createPuzzle(everyone[0].client, ONE_STEP);
    const initial = everyone.slice(0, 16);
    const newcomers = everyone.slice(16);
    const lengths = [7, 3, 5, 5, 7, 1, 3, 7, 5, 3, 7, 7, 5, 3, 1, 5];
    for (const [i, player] of initial.entries())
      await submit(player.client, puzzleId, ONE_STEP.solutions[lengths[i]]);
    // These improve while the walk runs; the others of `initial` never move.
    const improving = new Set([initial[0].name, initial[4].name, initial[8].name, initial[11].name]);

    const seen: any[] = [];
    let after: string | null = null;
    let step = 0;
    for (;;) {
      const [page] = await Promise.all([
        api.client().data(LEADERBOARD, { p: puzzleId, first: 3, after }),
        (async () => {
          // Between and during page reads: a newcomer, an improvement, a resubmission of equal length.
          const newcomer = newcomers[step];
          if (newcomer !== undefined)
            await submit(newcomer.client, puzzleId, ONE_STEP.solutions[[1, 3, 5, 7][step % 4]]);
          const mover = initial[[0, 4, 8, 11][step % 4]];
          if (step < 8) await submit(mover.client, puzzleId, ONE_STEP.solutions[step < 4 ? 5 : 3]);
          await submit(initial[2].client, puzzleId, ONE_STEP.solutions[5]);
        })(),
      ]);
      const board: any = page.leaderboard;
      seen.push(...board.edges.map((edge: any) => edge.node));
      step += 1;
      if (!board.pageInfo.hasNextPage) break;
      after = board.pageInfo.endCursor;
      expect(step).toBeLessThan(50);
    }
    const names = seen.map((node) => node.user.name);
    expect(new Set(names).size).toBe(names.length);
    for (const player of initial)
      if (!improving.has(player.name)) expect(names, `${player.name} stayed put`).toContain(player.name);
    for (let i = 1; i < seen.length; i++) {
      const [p, q] = [seen[i - 1], seen[i]];
      expect(p.length < q.length || (p.length === q.length && p.submittedAt <= q.submittedAt)).toBe(true);
    }
    for (const newcomer of newcomers.slice(step))
      await submit(newcomer.client, puzzleId, ONE_STEP.solutions[7]);
    // At rest, every page size gives the same list, ranks 1 + the number of shorter entries.
    const whole = (await api.client().data(LEADERBOARD, { p: puzzleId, first: 100 })).leaderboard;
    expect(whole.totalEntries).toBe(everyone.length);
    const nodes = whole.edges.map((edge: any) => edge.node);
    for (const node of nodes)
      expect(node.rank).toBe(1 + nodes.filter((other: any) => other.length < node.length).length);
    for (const first of [1, 4, 7])
      expect((await allEntries(api.client(), puzzleId, first)).entries).toEqual(nodes);
  });

  it("ties of length and time: ranked together, listed by user id, the same on every page size", async () => {
    const group = await players(7);
    const puzzleId = await createPuzzle(group[0].client, ONE_STEP);
    const lengths = [3, 1, 3, 3, 1, 5, 3];
    for (const [i, player] of group.entries())
      await submit(player.client, puzzleId, ONE_STEP.solutions[lengths[i]]);
    // Same millisecond for everyone (what a busy puzzle gets by chance).
    await api.server.app.prisma.$executeRaw`
      UPDATE leaderboard_entries SET created_at = '2026-06-01T12:00:00.007Z' WHERE puzzle_id = ${Number(puzzleId)}`;
    const lengthOf = (player: Player) => lengths[group.indexOf(player)];
    const expected = [...group]
      .sort((x, y) => lengthOf(x) - lengthOf(y) || x.id - y.id)
      .map((p) => [1 + group.filter((o) => lengthOf(o) < lengthOf(p)).length, lengthOf(p), p.name]);
    const whole = (await api.client().data(LEADERBOARD, { p: puzzleId, first: 100 })).leaderboard;
    expect(whole.edges.map((e: any) => [e.node.rank, e.node.length, e.node.user.name])).toEqual(expected);
    expect(expected.map(([rank]) => rank)).toEqual([1, 1, 3, 3, 3, 3, 7]);
    for (const first of [1, 2, 3, 6]) {
      const paged = await allEntries(api.client(), puzzleId, first);
      expect(paged.entries.map((e) => [e.rank, e.length, e.user.name])).toEqual(expected);
      expect(new Set(paged.cursors).size).toBe(group.length);
    }
  });
});

describe("one rank wherever it is shown", () => {
  const RANKS = `query ($p: ID!) {
    puzzle(id: $p) { myBest { id length rank } leaderboard(first: 10) { edges { node { rank length user { name } } } } }
    me { name submissions(first: 10) { edges { node { id length rank puzzle { id } } } } }
  }`;

  it("leaderboard, myBest, the player's submissions and leaderboardChanged agree, ties included", async () => {
    const group = await players(5);
    const puzzleId = await createPuzzle(group[0].client, ONE_STEP);
    const socket = wsClient(api.wsUrl);
    sockets.push(socket);
    const feed = subscribe(
      socket,
      `subscription ($p: ID!) { leaderboardChanged(puzzleId: $p) { rank length user { name } } }`,
      {
        p: puzzleId,
      },
    );
    await waitForSubscribers(api.server.app.redis, api.server.app.events.channel(LEADERBOARD_CHANGED));
    const plan: [number, number][] = [
      [0, 5],
      [1, 3],
      [2, 3],
      [3, 7],
      [4, 1],
      [3, 3],
      [0, 7], // not a best: no event, rank where 7 would stand
    ];
    for (const [who, length] of plan) {
      const submitted = await submit(group[who].client, puzzleId, ONE_STEP.solutions[length]);
      const data = await group[who].client.data(RANKS, { p: puzzleId });
      const row = data.puzzle.leaderboard.edges.find((e: any) => e.node.user.name === group[who].name).node;
      // The submission's own rank: 1 + other players strictly shorter.
      expect(submitted.rank).toBe(
        1 +
          data.puzzle.leaderboard.edges.filter(
            (e: any) => e.node.user.name !== group[who].name && e.node.length < length,
          ).length,
      );
      expect(data.puzzle.myBest).toMatchObject({ length: row.length, rank: row.rank });
      const own = data.me.submissions.edges
        .map((e: any) => e.node)
        .filter((n: any) => n.puzzle.id === puzzleId);
      expect(own.find((n: any) => n.id === data.puzzle.myBest.id)?.rank).toBe(row.rank);
      if (length < 7 || who !== 0) {
        const event = (await feed.next()).data?.leaderboardChanged;
        expect(event).toEqual({ rank: row.rank, length: row.length, user: { name: group[who].name } });
      }
    }
    const final = (await api.client().data(LEADERBOARD, { p: puzzleId })).leaderboard;
    expect(final.edges.map((e: any) => [e.node.rank, e.node.length])).toEqual([
      [1, 1],
      [2, 3],
      [2, 3],
      [2, 3],
      [5, 5],
    ]);
    await feed.stop();
  });

  it("topSolvers: ties share a rank, are listed by user id and page the same; counts match the profile", async () => {
    const group = await players(4);
    const puzzles: string[] = [];
    for (const fixture of [ONE_STEP, { ...ONE_STEP, input: { ...ONE_STEP.input, title: "copy" } }]) {
      const id = await createPuzzle(group[0].client, fixture);
      await proveOptimum(api.server.app, id, ONE_STEP);
      puzzles.push(id);
    }
    // Two players equal on both counts (1 optimal, 2 excess), one ahead, one behind.
    await submit(group[0].client, puzzles[0], "R");
    await submit(group[0].client, puzzles[1], "R");
    await submit(group[1].client, puzzles[0], "R");
    await submit(group[1].client, puzzles[1], "LRR");
    await submit(group[2].client, puzzles[1], "R");
    await submit(group[2].client, puzzles[0], "LRR");
    await submit(group[3].client, puzzles[0], "LRLRLRR");
    const TOP = `query ($after: String) { topSolvers(first: 1, after: $after) {
      edges { node { rank optimalSolutions excessMoves puzzlesSolved user { name stats { optimalSolutions } } } }
      pageInfo { hasNextPage endCursor } } }`;
    const rows = (await walk(TOP, "topSolvers")).filter((row) => group.some((p) => p.name === row.user.name));
    const names = rows.map((row) => row.user.name);
    const [low, high] = [group[1], group[2]].sort((x, y) => x.id - y.id);
    expect(names).toEqual([group[0].name, low.name, high.name, group[3].name]);
    expect(rows.map((row) => [row.optimalSolutions, row.excessMoves, row.puzzlesSolved])).toEqual([
      [2, 0, 2],
      [1, 2, 2],
      [1, 2, 2],
      [0, 6, 1],
    ]);
    expect(rows[1].rank).toBe(rows[2].rank);
    expect(rows[2].rank).toBeGreaterThan(rows[0].rank);
    for (const row of rows) expect(row.user.stats.optimalSolutions).toBe(row.optimalSolutions);
  });

  it("topSolvers(orderBy: RATING): equal ratings share a rank and page by user id", async () => {
    // A newcomer's optimal solution of a newcomer puzzle: the same rating for each of them.
    const [owner, ...group] = await players(4);
    let board = near4x4();
    for (const player of group) {
      board = near4x4();
      const id = await createPuzzle(owner.client, board);
      await proveOptimum(api.server.app, id, board);
      await submit(player.client, id, "RR");
    }
    const TOP = `query ($after: String) { topSolvers(orderBy: RATING, first: 1, after: $after) {
      edges { node { rank user { name rating { value } } } } pageInfo { hasNextPage endCursor } } }`;
    const all = await walk(TOP, "topSolvers");
    expect(new Set(all.map((row) => row.user.name)).size).toBe(all.length);
    const rows = all.filter((row) => group.some((p) => p.name === row.user.name));
    expect(rows.map((row) => row.user.name)).toEqual(group.map((p) => p.name)); // signed up in id order
    const value = rateGame(DEFAULT_RATING, puzzleStart(board), 1).player.value;
    for (const row of rows) {
      expect(row.user.rating.value).toBe(value);
      expect(row.rank).toBe(1 + all.filter((other) => other.user.rating.value > value).length);
    }
  });
});
