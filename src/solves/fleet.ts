// The fleet as its heartbeats describe it (workers/fleet.ts beats): worker processes and solver
// threads online. Read by coordinators (to size split searches) and by /readyz.
import type { Redis } from "ioredis";
import { type WorkerBeat, workersKey } from "./contracts.ts";

/** Worker processes and their solver threads, online now. */
export interface FleetSize {
  readonly workers: number;
  readonly threads: number;
  /** Pattern databases (e.g. "663") at least one live worker holds. */
  readonly pdbs: readonly string[];
  /** The live workers (their ids) holding each of those pattern databases. */
  readonly holders: Readonly<Record<string, readonly string[]>>;
}

/** Live worker processes and their threads (stale entries are dropped on the way). */
export async function readFleet(redis: Redis, prefix: string): Promise<FleetSize> {
  const entries = await redis.hgetall(workersKey(prefix));
  const now = Date.now();
  let workers = 0;
  let threads = 0;
  const holders: Record<string, string[]> = {};
  const stale: string[] = [];
  for (const [id, text] of Object.entries(entries)) {
    const beat = JSON.parse(text) as WorkerBeat;
    if (beat.until < now) stale.push(id);
    else {
      workers++;
      threads += beat.threads;
      for (const name of beat.pdbs ?? []) holders[name] = [...(holders[name] ?? []), id];
    }
  }
  if (stale.length > 0) await redis.hdel(workersKey(prefix), ...stale);
  return { workers, threads, pdbs: Object.keys(holders).sort(), holders };
}
