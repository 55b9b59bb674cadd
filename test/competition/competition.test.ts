// The competition against the real services: an API server, and in this process a worker's pipeline
// (solve worker with the 6-6-3 pattern databases, two competition workers, so two daily schedulers).
// Daily puzzles created once under two schedulers, the spoiler rule while a day runs and after it,
// the Solve.moves rule and unrated self-solved and hinted games, analyses checked against an independent BFS (3x3)
// and the solver's own proofs (4x4), hints that bring the goal one step closer, 5x5 refused.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPuzzle as coreCreatePuzzle, solve } from "../../src/core/index.ts";
import { tableSolution } from "../../src/core/sliding/table.ts";
import type { SlidingSpec } from "../../src/core/types.ts";
import { pdbDirectory } from "../../src/pdb-settings.ts";
import { loadPdb } from "../../src/pdb-store/store.ts";
import { DAILY_CATEGORIES, dailyBoard } from "../../src/services/daily-boards.ts";
import { nearKey, neighbourhood } from "../../src/core/neighbourhood.ts";
import { SPOILER_RADIUS } from "../../src/services/daily.ts";
import { isSlidingSolvable } from "../../src/core/sliding/solvability.ts";
import { createWorkerContainer, type WorkerContainer } from "../../workers/container.ts";
import { startCompetitionWorkers } from "../../workers/competition-workers.ts";
import { SolveWorker, workerSettings } from "../../workers/solve-worker.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { bfsDistances3x3, randomSolvable, randomWalk, applyMoves, GOAL3, GOAL4 } from "./boards.ts";
import { ANALYZE, CREATE } from "./operations.ts";

// The project's table store (or PDB_DIR): the worker below builds 6-6-3 there on first use.
const PDB_DIR = pdbDirectory();

let api: TestServer;
let containers: WorkerContainer[] = [];
let solveWorker: SolveWorker;
let competition: { close(): Promise<void> }[] = [];
let bfs: Map<string, number>;

beforeAll(async () => {
  api = await startTestServer({
    env: { PDB_DIR, WORKER_PDBS: "663", SOLVER_THREADS: "1", ANALYSIS_WAIT_MS: "60000" },
  });
  containers = [createWorkerContainer(api.config), createWorkerContainer(api.config)];
  solveWorker = await SolveWorker.start(workerSettings(api.config), containers[0]);
  // Two worker processes' competition jobs at once: two daily schedulers firing their catch-up.
  competition = await Promise.all(
    containers.map((container) => startCompetitionWorkers(api.config, container)),
  );
  loadPdb("663", { dir: PDB_DIR });
  bfs = bfsDistances3x3();
}, 120_000);

afterAll(async () => {
  for (const worker of competition) await worker.close();
  await solveWorker?.close();
  for (const container of containers) await container.close();
  await api?.close();
});

const DAILY = `query ($c: DailyCategory!, $d: String) {
  dailyPuzzle(category: $c, date: $d) { date category optimalLength players running puzzle { id start rows cols goal kind } }
}`;
const SUBMIT = `mutation ($p: ID!, $m: String!) { submitSolution(puzzleId: $p, moves: $m) { id moves length optimal } }`;
const REQUEST = `mutation ($p: ID!) { requestSolve(puzzleId: $p) { id moves status requestedBy { id } } }`;
const HINT = `query ($p: ID!, $pos: [Int!]) { hint(puzzleId: $p, position: $pos) { status move distance position } }`;

async function waitFor<T>(read: () => Promise<T | null | undefined>, ms = 90_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value !== null && value !== undefined) return value;
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const today = () => new Date().toISOString().slice(0, 10);

