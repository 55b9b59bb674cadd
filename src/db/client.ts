// The Prisma client of every process: Prisma 7's generated client over the `pg` driver adapter.
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "../generated/prisma/client.ts";

export type { PrismaClient };

export interface PrismaClientOptions {
  /** Connections in the pool (pg's default is 10). */
  readonly poolSize?: number;
  /** How long opening a connection may take before it fails (default CONNECT_TIMEOUT_MS). */
  readonly connectTimeoutMs?: number;
  /** How long Postgres runs one statement before it cancels it (default STATEMENT_TIMEOUT_MS). */
  readonly statementTimeoutMs?: number;
  /** How long the client waits for a statement's answer before it gives up (default QUERY_TIMEOUT_MS). */
  readonly queryTimeoutMs?: number;
  /**
   * The connections' `application_name` in pg_stat_activity (default: none), so an operator sees
   * which process holds which connection. An `application_name` in the database URL wins.
   */
  readonly applicationName?: string;
}

/**
 * pg waits for a connection without end by default: a Postgres that accepts the TCP connection but
 * never answers (a hung server, a failover target not yet serving, a half-open network path) held
 * every request and every worker's result write. A connect that takes this long fails instead, as
 * "database unavailable" (SERVICE_UNAVAILABLE; a worker's result write retries: docs/pipeline.md).
 */
const CONNECT_TIMEOUT_MS = 10_000;

/**
 * A statement that runs this long is cancelled by Postgres itself (a runaway query, or one queued
 * behind a lock that is never released): its connection is free again and the request fails as
 * "database unavailable" instead of holding a pooled connection without end. Every statement the
 * API and the workers send takes milliseconds; migrations use their own connection (src/db/migrate.ts).
 */
const STATEMENT_TIMEOUT_MS = 30_000;

/**
 * A connected server that stops answering (hung, or the network path gone without FIN or RST) never
 * cancels anything: the client gives up on an answer after this long, a little after the server's
 * own statement timeout would have answered.
 */
const QUERY_TIMEOUT_MS = 35_000;

/** TCP keepalive probes start after this long idle (0, pg's default, keeps the OS's 2 hours). */
const KEEPALIVE_IDLE_MS = 10_000;

export function createPrismaClient(databaseUrl: string, options: PrismaClientOptions = {}): PrismaClient {
  const adapter = new PrismaPg({
    connectionString: databaseUrl,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS,
    statement_timeout: options.statementTimeoutMs ?? STATEMENT_TIMEOUT_MS,
    query_timeout: options.queryTimeoutMs ?? QUERY_TIMEOUT_MS,
    // TCP keepalive: a connection whose peer vanished (no FIN, no RST) is noticed, not used forever.
    keepAlive: true,
    keepAliveInitialDelayMillis: KEEPALIVE_IDLE_MS,
    ...(options.applicationName === undefined ? {} : { application_name: options.applicationName }),
  });
  return new PrismaClient({ adapter });
}

/** `puzzle-<role>-<pid>`: the application_name of a platform process's connections (docs/operations.md). */
export function processApplicationName(role: string): string {
  return `puzzle-${role}-${process.pid}`;
}
