// A real worker process (`node dist/workers/main.js`), as `npm run worker` starts it, with its
// JSON log lines collected so tests can wait for what it reports.
import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { projectRoot } from "../../src/project-root.ts";

export type LogLine = Record<string, unknown> & { msg?: string };

const entry = join(projectRoot, "dist", "workers", "main.js");

/**
 * The workers still running. A test process that dies (or is killed on a timeout) takes them with
 * it: one `exit` listener for all of them, not one each (a fleet of 8 passed Node's default limit of
 * 10 listeners and warned of a leak).
 */
const running = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of running) child.kill("SIGKILL");
});

export class WorkerProcess {
  readonly logs: LogLine[] = [];
  private readonly waiters = new Set<() => void>();
  readonly exited: Promise<number | null>;

  private constructor(private readonly child: ChildProcess) {
    running.add(child);
    this.exited = new Promise((resolve) =>
      child.once("exit", (code) => {
        running.delete(child);
        resolve(code);
      }),
    );
    const lines = createInterface({ input: child.stdout! });
    lines.on("line", (line) => {
      try {
        this.logs.push(JSON.parse(line) as LogLine);
      } catch {
        this.logs.push({ msg: line });
      }
      for (const wake of this.waiters) wake();
    });
    child.stderr!.on("data", (chunk: Buffer) => {
      this.logs.push({ msg: `stderr: ${chunk.toString()}` });
      for (const wake of this.waiters) wake();
    });
  }

  /** Starts a worker process, without waiting for anything (a start-up that fails, a build to interrupt). */
  static launch(env: Record<string, string>): WorkerProcess {
    if (!existsSync(entry)) throw new Error(`${entry} is missing: run \`npm run build\` first`);
    const child = spawn(process.execPath, [entry], {
      cwd: projectRoot,
      // Its info lines are what tests wait for (debug ones too when asked: a bench's trace).
      env: { ...process.env, ...env, LOG_LEVEL: env.LOG_LEVEL ?? "info" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    return new WorkerProcess(child);
  }

  /** Starts a worker and waits until it takes jobs. */
  static async start(env: Record<string, string>, timeoutMs = 60_000): Promise<WorkerProcess> {
    const worker = WorkerProcess.launch(env);
    try {
      await worker.waitForLog((line) => line.msg === "worker ready", timeoutMs);
    } catch (error) {
      worker.signal("SIGKILL");
      throw error;
    }
    return worker;
  }

  get alive(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  get pid(): number {
    return this.child.pid as number;
  }

  get ready(): LogLine {
    return this.logs.find((line) => line.msg === "worker ready") as LogLine;
  }

  async waitForLog(match: (line: LogLine) => boolean, timeoutMs = 30_000): Promise<LogLine> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.logs.find(match);
      if (found) return found;
      if (!this.alive)
        throw new Error(`worker exited (${this.child.exitCode ?? this.child.signalCode}):\n${this.tail()}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out waiting for a worker log line:\n${this.tail()}`);
      await new Promise<void>((resolve) => {
        const wake = () => {
          this.waiters.delete(wake);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(wake, Math.min(left, 500));
        this.waiters.add(wake);
      });
    }
  }

  tail(lines = 20): string {
    return this.logs
      .slice(-lines)
      .map((line) => JSON.stringify(line))
      .join("\n");
  }

  signal(signal: NodeJS.Signals): void {
    if (this.alive) this.child.kill(signal);
  }

  /** SIGTERM, then SIGKILL if it has not exited within `graceMs`. */
  async stop(graceMs = 15_000): Promise<number | null> {
    if (!this.alive) return this.child.exitCode;
    this.signal("SIGTERM");
    const timer = setTimeout(() => this.signal("SIGKILL"), graceMs);
    try {
      return await this.exited;
    } finally {
      clearTimeout(timer);
    }
  }
}
