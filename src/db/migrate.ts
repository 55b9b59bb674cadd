// Applies prisma/migrations/<timestamp>_<name>/migration.sql in order, the way `prisma migrate deploy`
// does, for machines where Prisma's schema engine cannot run. It keeps Prisma's own bookkeeping
// (the `_prisma_migrations` table, SHA-256 checksums, Prisma's advisory lock key), so
// `prisma migrate status` / `deploy` agree with it wherever the engine is available.
// Differences from Prisma, both deliberate: each migration runs in one transaction, and a failed one
// is recorded as rolled back (it was), so the next run retries it once the SQL is fixed.
import { createHash, randomUUID } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";
import { projectRoot } from "../project-root.ts";
import type { Logger } from "../logger.ts";

export const defaultMigrationsDir = join(projectRoot, "prisma", "migrations");

/** The key Prisma's schema engine locks on Postgres, so its runs and ours exclude each other. */
const PRISMA_ADVISORY_LOCK_KEY = 72707369;

/** Prisma's own definition of its bookkeeping table. */
const CREATE_MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
)`;

export interface MigrationFile {
  /** The folder name, e.g. `20261122040000_init`. */
  readonly name: string;
  readonly sql: string;
  /** SHA-256 (hex) of migration.sql's bytes, as Prisma computes it. */
  readonly checksum: string;
}

export interface MigrationReport {
  /** Applied by this run, in order. */
  readonly applied: string[];
  /** Applied before this run. */
  readonly alreadyApplied: string[];
  /** Applied before, but migration.sql changed since (checksum differs): a sign of drift. */
  readonly modified: string[];
  /** Recorded as applied in the database but absent from the migrations folder. */
  readonly missingLocally: string[];
}

export class MigrationError extends Error {
  override readonly name = "MigrationError";
  constructor(
    message: string,
    readonly migration?: string,
  ) {
    super(message);
  }
}

export function checksumOf(sql: string | Buffer): string {
  return createHash("sha256").update(sql).digest("hex");
}

/** The migrations in `dir`, sorted by folder name (Prisma's order: the timestamp prefix). */
export function readMigrations(dir: string = defaultMigrationsDir): MigrationFile[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(dir, entry.name, "migration.sql")))
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const bytes = readFileSync(join(dir, name, "migration.sql"));
      return { name, sql: bytes.toString("utf8"), checksum: checksumOf(bytes) };
    });
}

/** Prisma accepts a checksum of the file as written or with CRLF line endings normalised. */
function sameChecksum(recorded: string, file: MigrationFile): boolean {
  return recorded === file.checksum || recorded === checksumOf(file.sql.replace(/\r\n/g, "\n"));
}

interface MigrationRow {
  migration_name: string;
  checksum: string;
  finished_at: Date | null;
  rolled_back_at: Date | null;
  logs: string | null;
}

export interface MigrateOptions {
  readonly dir?: string;
  readonly logger?: Pick<Logger, "info" | "warn">;
}

/** Brings the database up to date. Safe to run concurrently from several processes. */
export async function migrate(databaseUrl: string, options: MigrateOptions = {}): Promise<MigrationReport> {
  const files = readMigrations(options.dir);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [PRISMA_ADVISORY_LOCK_KEY]);
    try {
      return await migrateLocked(client, files, options.logger);
    } finally {
      await client.query("SELECT pg_advisory_unlock($1)", [PRISMA_ADVISORY_LOCK_KEY]);
    }
  } finally {
    await client.end();
  }
}

async function migrateLocked(
  client: pg.Client,
  files: MigrationFile[],
  logger: MigrateOptions["logger"],
): Promise<MigrationReport> {
  await client.query(CREATE_MIGRATIONS_TABLE);
  const { rows } = await client.query<MigrationRow>(
    `SELECT migration_name, checksum, finished_at, rolled_back_at, logs
       FROM "_prisma_migrations" ORDER BY started_at, migration_name`,
  );
  const failed = rows.find((row) => row.finished_at === null && row.rolled_back_at === null);
  if (failed !== undefined) {
    throw new MigrationError(
      `migration ${failed.migration_name} failed earlier and was not rolled back; fix the database, then ` +
        `mark it with \`prisma migrate resolve --rolled-back ${failed.migration_name}\` ` +
        `(or set rolled_back_at on its _prisma_migrations row). Logs: ${failed.logs ?? "none"}`,
      failed.migration_name,
    );
  }
  const applied = new Map(
    rows
      .filter((row) => row.finished_at !== null && row.rolled_back_at === null)
      .map((r) => [r.migration_name, r]),
  );
  const byName = new Map(files.map((file) => [file.name, file]));
  const report: MigrationReport = {
    applied: [],
    alreadyApplied: files.filter((f) => applied.has(f.name)).map((f) => f.name),
    modified: files
      .filter((f) => applied.has(f.name) && !sameChecksum(applied.get(f.name)!.checksum, f))
      .map((f) => f.name),
    missingLocally: [...applied.keys()].filter((name) => !byName.has(name)),
  };
  for (const name of report.modified) {
    logger?.warn({ migration: name }, "applied migration was modified afterwards (checksum differs)");
  }
  for (const name of report.missingLocally) {
    logger?.warn({ migration: name }, "applied migration is missing from the migrations folder");
  }
  for (const file of files) {
    if (applied.has(file.name)) continue;
    await applyOne(client, file);
    report.applied.push(file.name);
    logger?.info({ migration: file.name }, "migration applied");
  }
  return report;
}

async function applyOne(client: pg.Client, file: MigrationFile): Promise<void> {
  const id = randomUUID();
  try {
    await client.query("BEGIN");
    await client.query(
      `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, applied_steps_count)
       VALUES ($1, $2, $3, clock_timestamp(), 0)`,
      [id, file.checksum, file.name],
    );
    await client.query(file.sql);
    await client.query(
      `UPDATE "_prisma_migrations" SET finished_at = clock_timestamp(), applied_steps_count = 1 WHERE id = $1`,
      [id],
    );
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    const message = error instanceof Error ? error.message : String(error);
    // Recorded like Prisma records a failure, but marked rolled back: the transaction undid it all.
    await client.query(
      `INSERT INTO "_prisma_migrations"
         (id, checksum, migration_name, logs, started_at, rolled_back_at, applied_steps_count)
       VALUES ($1, $2, $3, $4, clock_timestamp(), clock_timestamp(), 0)`,
      [id, file.checksum, file.name, message],
    );
    throw new MigrationError(`migration ${file.name} failed and was rolled back: ${message}`, file.name);
  }
}
