// Worker processes announce the solver threads they offer: each beats into one Redis hash (field =
// its id, value = its threads, pattern databases and a deadline), and whoever reads the hash counts the entries whose
// deadline has not passed. A process that dies stops beating and drops out within 3 beats.
import { hostname } from "node:os";
import type { Redis } from "ioredis";
import { type WorkerBeat, workersKey } from "../src/solves/index.ts";

export class Heartbeat {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    readonly workerId: string,
    private readonly threads: number,
    private readonly beatMs: number,
    private readonly onError: (error: unknown) => void,
    /** The pattern databases its threads hold: the API refuses a PDB heuristic no worker offers. */
    private readonly pdbs: readonly string[] = [],
  ) {}

  /** Beats at once, then every beatMs. */
  start(): void {
    const beat = () => {
      const value: WorkerBeat = {
        threads: this.threads,
        pid: process.pid,
        host: hostname(),
        pdbs: this.pdbs,
        until: Date.now() + 3 * this.beatMs,
      };
      this.redis.hset(workersKey(this.prefix), this.workerId, JSON.stringify(value)).catch(this.onError);
    };
    beat();
    this.timer = setInterval(beat, this.beatMs);
  }

  /** Leaves the fleet at once (an orderly shutdown). */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.redis.hdel(workersKey(this.prefix), this.workerId).catch(this.onError);
  }
}
