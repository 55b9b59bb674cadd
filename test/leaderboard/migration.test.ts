// The leaderboard migration on a database that already holds submissions: each user's best one per
// puzzle (shortest, then earliest) becomes their leaderboard entry.
import pg from "pg";
import { afterAll, expect, it } from "vitest";
import { migrate } from "../../src/db/migrate.ts";
import type { TestDatabase } from "../helpers/database.ts";
import { type DatabaseBeforeMigration, databaseBefore } from "../helpers/migration-before.ts";

const LEADERBOARD_MIGRATION = "20261122060000_leaderboard_entries";
let before: DatabaseBeforeMigration | undefined;
let database: TestDatabase;

afterAll(async () => {
  await before?.dispose();
});

it("backfills one entry per user and puzzle from existing submissions", async () => {
  before = await databaseBefore(LEADERBOARD_MIGRATION, "lbmig");
  database = before.database;

  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO users (name, token_hash) VALUES ('a', repeat('a', 64)), ('b', repeat('b', 64))`,
    );
    await client.query(`INSERT INTO puzzles (owner_id, kind, rows, cols, start, goal, canonical_key, solvable)
      VALUES (1, 'SLIDING', 2, 2, '{1,2,0,3}', '{1,2,3,0}', 'k', true)`);
    await client.query(`INSERT INTO submissions (puzzle_id, user_id, moves, length, created_at) VALUES
      (1, 1, 'RLRLR', 5, '2026-01-01T00:00:01Z'), (1, 1, 'RLR', 3, '2026-01-01T00:00:03Z'),
      (1, 1, 'RLR', 3, '2026-01-01T00:00:02Z'), (1, 2, 'RLRLR', 5, '2026-01-01T00:00:00Z')`);
    const report = await migrate(database.url);
    expect(report.applied).toContain(LEADERBOARD_MIGRATION);
    const { rows } = await client.query(
      `SELECT user_id, submission_id, length, created_at FROM leaderboard_entries ORDER BY user_id`,
    );
    expect(rows).toEqual([
      { user_id: 1, submission_id: 3, length: 3, created_at: new Date("2026-01-01T00:00:02Z") },
      { user_id: 2, submission_id: 4, length: 5, created_at: new Date("2026-01-01T00:00:00Z") },
    ]);
  } finally {
    await client.end();
  }
});
