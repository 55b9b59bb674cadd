// A database of the test's own: created under a random name on the configured server (DATABASE_URL,
// default postgresql://postgres@127.0.0.1:5432/...), migrated, and dropped at the end.
import { randomBytes } from "node:crypto";
import { dropDatabase, ensureDatabase, withDatabase } from "../../src/db/database.ts";
import { migrate } from "../../src/db/migrate.ts";

const SERVER_URL = process.env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";

export interface TestDatabase {
  readonly name: string;
  readonly url: string;
  drop(): Promise<void>;
}

/** A fresh, empty database (random name `<prefix>_<hex>`); migrated unless `migrated: false`. */
export async function createTestDatabase(
  options: { prefix?: string; migrated?: boolean } = {},
): Promise<TestDatabase> {
  const name = `${options.prefix ?? "test"}_${randomBytes(6).toString("hex")}`;
  const url = withDatabase(SERVER_URL, name);
  await ensureDatabase(url);
  if (options.migrated !== false) await migrate(url);
  return { name, url, drop: () => dropDatabase(url) };
}
