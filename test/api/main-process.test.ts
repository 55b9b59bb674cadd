// `npm start` as a real process: creates and migrates its database, serves, runs a worker process
// beside the API, and on SIGTERM drains, stops the worker and exits 0.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { projectRoot } from "../../src/config.ts";
import { dropDatabase, withDatabase } from "../../src/db/database.ts";
import { WORKER_ENTRY } from "../../src/main.ts";
import { freePort } from "../pipeline/redis-child.ts";
import { deleteRedisKeys } from "../helpers/redis-keys.ts";

const SERVER_URL = process.env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

interface Started {
  readonly child: ChildProcess;
  readonly origin: string;
  readonly logs: () => { msg?: string; name?: string; pid?: number }[];
  readonly exited: Promise<number | null>;
}

async function startMain(env: Record<string, string>): Promise<Started> {
  const port = await freePort();
  const databaseUrl = withDatabase(SERVER_URL, `main_${port}_${Date.now()}`);
  cleanups.push(() => dropDatabase(databaseUrl));
  cleanups.push(() =>
    deleteRedisKeys(process.env.REDIS_URL ?? "redis://127.0.0.1:6379", `main-${port}`).then(() => undefined),
  );
  const child = spawn(process.execPath, ["--import", "tsx", join(projectRoot, "src", "main.ts")], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      REDIS_PREFIX: `main-${port}`,
      LOG_LEVEL: "info",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  cleanups.unshift(async () => {
    if (child.exitCode === null) child.kill("SIGKILL");
    await exited;
  });
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  while (
    !(await fetch(`${origin}/healthz`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`main did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const logs = () =>
    output
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line));
  return { child, origin, logs, exited };
}

describe("npm start (src/main.ts)", () => {
  it("creates and migrates its database, serves, and exits 0 after draining on SIGTERM", async () => {
    const main = await startMain({ START_WORKER: "false" });
    expect(main.logs().map((l) => l.msg)).toEqual(
      expect.arrayContaining(["database created", "database schema up to date", "API listening"]),
    );
    const answer = await fetch(`${main.origin}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: "{ puzzles(first: 1) { edges { cursor } } }" }),
    });
    expect(await answer.json()).toEqual({ data: { puzzles: { edges: [] } } });
    main.child.kill("SIGTERM");
    expect(await main.exited).toBe(0);
    expect(main.logs().map((l) => l.msg)).toEqual(expect.arrayContaining(["shutting down", "API stopped"]));
    expect(main.logs().map((l) => l.msg)).not.toContain("second signal: exiting now");
  }, 60_000);

  it.skipIf(!existsSync(WORKER_ENTRY))(
    "runs one worker process beside the API and stops it on SIGTERM",
    async () => {
      const main = await startMain({ START_WORKER: "true", SOLVER_THREADS: "1", WORKER_PDBS: "none" });
      const deadline = Date.now() + 30_000;
      while (!main.logs().some((l) => l.msg === "worker started") && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 100));
      const started = main.logs().find((l) => l.msg === "worker started");
      expect(started?.pid).toBeGreaterThan(0);
      // Started with the product's settings (src/tuned-environment.ts).
      expect(readFileSync(`/proc/${started!.pid}/environ`, "utf8")).toMatch(
        /(^|\0)GLIBC_TUNABLES=glibc\.malloc\.hugetlb=1\0/,
      );
      main.child.kill("SIGTERM");
      expect(await main.exited).toBe(0);
      expect(() => process.kill(started!.pid!, 0)).toThrow(); // the worker is gone too
    },
    90_000,
  );
});
