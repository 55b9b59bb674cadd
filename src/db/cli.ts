// `npm run db:migrate`: creates the database if missing and applies pending migrations.
import { loadConfigOrExit } from "../config.ts";
import { createLogger } from "../logger.ts";
import { prepareDatabase } from "./prepare.ts";

const config = loadConfigOrExit();
const logger = createLogger(config, "migrate");
try {
  const report = await prepareDatabase(config.databaseUrl, logger);
  if (report.modified.length > 0 || report.missingLocally.length > 0) process.exitCode = 1;
} catch (error) {
  logger.fatal({ err: error }, (error as Error).message);
  process.exitCode = 1;
}
