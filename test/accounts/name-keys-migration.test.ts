// The name-keys migration on a database that already holds users: both keys are filled exactly as
// the application computes them (the SQL is checked against src/services/user-names.ts), and where
// existing names collide the oldest account holds the keys, the others keep their names with null keys.
import pg from "pg";
import { afterAll, expect, it } from "vitest";
import { migrate } from "../../src/db/migrate.ts";
import { foldUserName, userNameSkeleton } from "../../src/services/user-names.ts";
import type { TestDatabase } from "../helpers/database.ts";
import { type DatabaseBeforeMigration, databaseBefore } from "../helpers/migration-before.ts";

const MIGRATION = "20261201090000_user_name_keys";
let before: DatabaseBeforeMigration | undefined;
let database: TestDatabase;

afterAll(async () => {
  await before?.dispose();
});

it("backfills the keys of existing names; the oldest of colliding accounts holds them", async () => {
  before = await databaseBefore(MIGRATION, "namemig");
  database = before.database;
  // Every ASCII character a name could hold so far, in names that collide and names that do not.
  const names = [
    "alice",
    "Alice",
    "aIice",
    "bob_-0123456789",
    "MODERN",
    "rnodern",
    "XYZ",
    "Zebra_Ol1I",
    "zebra_0lll",
  ];
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    for (const [i, name] of names.entries()) {
      await client.query(`INSERT INTO users (name, token_hash) VALUES ($1, $2)`, [
        name,
        String(i).padStart(64, "0"),
      ]);
    }
    const report = await migrate(database.url);
    expect(report.applied).toContain(MIGRATION);
    // Later migrations may add accounts of their own (the daily puzzles' owner): only these names count.
    const { rows } = await client.query(
      `SELECT name, name_folded, name_skeleton FROM users WHERE name = ANY($1) ORDER BY id`,
      [names],
    );
    const folded = new Set<string>();
    const skeletons = new Set<string>();
    const expected = names.map((name) => {
      const f = foldUserName(name);
      const s = userNameSkeleton(name);
      const row = { name, name_folded: folded.has(f) ? null : f, name_skeleton: skeletons.has(s) ? null : s };
      folded.add(f);
      skeletons.add(s);
      return row;
    });
    expect(rows).toEqual(expected);
    // The collisions this data was chosen for.
    expect(rows.filter((r) => r.name_folded === null).map((r) => r.name)).toEqual(["Alice"]);
    expect(rows.filter((r) => r.name_skeleton === null).map((r) => r.name)).toEqual([
      "Alice",
      "aIice",
      "rnodern",
      "zebra_0lll",
    ]);
  } finally {
    await client.end();
  }
});
