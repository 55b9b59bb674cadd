// Configuration for tests: the real loader over the real environment, with test defaults (port 0,
// quiet logs, a Redis key prefix of the run's own, generous limits) and per-test overrides given
// as environment variables, e.g. testConfig({ RATE_LIMIT_SIGNUPS: "2" }).
import { randomBytes } from "node:crypto";
import { loadConfig, type Config } from "../../src/config.ts";

export type EnvOverrides = Readonly<Record<string, string>>;

export function testConfig(overrides: EnvOverrides = {}): Config {
  return loadConfig({
    ...process.env,
    NODE_ENV: "test",
    HOST: "127.0.0.1",
    PORT: "0",
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? "silent",
    REDIS_PREFIX: `test-${randomBytes(4).toString("hex")}`,
    RATE_LIMIT_REQUESTS: "100000",
    RATE_LIMIT_SIGNUPS: "100000",
    RATE_LIMIT_WORK: "100000",
    RATE_LIMIT_AUTH_FAILURES: "100000",
    SHUTDOWN_TIMEOUT_MS: "2000",
    START_WORKER: "false",
    // Each test server's database is its own, but a test that seeds overdue rows or runs its own
    // reconciler would race the API's: api-reconciler.test.ts turns it on.
    API_RECONCILER: "false",
    ...overrides,
  });
}
