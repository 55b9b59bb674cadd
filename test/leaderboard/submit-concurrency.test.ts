// One user's submissions on one puzzle, concurrently: the leaderboard entry keeps the shortest and,
// among equal lengths, the earliest submission; its first_submission_id (the rated game) is the
// user's first submission; ids and times come in one order; one player, one rated game.
//
// The deterministic cases hold the first submission inside its INSERT (a trigger of this test's own
// database sleeps for one move sequence) while a second one arrives: before the fix the second took
// the entry first (ON CONFLICT only replaces a strictly shorter entry, and first_submission_id is set
// on insert), so the later submission became the user's "first" and was the game rated.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestServer } from "../helpers/server.ts";
import { ONE_STEP, SUBMIT, createPuzzle, submit } from "./fixtures.ts";

const api = useTestServer();
let db: pg.Client;

/** Moves whose INSERT sleeps (a BEFORE INSERT trigger: the row's id is already drawn then). */
const SLOW = new Set(["RLRLR", "RLR"]);

beforeAll(async () => {
  db = new pg.Client({ connectionString: api.config.databaseUrl });
  await db.connect();
  await db.query(`
    CREATE FUNCTION test_slow_submission() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.moves IN (${[...SLOW].map((m) => `'${m}'`).join(", ")}) THEN PERFORM pg_sleep(0.6); END IF;
      RETURN NEW;
    END $$;
    CREATE TRIGGER test_slow_submission BEFORE INSERT ON submissions
      FOR EACH ROW EXECUTE FUNCTION test_slow_submission()`);
});

afterAll(async () => {
  await db?.end();
});

/** Resolves once some backend of the test database sleeps in the trigger. */
async function sleepingInTrigger(): Promise<void> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const { rows } = await db.query(
      `SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event = 'PgSleep'`,
    );
    if (rows.length > 0) return;
    if (Date.now() > deadline) throw new Error("no submission reached the trigger");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function stored(puzzleId: string, userId: string) {
  const prisma = api.server.app.prisma;
  const where = { puzzleId: Number(puzzleId), userId: Number(userId) };
  return {
    submissions: await prisma.submission.findMany({ where, orderBy: { id: "asc" } }),
    entry: await prisma.leaderboardEntry.findUniqueOrThrow({ where: { puzzleId_userId: where } }),
    games: await prisma.ratedGame.findMany({ where }),
    stats: await prisma.puzzleStats.findUniqueOrThrow({ where: { puzzleId: Number(puzzleId) } }),
  };
}

describe("one user's concurrent submissions on one puzzle", () => {
  it("a longer first submission still in flight stays the user's first (and rated) one", async () => {
    const { client, user } = await api.client().signUp();
    const puzzleId = await createPuzzle(client, ONE_STEP);
    const first = submit(client, puzzleId, "RLRLR"); // 5 moves, held in its INSERT
    await sleepingInTrigger();
    const second = await submit(client, puzzleId, "LRR"); // 3 moves
    const firstStored = await first;

    const { submissions, entry, games, stats } = await stored(puzzleId, user.id);
    expect(submissions.map((s) => [s.id, s.length])).toEqual([
      [Number(firstStored.id), 5],
      [Number(second.id), 3],
    ]);
    expect(+submissions[0].createdAt).toBeLessThanOrEqual(+submissions[1].createdAt);
    expect(entry).toMatchObject({
      firstSubmissionId: Number(firstStored.id),
      submissionId: Number(second.id),
      length: 3,
    });
    // The game rated is the first submission (5 moves against the optimum 1), once.
    expect(games.map((g) => [g.submissionId, g.length])).toEqual([[Number(firstStored.id), 5]]);
    expect(stats).toMatchObject({ players: 1, ratedGames: 1 });
  });

  it("among equal lengths the entry keeps the earliest submission", async () => {
    const { client, user } = await api.client().signUp();
    const puzzleId = await createPuzzle(client, ONE_STEP);
    const first = submit(client, puzzleId, "RLR"); // 3 moves, held in its INSERT
    await sleepingInTrigger();
    const second = await submit(client, puzzleId, "LRR"); // 3 moves too
    expect(second.length).toBe(3);
    const firstStored = await first;

    const { entry, games } = await stored(puzzleId, user.id);
    expect(entry).toMatchObject({
      submissionId: Number(firstStored.id),
      firstSubmissionId: Number(firstStored.id),
      createdAt: new Date(firstStored.createdAt),
    });
    expect(games.map((g) => g.submissionId)).toEqual([Number(firstStored.id)]);
    const board = await client.data(`query ($p: ID!) { puzzle(id: $p) { myBest { id } } }`, { p: puzzleId });
    expect(board.puzzle.myBest.id).toBe(firstStored.id);
  });

  it("many at once: one entry, the shortest and earliest kept, the first one rated, one player", async () => {
    await db.query("DROP TRIGGER test_slow_submission ON submissions");
    const lengths = [7, 5, 3, 1, 7, 5, 3, 1, 5, 7];
    for (let round = 0; round < 15; round++) {
      const { client, user } = await api.client().signUp();
      const puzzleId = await createPuzzle(client, ONE_STEP);
      const answers = await Promise.all(
        lengths.map((length) => client.request(SUBMIT, { p: puzzleId, m: ONE_STEP.solutions[length] })),
      );
      for (const answer of answers) expect(answer.body.errors).toBeUndefined();

      const { submissions, entry, games, stats } = await stored(puzzleId, user.id);
      expect(submissions).toHaveLength(lengths.length);
      // Ids and times in one order.
      for (let i = 1; i < submissions.length; i++)
        expect(+submissions[i].createdAt).toBeGreaterThanOrEqual(+submissions[i - 1].createdAt);
      const best = submissions.find((s) => s.length === 1);
      expect(entry).toMatchObject({
        submissionId: best?.id,
        length: 1,
        firstSubmissionId: submissions[0].id,
      });
      expect(games.map((g) => g.submissionId)).toEqual([submissions[0].id]);
      expect(stats).toMatchObject({ players: 1, ratedGames: 1 });
    }
  });
});
