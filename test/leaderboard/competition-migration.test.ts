// The competition migration on a database that already holds puzzles and submissions: every puzzle
// gets its stats row with its players counted, and every leaderboard entry its first submission
// (the one that will be rated).
import { cpSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, expect, it } from "vitest";
import { defaultMigrationsDir, migrate } from "../../src/db/migrate.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/database.ts";

const COMPETITION_MIGRATION = "20261202000000_competition_ratings";
let database: TestDatabase | undefined;
let earlier: string | undefined;

afterAll(async () => {
  await database?.drop();
  if (earlier !== undefined) rmSync(earlier, { recursive: true, force: true });
});

it("backfills puzzle stats and first submissions", async () => {
  earlier = mkdtempSync(join(tmpdir(), "migrations-"));
  for (const name of readdirSync(defaultMigrationsDir)) {
    if (name.localeCompare(COMPETITION_MIGRATION) < 0)
      cpSync(join(defaultMigrationsDir, name), join(earlier, name), { recursive: true });
  }
  database = await createTestDatabase({ prefix: "compmig", migrated: false });
  await migrate(database.url, { dir: earlier });

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
    expect(report.applied[0]).toBe(COMPETITION_MIGRATION); // later migrations follow it
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
