// The migration runner against real Postgres: Prisma's bookkeeping row by row, re-runs that change
// nothing, concurrent runners, drift reports (modified or missing migrations), failed migrations
// rolled back and retried, and database creation.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { databaseName, dropDatabase, ensureDatabase } from "../../src/db/database.ts";
import {
  checksumOf,
  defaultMigrationsDir,
  migrate,
  MigrationError,
  readMigrations,
} from "../../src/db/migrate.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/database.ts";

const migrations = readMigrations();
const names = migrations.map((m) => m.name);

async function query<T extends pg.QueryResultRow = Record<string, any>>(
  url: string,
  sql: string,
  params: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

const bookkeeping = (url: string) =>
  query(url, `SELECT * FROM "_prisma_migrations" ORDER BY started_at, migration_name`);

let db: TestDatabase;
let dir: string;

beforeAll(async () => {
  db = await createTestDatabase({ prefix: "migrate", migrated: false });
});

afterAll(async () => {
  await db?.drop();
});

// Each test starts from an empty database (a fresh schema is much cheaper than a fresh database)
// and a copy of the project's migrations it may edit.
beforeEach(async () => {
  await query(db.url, `DROP SCHEMA public CASCADE; CREATE SCHEMA public;`);
  dir = mkdtempSync(join(tmpdir(), "migrations-"));
  cpSync(defaultMigrationsDir, dir, { recursive: true });
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe("migrate", () => {
  it("finds the project's migrations in Prisma's folder format, in timestamp order", () => {
    expect(names.length).toBeGreaterThan(0);
    expect(names).toEqual([...names].sort());
    for (const name of names) expect(name).toMatch(/^\d{14}_[a-z0-9_]+$/);
    expect(readFileSync(join(defaultMigrationsDir, "migration_lock.toml"), "utf8")).toContain(
      'provider = "postgresql"',
    );
  });

  it("applies every migration to a fresh database and records it as Prisma does", async () => {
    const report = await migrate(db.url);
    expect(report).toEqual({ applied: names, alreadyApplied: [], modified: [], missingLocally: [] });
    const rows = await bookkeeping(db.url);
    expect(rows.map((r) => r.migration_name)).toEqual(names);
    for (const [i, row] of rows.entries()) {
      const bytes = readFileSync(join(defaultMigrationsDir, names[i], "migration.sql"));
      expect(row.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(row.checksum).toBe(checksumOf(bytes));
      expect(row.finished_at).toBeInstanceOf(Date);
      expect(row.finished_at.getTime()).toBeGreaterThanOrEqual(row.started_at.getTime());
      expect(row.logs).toBeNull();
      expect(row.rolled_back_at).toBeNull();
      expect(row.applied_steps_count).toBe(1);
    }
    // Prisma's own column types, so `prisma migrate status` reads the table without complaint.
    const columns = await query(
      db.url,
      `SELECT column_name, data_type, character_maximum_length AS len, is_nullable FROM information_schema.columns
        WHERE table_name = '_prisma_migrations' ORDER BY ordinal_position`,
    );
    expect(columns.map((c) => [c.column_name, c.data_type, c.len, c.is_nullable])).toEqual([
      ["id", "character varying", 36, "NO"],
      ["checksum", "character varying", 64, "NO"],
      ["finished_at", "timestamp with time zone", null, "YES"],
      ["migration_name", "character varying", 255, "NO"],
      ["logs", "text", null, "YES"],
      ["rolled_back_at", "timestamp with time zone", null, "YES"],
      ["started_at", "timestamp with time zone", null, "NO"],
      ["applied_steps_count", "integer", null, "NO"],
    ]);
  });

  it("does nothing when run again", async () => {
    await migrate(db.url);
    const before = await bookkeeping(db.url);
    const report = await migrate(db.url);
    expect(report).toEqual({ applied: [], alreadyApplied: names, modified: [], missingLocally: [] });
    expect(await bookkeeping(db.url)).toEqual(before);
  });

  it("lets concurrent runners apply each migration once (advisory lock)", async () => {
    const reports = await Promise.all([migrate(db.url), migrate(db.url), migrate(db.url)]);
    expect(reports.flatMap((r) => r.applied).sort()).toEqual(names);
    expect((await bookkeeping(db.url)).map((r) => r.migration_name)).toEqual(names);
  });

  it("applies only the new migration when one is added", async () => {
    await migrate(db.url, { dir });
    mkdirSync(join(dir, "29991231000000_add_note"));
    writeFileSync(
      join(dir, "29991231000000_add_note", "migration.sql"),
      `ALTER TABLE "users" ADD COLUMN "note" TEXT;\n`,
    );
    const report = await migrate(db.url, { dir });
    expect(report.applied).toEqual(["29991231000000_add_note"]);
    expect(
      await query(
        db.url,
        `SELECT column_name FROM information_schema.columns WHERE table_name = 'users' AND column_name = 'note'`,
      ),
    ).toHaveLength(1);
  });

  it("reports an applied migration whose file changed since, without applying it again", async () => {
    await migrate(db.url, { dir });
    const first = names[0];
    writeFileSync(
      join(dir, first, "migration.sql"),
      `${readFileSync(join(dir, first, "migration.sql"), "utf8")}\n-- edited\n`,
    );
    const warnings: string[] = [];
    const report = await migrate(db.url, {
      dir,
      logger: { info: () => {}, warn: (obj: unknown) => void warnings.push(JSON.stringify(obj)) } as never,
    });
    expect(report.modified).toEqual([first]);
    expect(report.applied).toEqual([]);
    expect(warnings.join()).toContain(first);
  });

  it("accepts a file whose only change is CRLF line endings, as Prisma does", async () => {
    await migrate(db.url, { dir });
    const first = names[0];
    writeFileSync(
      join(dir, first, "migration.sql"),
      readFileSync(join(dir, first, "migration.sql"), "utf8").replace(/\n/g, "\r\n"),
    );
    expect((await migrate(db.url, { dir })).modified).toEqual([]);
  });

  it("reports a migration recorded in the database but missing from the folder", async () => {
    await migrate(db.url, { dir });
    const last = names.at(-1)!;
    rmSync(join(dir, last), { recursive: true });
    expect((await migrate(db.url, { dir })).missingLocally).toEqual([last]);
  });

  it("rolls a failing migration back entirely, records the failure, and retries it once fixed", async () => {
    await migrate(db.url, { dir });
    const name = "29991231000000_broken";
    mkdirSync(join(dir, name));
    writeFileSync(
      join(dir, name, "migration.sql"),
      `CREATE TABLE "half" ("id" INTEGER);\nSELECT no_such_function();\n`,
    );
    const failure = await migrate(db.url, { dir }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(MigrationError);
    expect((failure as MigrationError).migration).toBe(name);
    expect(await query(db.url, `SELECT to_regclass('public.half') AS t`)).toEqual([{ t: null }]);
    const recorded = (await bookkeeping(db.url)).filter((r) => r.migration_name === name);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ finished_at: null, applied_steps_count: 0 });
    expect(recorded[0].rolled_back_at).toBeInstanceOf(Date);
    expect(recorded[0].logs).toContain("no_such_function");

    writeFileSync(join(dir, name, "migration.sql"), `CREATE TABLE "half" ("id" INTEGER);\n`);
    expect((await migrate(db.url, { dir })).applied).toEqual([name]);
    expect(await query(db.url, `SELECT to_regclass('public.half')::text AS t`)).toEqual([{ t: "half" }]);
  });

  it("refuses to continue past a failure Prisma left unresolved", async () => {
    await migrate(db.url, { dir });
    await query(
      db.url,
      `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, logs, applied_steps_count)
       VALUES ('00000000-0000-4000-8000-000000000000', $1, '29991231000000_stuck', 'boom', 0)`,
      ["0".repeat(64)],
    );
    await expect(migrate(db.url, { dir })).rejects.toThrow(/29991231000000_stuck.*rolled-back/s);
  });
});

describe("ensureDatabase", () => {
  const extra: string[] = [];
  afterAll(async () => {
    for (const url of extra) await dropDatabase(url);
  });

  it("creates a missing database once", async () => {
    const url = db.url.replace(databaseName(db.url), `${databaseName(db.url)}_created`);
    extra.push(url);
    expect(await ensureDatabase(url)).toBe(true);
    expect(await ensureDatabase(url)).toBe(false);
    expect(await query(url, "SELECT current_database() AS name")).toEqual([{ name: databaseName(url) }]);
  });
});
