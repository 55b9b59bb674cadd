// Creating and dropping whole databases: `npm start` creates the configured database when it is
// missing, and tests create one of their own per run. Both connect to the server's `postgres`
// maintenance database with the same credentials.
import pg from "pg";

/** The database name in a postgres:// URL. */
export function databaseName(databaseUrl: string): string {
  const name = decodeURIComponent(new URL(databaseUrl).pathname.replace(/^\//, ""));
  if (name === "") throw new Error(`DATABASE_URL names no database: ${redactUrl(databaseUrl)}`);
  return name;
}

/** The same server and credentials, another database. */
export function withDatabase(databaseUrl: string, name: string): string {
  const url = new URL(databaseUrl);
  url.pathname = `/${encodeURIComponent(name)}`;
  return url.toString();
}

/** The URL without its password, for messages and logs. */
export function redactUrl(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    if (url.password !== "") url.password = "***";
    return url.toString();
  } catch {
    return "<unparsable URL>";
  }
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

async function withMaintenanceClient<T>(
  databaseUrl: string,
  use: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: withDatabase(databaseUrl, "postgres") });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/** Creates the URL's database if it does not exist. Returns true when it was created. */
export async function ensureDatabase(databaseUrl: string): Promise<boolean> {
  const name = databaseName(databaseUrl);
  // Connecting to the database itself is the cheap, common case and needs no maintenance access.
  const probe = new pg.Client({ connectionString: databaseUrl });
  try {
    await probe.connect();
    return false;
  } catch (error) {
    if ((error as { code?: string }).code !== "3D000") throw error; // 3D000: invalid_catalog_name
  } finally {
    await probe.end().catch(() => {});
  }
  return withMaintenanceClient(databaseUrl, async (client) => {
    try {
      await client.query(`CREATE DATABASE ${quoteIdent(name)}`);
      return true;
    } catch (error) {
      // Another process created it between our probe and now.
      if ((error as { code?: string }).code === "42P04") return false;
      throw error;
    }
  });
}

/** Drops the URL's database, closing its open connections first. */
export async function dropDatabase(databaseUrl: string): Promise<void> {
  const name = databaseName(databaseUrl);
  await withMaintenanceClient(databaseUrl, async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
  });
}