describe("daily puzzles", () => {
  it("are drawn from the secret: solvable, not from the date alone", () => {
    for (let day = 1; day <= 28; day++) {
      const date = `2026-02-${String(day).padStart(2, "0")}`;
      for (const side of [3, 4] as const) {
        const board = dailyBoard("secret-one-secret-one", date, side === 3 ? "SLIDING_3X3" : "SLIDING_4X4");
        const goal = side === 3 ? GOAL3 : GOAL4;
        expect(isSlidingSolvable({ cols: side, start: board.start, goal })).toBe(true);
        expect([...board.start].sort((a, b) => a - b)).toEqual([...goal].sort((a, b) => a - b));
      }
      const rotation = dailyBoard("secret-one-secret-one", date, "ROTATION").start;
      expect([1, 2, 3].map((s) => rotation.filter((c) => c === s).length)).toEqual([8, 8, 8]);
      const other = dailyBoard("secret-two-secret-two", date, "SLIDING_4X4").start;
      expect(other).not.toEqual(dailyBoard("secret-one-secret-one", date, "SLIDING_4X4").start);
    }
  });

  it("are created once under two schedulers, each published with its proven optimum", async () => {
    const client = api.client();
    for (const category of DAILY_CATEGORIES) {
      const daily = await waitFor(async () => (await client.data(DAILY, { c: category })).dailyPuzzle);
      expect(daily).toMatchObject({ date: today(), category, players: 0, running: true });
      expect(daily.optimalLength).toBeGreaterThan(0);
    }
    const rows = await api.server.app.prisma.dailyPuzzle.findMany({
      where: { date: new Date(`${today()}T00:00:00Z`) },
    });
    expect(rows).toHaveLength(3);
    const owner = await api.server.app.prisma.user.findUniqueOrThrow({ where: { name: "daily puzzle" } });
    expect(await api.server.app.prisma.puzzle.count({ where: { ownerId: owner.id } })).toBe(3);
  }, 120_000);

  it("stays one row when many ensure the same day at once", async () => {
    const daily = api.server.app.services.daily;
    const date = "2025-03-04";
    const rows = await Promise.all(Array.from({ length: 6 }, () => daily.ensure(date, "SLIDING_3X3")));
    expect(new Set(rows.map((row) => row.puzzleId)).size).toBe(1);
    expect(
      await api.server.app.prisma.dailyPuzzle.count({ where: { date: new Date(`${date}T00:00:00Z`) } }),
    ).toBe(1);
  });

  it("refuses bad dates and bad archive cursors; the archive pages newest first", async () => {
    const client = api.client();
    for (const d of ["2025-02-30", "yesterday", "2025-1-01"]) {
      const error = await client.error(DAILY, { c: "SLIDING_3X3", d });
      expect(error.extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "date" });
    }
    expect((await client.data(DAILY, { c: "SLIDING_3X3", d: "2999-01-01" })).dailyPuzzle).toBeNull();
    await api.server.app.services.daily.ensure("2025-03-05", "SLIDING_3X3");
    const ARCHIVE = `query ($a: String) { dailyPuzzles(category: SLIDING_3X3, first: 1, after: $a) {
      edges { node { date } } pageInfo { endCursor hasNextPage } } }`;
    const first = (await client.data(ARCHIVE, {})).dailyPuzzles;
    expect(first.edges[0].node.date).toBe(today());
    const second = (await client.data(ARCHIVE, { a: first.pageInfo.endCursor })).dailyPuzzles;
    expect(second.edges[0].node.date).toBe("2025-03-05");
    const bad = Buffer.from(JSON.stringify(["DAILY", "2025-13-01"])).toString("base64url");
    expect((await client.error(ARCHIVE, { a: bad })).extensions).toMatchObject({ field: "after" });
  });
});

