// A Redis server of the test's own (a child process on a free port) that the test can stop and
// start again, to prove that requests accepted while Redis is away are not lost.
import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { Redis } from "ioredis";

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

export class RedisChild {
  private child: ChildProcess | undefined;

  private constructor(
    readonly port: number,
    private readonly extraArgs: readonly string[],
  ) {}

  /** `debugCommands`: DEBUG is allowed (DEBUG SLEEP <s> hangs the server, connections open). */
  static async start(options: { debugCommands?: boolean } = {}): Promise<RedisChild> {
    const extra = options.debugCommands ? ["--enable-debug-command", "yes"] : [];
    const redis = new RedisChild(await freePort(), extra);
    await redis.start();
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** Starts (again) on the same port, empty: nothing is saved. */
  async start(): Promise<void> {
    const child = spawn(
      "redis-server",
      [
        "--port",
        String(this.port),
        "--bind",
        "127.0.0.1",
        "--save",
        "",
        "--appendonly",
        "no",
        ...this.extraArgs,
      ],
      {
        stdio: "ignore",
      },
    );
    this.child = child;
    const orphaned = () => child.kill("SIGKILL");
    process.once("exit", orphaned);
    child.once("exit", () => process.off("exit", orphaned));
    const client = new Redis(this.url, {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    client.on("error", () => undefined); // refused until the server listens
    try {
      for (let i = 0; i < 100; i++) {
        try {
          await client.connect();
          await client.ping();
          return;
        } catch {
          client.disconnect();
          await new Promise((r) => setTimeout(r, 50));
        }
      }
      throw new Error(`redis-server on port ${this.port} did not start`);
    } finally {
      client.disconnect();
    }
  }

  async stop(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGKILL");
    await exited;
  }
}
