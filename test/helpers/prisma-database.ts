// A database of the test's own (createTestDatabase) with a Prisma client on it, for tests that use
// Postgres without the API: the Solve repositories, the reconciler.
import { createPrismaClient, type PrismaClient } from "../../src/db/client.ts";
import { createTestDatabase } from "./database.ts";

export interface TestPrisma {
  readonly db: PrismaClient;
  /** Disconnects the client and drops the database. */
  close(): Promise<void>;
}

/** A fresh migrated database named `<prefix>_<hex>` and a client of 4 connections on it. */
export async function openTestPrisma(prefix: string): Promise<TestPrisma> {
  const database = await createTestDatabase({ prefix });
  const db = createPrismaClient(database.url, { poolSize: 4 });
  return {
    db,
    async close() {
      await db.$disconnect();
      await database.drop();
    },
  };
}