describe("the spoiler rule on daily puzzles", () => {
  it("hides moves, optimal solutions, hints and solves while the day runs, and reveals them after", async () => {
    const ada = await api.client().signUp();
    const bea = await api.client().signUp();
    const check = async (date: string) => {
      await api.server.app.services.daily.ensure(date, "SLIDING_3X3");
      const { dailyPuzzle } = await ada.client.data(DAILY, { c: "SLIDING_3X3", d: date });
      const { id, start, goal } = dailyPuzzle.puzzle;
      const optimal = tableSolution(3, 3, start, goal) as string;
      await ada.client.data(SUBMIT, { p: id, m: optimal });
      await bea.client.data(SUBMIT, { p: id, m: optimal });
      const seen = await bea.client.data(
        `query ($p: ID!) { puzzle(id: $p) { optimalSolution { moves length } leaderboard { edges { node { length } } } } }`,
        { p: id },
      );
      const adaSubs = await bea.client.data(
        `query ($u: String!) { user(name: $u) { submissions(first: 1) { edges { node { moves length rank } } } } }`,
        { u: ada.user.name },
      );
      const copy = (await bea.client.data(CREATE, { i: { kind: "SLIDING", rows: 3, cols: 3, start } }))
        .createPuzzle.id;
      return { id, optimal, seen, adaSubs, copy };
    };

    const running = await check(today());
    expect(running.seen.puzzle.optimalSolution).toEqual({ moves: null, length: running.optimal.length });
    expect(running.adaSubs.user.submissions.edges[0].node).toMatchObject({
      moves: null,
      length: running.optimal.length,
      rank: 1,
    });
    for (const p of [running.id, running.copy]) {
      expect((await bea.client.error(REQUEST, { p })).extensions?.code).toBe("DAILY_IN_PROGRESS");
      expect((await bea.client.error(HINT, { p })).extensions?.code).toBe("DAILY_IN_PROGRESS");
      expect((await bea.client.error(ANALYZE, { p, m: running.optimal })).extensions?.code).toBe(
        "DAILY_IN_PROGRESS",
      );
      // Bad options are bad input there too, as on any board (before: DAILY_IN_PROGRESS).
      const badOptions = await bea.client.error(
        `mutation ($p: ID!) { requestSolve(puzzleId: $p, options: { timeLimitSeconds: 0 }) { id } }`,
        { p },
      );
      expect(badOptions.extensions).toMatchObject({
        code: "BAD_USER_INPUT",
        field: "options.timeLimitSeconds",
      });
    }

    const past = await check("2025-06-01");
    expect(past.seen.puzzle.optimalSolution).toEqual({ moves: past.optimal, length: past.optimal.length });
    expect(past.adaSubs.user.submissions.edges[0].node.moves).toBe(past.optimal);
    expect((await bea.client.data(REQUEST, { p: past.copy })).requestSolve.status).toBe("SOLVED");
    expect((await bea.client.data(HINT, { p: past.id })).hint.distance).toBe(past.optimal.length);
  });
});

