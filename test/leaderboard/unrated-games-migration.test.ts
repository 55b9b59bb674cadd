// The unrated-games migration on a database whose puzzle_stats counted unrated games as rated: they
// move to unrated_games, so a puzzle whose only games are unrated has no rating any more, and the
// pending check (players > rated_games + unrated_games) is unchanged.
import pg from "pg";
import { afterAll, expect, it } from "vitest";
import { migrate } from "../../src/db/migrate.ts";
import { type DatabaseBeforeMigration, databaseBefore } from "../helpers/migration-before.ts";

const MIGRATION = "20261220000000_puzzle_unrated_games";
let before: DatabaseBeforeMigration | undefined;

afterAll(async () => {
  await before?.dispose();
});

it("moves unrated games out of rated_games", async () => {
  before = await databaseBefore(MIGRATION, "unratedmig");
  const client = new pg.Client({ connectionString: before.database.url });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO users (name, token_hash) VALUES ('a', repeat('a', 64)), ('b', repeat('b', 64))`,
    );
    await client.query(`INSERT INTO puzzles (owner_id, kind, rows, cols, start, goal, canonical_key, solvable)
      VALUES (1, 'SLIDING', 2, 2, '{1,2,0,3}', '{1,2,3,0}', 'k', true),
             (1, 'SLIDING', 2, 2, '{1,2,0,3}', '{1,2,3,0}', 'k', true)`);
    await client.query(`INSERT INTO submissions (puzzle_id, user_id, moves, length)
      VALUES (1, 1, 'R', 1), (1, 2, 'R', 1), (2, 1, 'R', 1)`);
    // Puzzle 1: one unrated and one rated game; puzzle 2: one unrated game only.
    await client.query(`INSERT INTO rated_games (puzzle_id, user_id, submission_id, length, optimum, score,
        player_before, player_after, puzzle_before, puzzle_after, unrated)
      VALUES (1, 1, 1, 1, 1, 0, 1500, 1500, 1500, 1500, true),
             (1, 2, 2, 1, 1, 1, 1500, 1600, 1500, 1400, false),
             (2, 1, 3, 1, 1, 0, 1500, 1500, 1500, 1500, true)`);
    await client.query(`INSERT INTO puzzle_stats (puzzle_id, players, rated_games) VALUES (1, 2, 2), (2, 1, 1)
      ON CONFLICT (puzzle_id) DO UPDATE SET players = excluded.players, rated_games = excluded.rated_games`);

    const report = await migrate(before.database.url);
    expect(report.applied[0]).toBe(MIGRATION);
    const stats = await client.query(
      `SELECT puzzle_id, players, rated_games, unrated_games FROM puzzle_stats ORDER BY puzzle_id`,
    );
    expect(stats.rows).toEqual([
      { puzzle_id: 1, players: 2, rated_games: 1, unrated_games: 1 },
      { puzzle_id: 2, players: 1, rated_games: 0, unrated_games: 1 },
    ]);
  } finally {
    await client.end();
  }
});
