// A real API process (`node dist/src/main.js`, as `npm start` runs it, without its worker) on a port
// of its own, for tests and benchmarks that must signal, kill or load it from outside: its JSON log
// lines are collected, and it is ready once GET /readyz answers 200.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { projectRoot } from "../../src/project-root.ts";
import { freePort } from "../pipeline/redis-child.ts";
import type { LogLine } from "../pipeline/worker-process.ts";

const entry = join(projectRoot, "dist", "src", "main.js");

export class ApiProcess {
  readonly logs: LogLine[] = [];
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;

  private constructor(
    private readonly child: ChildProcess,
    readonly port: number,
  ) {
    this.exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
    createInterface({ input: child.stdout! }).on("line", (line) => {
      try {
        this.logs.push(JSON.parse(line) as LogLine);
      } catch {
        this.logs.push({ msg: line });
      }
    });
    child.stderr!.on("data", (chunk: Buffer) => this.logs.push({ msg: `stderr: ${chunk.toString()}` }));
  }

  /** Starts the API (START_WORKER=false) with `env` on a free port and waits until it is ready. */
  static async start(env: Record<string, string>, timeoutMs = 60_000): Promise<ApiProcess> {
    if (!existsSync(entry)) throw new Error(`${entry} is missing: run \`npm run build\` first`);
    const port = await freePort();
    const child = spawn(process.execPath, [entry], {
      cwd: projectRoot,
      env: {
        ...process.env,
        LOG_LEVEL: "info",
        ...env,
        START_WORKER: "false",
        HOST: "127.0.0.1",
        PORT: String(port),
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const api = new ApiProcess(child, port);
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (!api.alive) throw new Error(`the API exited before it was ready:\n${api.tail()}`);
      const ready = await fetch(`${api.origin}/readyz`).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ready) return api;
      if (Date.now() > deadline) {
        api.signal("SIGKILL");
        throw new Error(`the API was not ready within ${timeoutMs} ms:\n${api.tail()}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  get origin(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get url(): string {
    return `${this.origin}/graphql`;
  }

  get wsUrl(): string {
    return `ws://127.0.0.1:${this.port}/graphql`;
  }

  get alive(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  signal(signal: NodeJS.Signals): void {
    if (this.alive) this.child.kill(signal);
  }

  tail(lines = 20): string {
    return this.logs
      .slice(-lines)
      .map((line) => JSON.stringify(line))
      .join("\n");
  }

  /** SIGTERM, then SIGKILL if it has not exited within `graceMs`. */
  async stop(graceMs = 15_000): Promise<void> {
    if (!this.alive) return;
    this.signal("SIGTERM");
    const timer = setTimeout(() => this.signal("SIGKILL"), graceMs);
    try {
      await this.exited;
    } finally {
      clearTimeout(timer);
    }
  }
}
