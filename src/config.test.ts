// The configuration module: defaults that work on a fresh machine, and clear messages for bad values.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";
import { projectRoot } from "./project-root.ts";

describe("loadConfig", () => {
  it("defaults to local Postgres and Redis, port 4000", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      databaseUrl: "postgresql://postgres@127.0.0.1:5432/puzzles",
      redisUrl: "redis://127.0.0.1:6379",
      port: 4000,
      logLevel: "info",
      startWorker: true,
    });
    expect(config.solverThreads).toBeGreaterThanOrEqual(1);
  });

  it("reads overrides and treats empty values as unset", () => {
    const config = loadConfig({ PORT: "8080", RATE_LIMIT_WORK: "5", START_WORKER: "false", LOG_LEVEL: "" });
    expect(config.port).toBe(8080);
    expect(config.rateLimits.work).toBe(5);
    expect(config.startWorker).toBe(false);
    expect(config.logLevel).toBe("info");
  });

  it.each([
    ["PORT", "abc"],
    ["PORT", "70000"],
    ["DATABASE_URL", "mysql://localhost/db"],
    ["REDIS_URL", "not a url"],
    ["REDIS_PREFIX", "has:colon"],
    ["LOG_LEVEL", "loud"],
    ["START_WORKER", "maybe"],
    ["SOLVER_THREADS", "0"],
    // Numbers are written in decimal digits: no blank (Number(" ") is 0), hexadecimal or exponent.
    ["PORT", " "],
    ["SHUTDOWN_TIMEOUT_MS", "  "],
    ["PORT", "0x10"],
    ["RATE_LIMIT_WORK", "1e2"],
    ["SOLVER_THREADS", "2.0"],
    ["DATABASE_URL", "postgresql://127.0.0.1:5432"],
    ["PDB_MMAP", "maybe"],
    ["PUZZLE_HUGEPAGES", "please"],
  ])("names %s=%s in its error", (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(
      new RegExp(`${name}="${value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}"`),
    );
  });

  it("reads decimal numbers, with or without blanks around them", () => {
    const config = loadConfig({ PORT: " 8080 ", SHUTDOWN_TIMEOUT_MS: "0", WORKER_METRICS_PORT: "9464" });
    expect(config).toMatchObject({ port: 8080, shutdownTimeoutMs: 0, workerMetricsPort: 9464 });
  });

  it("accepts the documented spellings of PDB_MMAP and PUZZLE_HUGEPAGES", () => {
    for (const value of ["0", "1", "true", "false", "on", "off", "yes", "no"])
      expect(() => loadConfig({ PDB_MMAP: value, PUZZLE_HUGEPAGES: value })).not.toThrow();
    // PDB_MMAP is read case-insensitively (src/pdb-settings.ts); the launcher reads PUZZLE_HUGEPAGES as written.
    expect(() => loadConfig({ PDB_MMAP: " OFF " })).not.toThrow();
    expect(() => loadConfig({ PUZZLE_HUGEPAGES: "OFF" })).toThrow(/PUZZLE_HUGEPAGES="OFF"/);
  });

  it("never shows a secret: URL passwords are masked, tokens and DAILY_SECRET are not echoed", () => {
    const message = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (error) {
        if (error instanceof ConfigError) return error.message;
        throw error;
      }
      throw new Error("expected a ConfigError");
    };
    const database = message({ DATABASE_URL: "postgresql://u:hunter2@127.0.0.1:5432" });
    expect(database).toContain('DATABASE_URL="postgresql://u:***@127.0.0.1:5432": names no database');
    const redis = message({ REDIS_URL: "http://:hunter2@127.0.0.1:6379/0?password=hunter2" });
    expect(redis).toMatch(/REDIS_URL="http:\/\/:\*\*\*@127\.0\.0\.1:6379\/0\?password=\*\*\*": must be/);
    // Too broken to be read as a URL, and maybe holding credentials: not shown at all.
    expect(message({ DATABASE_URL: "postgresql//u:hunter2@db/x" })).toContain(
      "DATABASE_URL (not a URL, not shown",
    );
    for (const name of ["METRICS_TOKEN", "ADMIN_TOKEN", "DAILY_SECRET"]) {
      expect(message({ [name]: "hunter2" })).toContain(
        `${name} (7 characters, not shown): at least 16 characters`,
      );
    }
    const all = message({
      DATABASE_URL: "postgresql://u:hunter2@127.0.0.1:5432",
      REDIS_URL: "redis://:hunter2@",
      METRICS_TOKEN: "hunter2",
      ADMIN_TOKEN: "hunter2",
      DAILY_SECRET: "hunter2",
      PORT: "x",
    });
    expect(all).toContain('PORT="x"');
    expect(all).not.toContain("hunter2");
  });

  it("shows the bad value of a setting that is no secret, though its name holds TOKEN", () => {
    // GRAPHQL_MAX_TOKENS counts a document's tokens: a number to show, like every other limit.
    expect(() => loadConfig({ GRAPHQL_MAX_TOKENS: "10" })).toThrow(
      'GRAPHQL_MAX_TOKENS="10": Too small: expected number to be >=50',
    );
    expect(() => loadConfig({ GRAPHQL_MAX_TOKENS: "lots" })).toThrow('GRAPHQL_MAX_TOKENS="lots"');
  });

  it("refuses API_METRICS_PORT equal to PORT, naming both", () => {
    expect(() => loadConfig({ PORT: "4100", API_METRICS_PORT: "4100" })).toThrow(
      /API_METRICS_PORT=4100: the same port as PORT=4100/,
    );
    expect(() => loadConfig({ API_METRICS_PORT: "4000" })).toThrow(/the same port as PORT=4000/); // the default PORT
    // Port 0 is any free port: two of them differ.
    expect(loadConfig({ PORT: "0", API_METRICS_PORT: "0" })).toMatchObject({ port: 0, apiMetricsPort: 0 });
    expect(loadConfig({ PORT: "4100", API_METRICS_PORT: "4101" }).apiMetricsPort).toBe(4101);
  });

  it("lists every bad variable at once", () => {
    expect(() => loadConfig({ PORT: "x", LOG_LEVEL: "y" })).toThrow(/PORT[\s\S]*LOG_LEVEL/);
  });

  it("makes a process exit with status 2 and a one-screen message, no stack trace", () => {
    const result = spawnSync(
      process.execPath,
      ["--import", "tsx", join(projectRoot, "src", "db", "cli.ts")],
      {
        env: { ...process.env, PORT: "nope" },
        encoding: "utf8",
      },
    );
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('PORT="nope"');
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it.each([
    [
      { DATABASE_URL: "postgresql://u:hunter2@127.0.0.1:5432", METRICS_TOKEN: "hunter2" },
      ["postgresql://u:***@127.0.0.1:5432", "METRICS_TOKEN (7 characters, not shown)"],
    ],
    [{ PORT: "4100", API_METRICS_PORT: "4100" }, ["API_METRICS_PORT=4100: the same port as PORT=4100"]],
  ])("exits with status 2 for %j, saying what is wrong and no secret", (env, expected) => {
    const result = spawnSync(
      process.execPath,
      ["--import", "tsx", join(projectRoot, "src", "db", "cli.ts")],
      { env: { ...process.env, ...env }, encoding: "utf8" },
    );
    expect(result.status).toBe(2);
    for (const text of expected) expect(result.stderr).toContain(text);
    expect(result.stderr).not.toContain("hunter2");
  });
});
