// A PostgreSQL server of the test's own (initdb into a temporary directory, pg_ctl on a free port),
// which the test may stop and start again without touching the machine's shared server. Run as the
// `postgres` OS user when the test runs as root (Postgres refuses to run as root).
import { spawnSync } from "node:child_process";
import { chownSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "../pipeline/redis-child.ts";

const BIN = process.env.PG_BIN ?? "/usr/lib/postgresql/15/bin";

function osUser(name: string): { uid: number; gid: number } {
  const run = (flag: string) => Number(spawnSync("id", [flag, name], { encoding: "utf8" }).stdout.trim());
  return { uid: run("-u"), gid: run("-g") };
}

export class PostgresCluster {
  private running = false;

  private constructor(
    readonly dir: string,
    readonly port: number,
  ) {}

  /** initdb (trust authentication, role postgres, no fsync) and start. */
  static async create(): Promise<PostgresCluster> {
    const dir = mkdtempSync(join(tmpdir(), "faults-pg-"));
    if (process.getuid?.() === 0) {
      const { uid, gid } = osUser("postgres");
      chownSync(dir, uid, gid);
    }
    const cluster = new PostgresCluster(dir, await freePort());
    cluster.run(`${BIN}/initdb -D ${cluster.data} -A trust -U postgres --no-sync -E UTF8 --locale=C.UTF-8`);
    cluster.start();
    return cluster;
  }

  get data(): string {
    return join(this.dir, "data");
  }

  /** A database URL on this server (the database itself is created by whoever connects first). */
  url(database: string): string {
    return `postgresql://postgres@127.0.0.1:${this.port}/${database}`;
  }

  start(): void {
    const options = `-p ${this.port} -c listen_addresses=127.0.0.1 -k ${this.dir} -c fsync=off -c max_connections=200`;
    this.run(`${BIN}/pg_ctl -D ${this.data} -l ${join(this.dir, "log")} -o "${options}" -w -t 60 start`);
    this.running = true;
  }

  /** A fast shutdown: open connections are cut, as when the server crashes or restarts. */
  stop(): void {
    if (!this.running) return;
    this.run(`${BIN}/pg_ctl -D ${this.data} -m fast -w -t 60 stop`);
    this.running = false;
  }

  destroy(): void {
    try {
      this.stop();
    } finally {
      rmSync(this.dir, { recursive: true, force: true });
    }
  }

  private run(command: string): void {
    const asRoot = process.getuid?.() === 0;
    const run = asRoot
      ? spawnSync("su", ["postgres", "-s", "/bin/sh", "-c", command], { encoding: "utf8" })
      : spawnSync("/bin/sh", ["-c", command], { encoding: "utf8" });
    if (run.status !== 0) throw new Error(`${command} failed (${run.status}): ${run.stderr || run.stdout}`);
  }
}
