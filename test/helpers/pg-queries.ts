// Counts the SQL this test process sends to one database: every `pg` client (Prisma's driver adapter
// included: the API server under test runs in this process) goes through `Client.prototype.query`.
import pg from "pg";

export interface QueryCounter {
  /** Queries (their text) sent to the database since the counter started or was last reset. */
  readonly queries: string[];
  reset(): void;
  /** Stops counting (restores pg). */
  stop(): void;
}

/** The database name of a `postgres://…/name` URL. */
export function databaseName(url: string): string {
  return decodeURIComponent(new URL(url).pathname.slice(1));
}

export function countQueries(database: string): QueryCounter {
  const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = prototype.query;
  const queries: string[] = [];
  prototype.query = function (this: pg.Client, ...args: unknown[]) {
    if (this.database === database) {
      const [config] = args;
      queries.push(typeof config === "string" ? config : String((config as { text?: unknown })?.text));
    }
    return original.apply(this, args);
  };
  return {
    queries,
    reset: () => {
      queries.length = 0;
    },
    stop: () => {
      prototype.query = original;
    },
  };
}
