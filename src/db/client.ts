// The Prisma client of every process: Prisma 7's generated client over the `pg` driver adapter.
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "../generated/prisma/client.ts";

export type { PrismaClient };

export interface PrismaClientOptions {
  /** Connections in the pool (pg's default is 10). */
  readonly poolSize?: number;
  /** How long opening a connection may take before it fails (default CONNECT_TIMEOUT_MS). */
  readonly connectTimeoutMs?: number;
}

/**
 * pg waits for a connection without end by default: a Postgres that accepts the TCP connection but
 * never answers (a hung server, a failover target not yet serving, a half-open network path) held
 * every request and every worker's result write. A connect that takes this long fails instead, as
 * "database unavailable" (SERVICE_UNAVAILABLE; a worker's result write retries: docs/pipeline.md).
 */
const CONNECT_TIMEOUT_MS = 10_000;

export function createPrismaClient(databaseUrl: string, options: PrismaClientOptions = {}): PrismaClient {
  const adapter = new PrismaPg({
    connectionString: databaseUrl,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS,
    // TCP keepalive: a connection whose peer vanished (no FIN, no RST) is noticed, not used forever.
    keepAlive: true,
  });
  return new PrismaClient({ adapter });
}
