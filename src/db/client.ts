// The Prisma client of every process: Prisma 7's generated client over the `pg` driver adapter.
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "../generated/prisma/client.ts";

export type { PrismaClient };

export interface PrismaClientOptions {
  /** Connections in the pool (pg's default is 10). */
  readonly poolSize?: number;
}

export function createPrismaClient(databaseUrl: string, options: PrismaClientOptions = {}): PrismaClient {
  const adapter = new PrismaPg({ connectionString: databaseUrl, max: options.poolSize ?? 10 });
  return new PrismaClient({ adapter });
}
