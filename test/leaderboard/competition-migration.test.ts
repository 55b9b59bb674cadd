// The competition migration on a database that already holds puzzles and submissions: every puzzle
// gets its stats row with its players counted, and every leaderboard entry its first submission
// (the one that will be rated).
import pg from "pg";
import { afterAll, expect, it } from "vitest";
import { migrate } from "../../src/db/migrate.ts";
import type { TestDatabase } from "../helpers/database.ts";
import { type DatabaseBeforeMigration, databaseBefore } from "../helpers/migration-before.ts";

const COMPETITION_MIGRATION = "20261202000000_competition_ratings";
let before: DatabaseBeforeMigration | undefined;
let database: TestDatabase;

afterAll(async () => {
  await before?.dispose();
});

it("backfills puzzle stats and first submissions", async () => {
  before = await databaseBefore(COMPETITION_MIGRATION, "compmig");
  database = before.database;

  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO users (name, token_hash) VALUES ('a', repeat('a', 64)), ('b', repeat('b', 64))`,
    );
    await client.query(`INSERT INTO puzzles (owner_id, kind, rows, cols, start, goal, canonical_key, solvable)
      VALUES (1, 'SLIDING', 2, 2, '{1,2,0,3}', '{1,2,3,0}', 'k', true),
             (1, 'SLIDING', 2, 2, '{1,2,0,3}', '{1,2,3,0}', 'k', true)`);
    // The leaderboard migration's own backfill makes the entries from these.
    await client.query(`INSERT INTO submissions (puzzle_id, user_id, moves, length) VALUES
      (1, 1, 'RLR', 3), (1, 1, 'R', 1), (1, 2, 'RLRLR', 5), (1, 2, 'RLR', 3)`);
    await client.query(`INSERT INTO leaderboard_entries (puzzle_id, user_id, submission_id, length, created_at)
      SELECT DISTINCT ON (puzzle_id, user_id) puzzle_id, user_id, id, length, created_at
        FROM submissions ORDER BY puzzle_id, user_id, length, id`);
    const report = await migrate(database.url);
    // Later migrations (e.g. the daily puzzles') follow it.
    expect(report.applied[0]).toBe(COMPETITION_MIGRATION);
    const entries = await client.query(
      `SELECT user_id, submission_id, first_submission_id FROM leaderboard_entries ORDER BY user_id`,
    );
    expect(entries.rows).toEqual([
      { user_id: 1, submission_id: 2, first_submission_id: 1 },
      { user_id: 2, submission_id: 4, first_submission_id: 3 },
    ]);
    const stats = await client.query(
      `SELECT puzzle_id, players, rated_games FROM puzzle_stats ORDER BY puzzle_id`,
    );
    expect(stats.rows).toEqual([
      { puzzle_id: 1, players: 2, rated_games: 0 },
      { puzzle_id: 2, players: 0, rated_games: 0 },
    ]);
  } finally {
    await client.end();
  }
});
