// A database migrated up to, but not including, one migration: the place to test that migration's
// backfill of rows written under the schema before it.
import { cpSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defaultMigrationsDir, migrate } from "../../src/db/migrate.ts";
import { createTestDatabase, type TestDatabase } from "./database.ts";

export interface DatabaseBeforeMigration {
  readonly database: TestDatabase;
  /** Drops the database and the folder of earlier migrations. */
  dispose(): Promise<void>;
}

/** A fresh database with every migration that sorts before `migration` applied. */
export async function databaseBefore(migration: string, prefix: string): Promise<DatabaseBeforeMigration> {
  const earlier = mkdtempSync(join(tmpdir(), "migrations-"));
  for (const name of readdirSync(defaultMigrationsDir)) {
    if (name.localeCompare(migration) < 0)
      cpSync(join(defaultMigrationsDir, name), join(earlier, name), { recursive: true });
  }
  const database = await createTestDatabase({ prefix, migrated: false });
  await migrate(database.url, { dir: earlier });
  return {
    database,
    async dispose() {
      await database.drop();
      rmSync(earlier, { recursive: true, force: true });
    },
  };
}
