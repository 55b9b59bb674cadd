// An API that cannot listen (a busy PORT, a HOST that does not resolve): `node dist/src/main.js` logs
// one fatal line naming the address and the reason and exits 1, and prints nothing on stderr. Before,
// graphql-ws printed the same error again there, with a stack ("Internal error emitted on the
// WebSocket server. Please check your implementation."), as if the server had a bug.
// Runs the built entry point: `npm run build` first (npm test does).
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../src/app.ts";
import { projectRoot } from "../../src/project-root.ts";
import { startServer } from "../../src/server.ts";
import { testConfig } from "../helpers/config.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/database.ts";
import { deleteRedisKeys } from "../helpers/redis-keys.ts";

const ENTRY = join(projectRoot, "dist", "src", "main.js");
const PREFIX = `listen-${randomBytes(4).toString("hex")}`;

let database: TestDatabase;
let holder: Server;
let busyPort: number;

beforeAll(async () => {
  database = await createTestDatabase({ prefix: "listen" });
  holder = createServer();
  await new Promise<void>((resolve) => holder.listen(0, "127.0.0.1", resolve));
  busyPort = (holder.address() as { port: number }).port;
});

afterAll(async () => {
  await new Promise((resolve) => holder?.close(resolve));
  await database?.drop();
  await deleteRedisKeys(process.env.REDIS_URL ?? "redis://127.0.0.1:6379", PREFIX);
});

interface Run {
  readonly code: number | null;
  readonly stderr: string;
  readonly lines: { level: number; msg: string }[];
}

function runMain(env: Record<string, string>): Promise<Run> {
  const child = spawn(process.execPath, [ENTRY], {
    env: {
      ...process.env,
      DATABASE_URL: database.url,
      REDIS_PREFIX: PREFIX,
      START_WORKER: "false",
      LOG_LEVEL: "info",
      NODE_ENV: "test",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => (stdout += chunk));
  child.stderr.on("data", (chunk) => (stderr += chunk));
  const kill = setTimeout(() => child.kill("SIGKILL"), 20_000);
  return new Promise((resolve) =>
    child.once("close", (code) => {
      clearTimeout(kill);
      const lines = stdout
        .split("\n")
        .filter((line) => line.startsWith("{"))
        .map((line) => JSON.parse(line));
      resolve({ code, stderr, lines });
    }),
  );
}

describe("the API cannot listen", () => {
  it.each([
    ["a busy PORT", () => ({ HOST: "127.0.0.1", PORT: String(busyPort) }), /EADDRINUSE/],
    ["a HOST that does not resolve", () => ({ HOST: "999.1.1.1", PORT: "0" }), /ENOTFOUND|EAI_AGAIN/],
  ])("%s: one fatal line, exit 1, nothing on stderr", async (_, env, reason) => {
    const settings = env();
    const run = await runMain(settings);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe("");
    const fatal = run.lines.filter((line) => line.level >= 60);
    expect(fatal).toHaveLength(1);
    expect(fatal[0].msg).toContain(`cannot start the API on ${settings.HOST}:${settings.PORT}`);
    expect(fatal[0].msg).toMatch(reason);
    expect(run.lines.filter((line) => line.level === 50)).toEqual([]);
  });
});

describe("startServer on a busy port", () => {
  it("closes the app it was given (its reconciler, subscriptions, connections) before it rethrows", async () => {
    const config = testConfig({
      DATABASE_URL: database.url,
      REDIS_PREFIX: PREFIX,
      HOST: "127.0.0.1",
      PORT: String(busyPort),
      API_RECONCILER: "true",
    });
    const app = createApp(config);
    await expect(startServer(config, { app })).rejects.toThrow(/EADDRINUSE/);
    // close() drains first; before, nothing closed it and the reconciler ran on.
    expect(app.draining.aborted).toBe(true);
    await app.close();
  });
});
