// A real API server for a test file: its own database (created and migrated), port 0, real Redis.
//   const api = useTestServer();            // in a describe / file: starts before, stops after
//   await api.client().data(`{ me { id } }`);
import { afterAll, beforeAll } from "vitest";
import type { Config } from "../../src/config.ts";
import { startServer, type RunningServer } from "../../src/server.ts";
import { testConfig, type EnvOverrides } from "./config.ts";
import { createTestDatabase, type TestDatabase } from "./database.ts";
import { GraphQLClient } from "./graphql.ts";
import { deleteRedisKeys } from "./redis-keys.ts";

export interface TestServer {
  readonly server: RunningServer;
  readonly config: Config;
  readonly url: string;
  readonly wsUrl: string;
  /** http://host:port (no path), for /healthz and /readyz. */
  readonly origin: string;
  /** A GraphQL client, anonymous or with a token. */
  client(token?: string): GraphQLClient;
  /** Stops the server, drops its database and removes its Redis keys (those it created). */
  close(): Promise<void>;
}

export interface TestServerOptions {
  /** Extra environment for the config (DATABASE_URL here reuses a database instead of creating one). */
  readonly env?: EnvOverrides;
}

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const env = options.env ?? {};
  let database: TestDatabase | undefined;
  if (env.DATABASE_URL === undefined) database = await createTestDatabase({ prefix: "api" });
  const config = testConfig({ ...env, DATABASE_URL: env.DATABASE_URL ?? database!.url });
  let server: RunningServer;
  try {
    server = await startServer(config);
  } catch (error) {
    await database?.drop();
    throw error;
  }
  return {
    server,
    config,
    url: server.url,
    wsUrl: server.wsUrl,
    origin: server.url.replace(/\/graphql$/, ""),
    client: (token?: string) => new GraphQLClient(server.url, token),
    async close() {
      await server.close();
      await database?.drop();
      if (env.REDIS_PREFIX === undefined) await deleteRedisKeys(config.redisUrl, config.redisPrefix);
    },
  };
}

/** Starts a server before the file's (or describe block's) tests and stops it after. */
export function useTestServer(options: TestServerOptions = {}): TestServer {
  let started: TestServer | undefined;
  beforeAll(async () => {
    started = await startTestServer(options);
  });
  afterAll(async () => {
    await started?.close();
  });
  const get = (): TestServer => {
    if (started === undefined) throw new Error("the test server starts in beforeAll: use it inside tests");
    return started;
  };
  return {
    get server() {
      return get().server;
    },
    get config() {
      return get().config;
    },
    get url() {
      return get().url;
    },
    get wsUrl() {
      return get().wsUrl;
    },
    get origin() {
      return get().origin;
    },
    client: (token?: string) => get().client(token),
    close: () => get().close(),
  };
}