describe("Solve.moves and self-solved games", () => {
  it("shows a Solve's moves to its requester only, and leaves a self-solved first game unrated", async () => {
    const ada = await api.client().signUp();
    const bea = await api.client().signUp();
    // A random board, drawn again while today's running daily refuses its solve (near the daily's
    // start, or an answer through its neighbourhood on an optimal route: docs/competition.md, "No
    // copying"; about one random 3x3 in 450).
    let p = "";
    let solveRow: { id: string; moves: string } | undefined;
    for (let tries = 0; solveRow === undefined; tries++) {
      const start = randomSolvable(3, GOAL3);
      const created = (await ada.client.data(CREATE, { i: { kind: "SLIDING", rows: 3, cols: 3, start } }))
        .createPuzzle.id;
      const answer = await ada.client.request(REQUEST, { p: created });
      const code = answer.body.errors?.[0]?.extensions?.code;
      if (code === undefined) {
        p = created;
        solveRow = answer.body.data?.requestSolve;
      } else if (code !== "DAILY_IN_PROGRESS" || tries > 20) throw new Error(JSON.stringify(answer.body));
    }
    expect(solveRow.moves).toMatch(/^[UDLR]+$/);
    const SOLVE = `query ($id: ID!) { solve(id: $id) { moves } }`;
    expect((await ada.client.data(SOLVE, { id: solveRow.id })).solve.moves).toBe(solveRow.moves);
    expect((await bea.client.data(SOLVE, { id: solveRow.id })).solve.moves).toBeNull();
    expect((await api.client().data(SOLVE, { id: solveRow.id })).solve.moves).toBeNull();
    const SOLVES = `query ($p: ID!) { puzzle(id: $p) { solves { edges { node { moves } } } } }`;
    expect(
      (await bea.client.data(SOLVES, { p })).puzzle.solves.edges.every(
        (e: { node: { moves: unknown } }) => e.node.moves === null,
      ),
    ).toBe(true);

    await ada.client.data(SUBMIT, { p, m: solveRow.moves });
    // Only an unrated game so far: the puzzle has no rating (not the newcomer's 1500).
    const rated = await api.server.app.prisma.ratedGame.findMany({ where: { puzzleId: Number(p) } });
    expect(rated.map((game) => game.unrated)).toEqual([true]);
    const unratedOnly = `query ($p: ID!) { puzzle(id: $p) { rating { value } } }`;
    expect((await bea.client.data(unratedOnly, { p })).puzzle.rating).toBeNull();
    await bea.client.data(SUBMIT, { p, m: solveRow.moves });
    const games = await api.server.app.prisma.ratedGame.findMany({ where: { puzzleId: Number(p) } });
    const byUser = new Map(games.map((g) => [g.userId, g]));
    expect(byUser.get(Number(ada.user.id))?.unrated).toBe(true);
    expect(byUser.get(Number(bea.user.id))?.unrated).toBe(false);
    const RATING = `{ me { rating { games } } }`;
    const PUZZLE_RATING = `query ($p: ID!) { puzzle(id: $p) { rating { value games } } }`;
    expect((await bea.client.data(PUZZLE_RATING, { p })).puzzle.rating.games).toBe(1);
    expect((await ada.client.data(RATING)).me.rating).toBeNull();
    expect((await bea.client.data(RATING)).me.rating.games).toBe(1);
    // Bea solved it optimally: she may now read Ada's Solve, as any optimal solver.
    expect((await bea.client.data(SOLVE, { id: solveRow.id })).solve.moves).toBe(solveRow.moves);
  });
});

/**
 * A predicate for 3x3 boards (goal GOAL3) within the spoiler radius of today's running 3x3 daily, or of
 * its goal, up to renamed, turned or swapped copies, which hints, analyses and solves refuse
 * (docs/competition.md, "No copying"): random positions avoid them.
 */
async function nearTodaysDaily(): Promise<(board: readonly number[]) => boolean> {
  const row = await api.server.app.services.daily.ensure(
    new Date().toISOString().slice(0, 10),
    "SLIDING_3X3",
  );
  const puzzle = await api.server.app.prisma.puzzle.findUniqueOrThrow({ where: { id: row.puzzleId } });
  const spec = coreCreatePuzzle({ kind: "sliding", rows: 3, cols: 3, start: puzzle.start, goal: GOAL3 });
  const near = neighbourhood(spec, SPOILER_RADIUS.SLIDING_3X3);
  return (board) => near.has(nearKey({ ...spec, start: [...board] }));
}

type Player = Awaited<ReturnType<typeof players>>[number];

/** The player's hints on puzzle `p` walked from `from` to the goal (each READY): the moves. */
async function walkHints(player: Player, p: string, from: readonly number[]): Promise<string> {
  let position = from;
  let walked = "";
  for (;;) {
    const { hint } = await player.client.data(HINT, { p, pos: position });
    expect(hint.status).toBe("READY");
    if (hint.move === null) return walked;
    walked += hint.move;
    position = applyMoves(3, 3, position, hint.move);
  }
}

/** Each player's settled game on puzzle `p`: whether it was unrated, by user id. */
async function unratedByUser(p: string): Promise<Map<number, boolean>> {
  const games = await api.server.app.prisma.ratedGame.findMany({ where: { puzzleId: Number(p) } });
  return new Map(games.map((game) => [game.userId, game.unrated]));
}

/** `count` signed-up players, one after another. */
async function players(count: number) {
  const signedUp = [];
  for (let i = 0; i < count; i++) signedUp.push(await api.client().signUp());
  return signedUp;
}

