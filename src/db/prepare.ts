// Bringing the configured database up to date: create it if missing, then apply pending migrations.
// Run by `npm start` before the API starts, and by `npm run db:migrate` alone.
import type { Logger } from "../logger.ts";
import { ensureDatabase, redactUrl } from "./database.ts";
import { migrate, type MigrationReport } from "./migrate.ts";

export async function prepareDatabase(databaseUrl: string, logger: Logger): Promise<MigrationReport> {
  try {
    if (await ensureDatabase(databaseUrl))
      logger.info({ database: redactUrl(databaseUrl) }, "database created");
  } catch (error) {
    throw new Error(
      `cannot reach or create the database at ${redactUrl(databaseUrl)}: ${(error as Error).message}`,
    );
  }
  const report = await migrate(databaseUrl, { logger });
  logger.info(
    { applied: report.applied.length, upToDate: report.alreadyApplied.length },
    "database schema up to date",
  );
  return report;
}
