// The name-keys migration on a database that already holds users: both keys are filled exactly as
// the application computes them (the SQL is checked against src/services/user-names.ts), and where
// existing names collide the oldest account holds the keys, the others keep their names with null keys.
import { cpSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, expect, it } from "vitest";
import { defaultMigrationsDir, migrate } from "../../src/db/migrate.ts";
import { foldUserName, userNameSkeleton } from "../../src/services/user-names.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/database.ts";

const MIGRATION = "20261201090000_user_name_keys";
let database: TestDatabase | undefined;
let earlier: string | undefined;

afterAll(async () => {
  await database?.drop();
  if (earlier !== undefined) rmSync(earlier, { recursive: true, force: true });
});

it("backfills the keys of existing names; the oldest of colliding accounts holds them", async () => {
  earlier = mkdtempSync(join(tmpdir(), "migrations-"));
  for (const name of readdirSync(defaultMigrationsDir)) {
    if (name.localeCompare(MIGRATION) < 0)
      cpSync(join(defaultMigrationsDir, name), join(earlier, name), { recursive: true });
  }
  database = await createTestDatabase({ prefix: "namemig", migrated: false });
  await migrate(database.url, { dir: earlier });
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
    const { rows } = await client.query(`SELECT name, name_folded, name_skeleton FROM users ORDER BY id`);
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