/** A random 3x3 start (goal GOAL3) that is not the goal and that no guard of today's daily refuses. */
async function boardAwayFromDaily(): Promise<number[]> {
  const near = await nearTodaysDaily();
  let start = randomSolvable(3, GOAL3);
  while (near(start) || start.join() === GOAL3.join()) start = randomSolvable(3, GOAL3);
  return start;
}

describe("analysis and hints", () => {
  it("gives each move's distances as an independent BFS does (3x3)", async () => {
    const user = await api.client().signUp();
    const near = await nearTodaysDaily();
    for (let round = 0; round < 5; round++) {
      let start: number[];
      let moves: string;
      do {
        start = randomSolvable(3, GOAL3);
        const detour = randomWalk(3, 3, start, 4);
        moves = detour + (tableSolution(3, 3, applyMoves(3, 3, start, detour), GOAL3) as string);
      } while ([...moves].some((_, i) => near(applyMoves(3, 3, start, moves.slice(0, i)))) || near(start));
      const p = (await user.client.data(CREATE, { i: { kind: "SLIDING", rows: 3, cols: 3, start } }))
        .createPuzzle.id;
      const analysis = (await user.client.data(ANALYZE, { p, m: moves })).analyzeSolution;
      let board = start;
      for (const step of analysis.moves) {
        expect(step.distanceBefore).toBe(bfs.get(board.join(",")));
        board = applyMoves(3, 3, board, step.move);
        expect(step.distanceAfter).toBe(bfs.get(board.join(",")));
        expect(step.optimal).toBe(step.distanceAfter === step.distanceBefore - 1);
      }
      expect(analysis.optimalLength).toBe(bfs.get(start.join(",")));
      expect(analysis.movesLost).toBe(moves.length - analysis.optimalLength);
      expect(analysis.mistakes.length).toBe(
        analysis.moves.filter((m: { optimal: boolean }) => !m.optimal).length,
      );
    }
    const p = (
      await user.client.data(CREATE, {
        i: { kind: "SLIDING", rows: 3, cols: 3, start: [1, 2, 3, 4, 5, 6, 7, 0, 8] },
      })
    ).createPuzzle.id;
    const illegal = await user.client.error(ANALYZE, { p, m: "DR" });
    expect(illegal.extensions).toMatchObject({ code: "ILLEGAL_MOVE", index: 1 });
  });

  it("a player given a hint before their first submission plays an unrated game; one who submitted first stays rated", async () => {
    const [ada, bea, cid] = await players(3);
    const start = await boardAwayFromDaily();
    const p = (await ada.client.data(CREATE, { i: { kind: "SLIDING", rows: 3, cols: 3, start } }))
      .createPuzzle.id;
    const optimal = tableSolution(3, 3, start, GOAL3) as string;
    // Cid submits before any hint, and asks for one afterwards: his game was played on his own.
    await cid.client.data(SUBMIT, { p, m: optimal });
    expect((await cid.client.data(HINT, { p })).hint.status).toBe("READY");
    // Ada walks the hints to the goal, as the web page lets a player do, then submits the walk.
    const walked = await walkHints(ada, p, start);
    expect(walked.length).toBe(optimal.length);
    await ada.client.data(SUBMIT, { p, m: walked });
    // Bea plays without hints.
    await bea.client.data(SUBMIT, { p, m: optimal });
    expect(await unratedByUser(p)).toEqual(
      new Map([
        [Number(ada.user.id), true],
        [Number(bea.user.id), false],
        [Number(cid.user.id), false],
      ]),
    );
    const RATING = `{ me { rating { games } } }`;
    expect((await ada.client.data(RATING)).me.rating).toBeNull();
    expect((await bea.client.data(RATING)).me.rating.games).toBe(1);
    // Each submission says what it is to the ratings; a second one is never a game.
    const GAMES = `query ($u: String!) { user(name: $u) { submissions { edges { node { game } } } } }`;
    const gamesOf = async (player: typeof ada) =>
      (await player.client.data(GAMES, { u: player.user.name })).user.submissions.edges.map(
        (edge: { node: { game: string } }) => edge.node.game,
      );
    expect(await gamesOf(ada)).toEqual(["UNRATED"]);
    expect(await gamesOf(cid)).toEqual(["RATED"]);
    const again = `mutation ($p: ID!, $m: String!) { submitSolution(puzzleId: $p, moves: $m) { game } }`;
    expect((await bea.client.data(again, { p, m: optimal })).submitSolution.game).toBe("NOT_A_GAME");
    expect(await gamesOf(bea)).toEqual(["NOT_A_GAME", "RATED"]);
  });

  it("a Solve or a hint of a disguised copy (transposed, renamed) makes the game on the original unrated too", async () => {
    const [ada, bea, cid, dan] = await players(4);
    const start = await boardAwayFromDaily();
    const create = async (player: typeof ada, s: readonly number[], goal: readonly number[]) =>
      (await player.client.data(CREATE, { i: { kind: "SLIDING", rows: 3, cols: 3, start: s, goal } }))
        .createPuzzle.id as string;
    const p = await create(ada, start, GOAL3);
    // Bea has the platform solve the transposed board (cell (r, c) moved to (c, r), in start and goal).
    const transpose = (cells: readonly number[]) => [0, 3, 6, 1, 4, 7, 2, 5, 8].map((c) => cells[c]);
    const transposed = await create(bea, transpose(start), transpose(GOAL3));
    expect((await bea.client.data(REQUEST, { p: transposed })).requestSolve.moves).toMatch(/^[UDLR]+$/);
    // Dan takes a hint on a copy with its tiles renamed (the blank kept).
    const NAMES = [0, 5, 8, 1, 7, 3, 2, 6, 4];
    const renamed = await create(
      dan,
      start.map((t) => NAMES[t]),
      GOAL3.map((t) => NAMES[t]),
    );
    expect((await dan.client.data(HINT, { p: renamed })).hint.status).toBe("READY");
    const optimal = tableSolution(3, 3, start, GOAL3) as string;
    for (const player of [bea, cid, dan]) await player.client.data(SUBMIT, { p, m: optimal });
    // Before: only the very board counted, and both copies' games were rated.
    expect(await unratedByUser(p)).toEqual(
      new Map([
        [Number(bea.user.id), true],
        [Number(cid.user.id), false],
        [Number(dan.user.id), true],
      ]),
    );
  });

  it("hints walked on a puzzle of one's own from another puzzle's start, or from a move in, make the game on that puzzle unrated", async () => {
    const [ada, bea, cid, dan] = await players(4);
    const start = await boardAwayFromDaily();
    const p = (await ada.client.data(CREATE, { i: { kind: "SLIDING", rows: 3, cols: 3, start } }))
      .createPuzzle.id;
    const optimal = tableSolution(3, 3, start, GOAL3) as string;
    /** Hints on a puzzle of the player's own (another start, the same goal), walked from `from`. */
    const walkElsewhere = async (player: Player, from: number[]) => {
      const other = (
        await player.client.data(CREATE, {
          i: { kind: "SLIDING", rows: 3, cols: 3, start: [1, 2, 3, 4, 5, 6, 0, 7, 8] },
        })
      ).createPuzzle.id;
      return walkHints(player, other, from);
    };
    // Bea walks from the puzzle's start; Cid plays its first move himself, then walks from there.
    await bea.client.data(SUBMIT, { p, m: await walkElsewhere(bea, start) });
    const firstMove = optimal[0];
    const cidWalk = await walkElsewhere(cid, applyMoves(3, 3, start, firstMove));
    await cid.client.data(SUBMIT, { p, m: firstMove + cidWalk });
    // Dan plays on his own; a hint he took a move before the goal (on a puzzle of his own) is no help
    // worth unrating: every route to the goal passes such a board.
    const own = (
      await dan.client.data(CREATE, {
        i: { kind: "SLIDING", rows: 3, cols: 3, start: [1, 2, 3, 4, 5, 6, 0, 7, 8] },
      })
    ).createPuzzle.id;
    const lastBoard = applyMoves(3, 3, start, optimal.slice(0, -1));
    expect((await dan.client.data(HINT, { p: own, pos: lastBoard })).hint.distance).toBe(1);
    await dan.client.data(SUBMIT, { p, m: optimal });
    // Before: the hints counted for the other puzzle's board only, and both walks were rated games.
    expect(await unratedByUser(p)).toEqual(
      new Map([
        [Number(bea.user.id), true],
        [Number(cid.user.id), true],
        [Number(dan.user.id), false],
      ]),
    );
  });

  it("gives hints that bring the goal one step closer (random 3x3 positions)", async () => {
    const user = await api.client().signUp();
    const p = (
      await user.client.data(CREATE, {
        i: { kind: "SLIDING", rows: 3, cols: 3, start: [1, 2, 3, 4, 5, 6, 7, 0, 8] },
      })
    ).createPuzzle.id;
    const near = await nearTodaysDaily();
    for (let round = 0; round < 40; round++) {
      let position = randomSolvable(3, GOAL3);
      while (near(position)) position = randomSolvable(3, GOAL3);
      const { hint } = await user.client.data(HINT, { p, pos: position });
      expect(hint.distance).toBe(bfs.get(position.join(",")));
      if (hint.distance === 0) continue;
      expect(bfs.get(applyMoves(3, 3, position, hint.move).join(","))).toBe(hint.distance - 1);
    }
    const wrong = await user.client.error(HINT, { p, pos: [2, 1, 3, 4, 5, 6, 7, 8, 0] });
    expect(wrong.extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "position" });
  });

  it("proves 4x4 distances through the workers, as the solver does; hints bring the goal closer", async () => {
    const user = await api.client().signUp();
    const start = applyMoves(4, 4, GOAL4, randomWalk(4, 4, GOAL4, 40));
    const p = (await user.client.data(CREATE, { i: { kind: "SLIDING", rows: 4, cols: 4, start } }))
      .createPuzzle.id;
    const optimal = proof(start).moves;
    const detour = randomWalk(4, 4, start, 2);
    const moves = detour + proof(applyMoves(4, 4, start, detour)).moves;
    const analysis = (await user.client.data(ANALYZE, { p, m: moves })).analyzeSolution;
    expect(analysis.status).toBe("READY");
    expect(analysis.optimalLength).toBe(optimal.length);
    let board = start;
    for (const step of analysis.moves.slice(0, 6)) {
      expect(step.distanceBefore).toBe(proof(board).length);
      board = applyMoves(4, 4, board, step.move);
      expect(step.distanceAfter).toBe(proof(board).length);
    }
    for (let round = 0; round < 3; round++) {
      const position = applyMoves(4, 4, GOAL4, randomWalk(4, 4, GOAL4, 60));
      const { hint } = await user.client.data(HINT, { p, pos: position });
      expect(hint.distance).toBe(proof(position).length);
      expect(proof(applyMoves(4, 4, position, hint.move)).length).toBe(hint.distance - 1);
    }
  }, 120_000);

  it("refuses 5x5 with ANALYSIS_UNAVAILABLE", async () => {
    const user = await api.client().signUp();
    const start = [...Array.from({ length: 23 }, (_, i) => i + 1), 0, 24];
    const p = (await user.client.data(CREATE, { i: { kind: "SLIDING", rows: 5, cols: 5, start } }))
      .createPuzzle.id;
    expect((await user.client.error(HINT, { p })).extensions?.code).toBe("ANALYSIS_UNAVAILABLE");
    expect((await user.client.error(ANALYZE, { p, m: "R" })).extensions?.code).toBe("ANALYSIS_UNAVAILABLE");
  });
});

/** The solver's own optimal answer from `start` (6-6-3 pattern databases, in this process). */
function proof(start: readonly number[]) {
  const spec = coreCreatePuzzle({ kind: "sliding", rows: 4, cols: 4, start, goal: GOAL4 }) as SlidingSpec;
  const result = solve(spec, { heuristic: "pdb:663" });
  if (result.status !== "solved") throw new Error(result.status);
  return result;
}
