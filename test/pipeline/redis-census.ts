// What a deployment keeps in Redis under its prefix, grouped by kind of key (job ids and other
// per-object parts collapsed), with each group's memory (MEMORY USAGE) and how many keys carry no
// TTL. Used by the retention tests (test/pipeline/retention*.test.ts) and for docs/pipeline.md's
// "What stays behind".
import type { Redis } from "ioredis";

export interface KeyGroup {
  keys: number;
  bytes: number;
  /** Keys without an expiry. */
  persistent: number;
}

export type Census = Record<string, KeyGroup>;

/** The kind of a key: `<prefix>:` removed, job ids, uuids and numbers replaced by `*`. */
function keyKind(prefix: string, key: string): string {
  return key
    .slice(prefix.length + 1)
    .replace(/(solve|unit)-[0-9a-f-]{36}[\w-]*/g, "$1-*")
    .replace(/:\d+(?=:|$)/g, ":*");
}

export async function redisCensus(redis: Redis, prefix: string): Promise<Census> {
  const census: Census = {};
  let cursor = "0";
  do {
    const [next, keys] = await redis.scan(cursor, "MATCH", `${prefix}:*`, "COUNT", 1000);
    cursor = next;
    for (const key of keys) {
      const [bytes, ttl] = await Promise.all([redis.memory("USAGE", key), redis.ttl(key)]);
      const kind = keyKind(prefix, key);
      census[kind] ??= { keys: 0, bytes: 0, persistent: 0 };
      const group = census[kind];
      group.keys++;
      group.bytes += Number(bytes ?? 0);
      if (ttl === -1) group.persistent++;
    }
  } while (cursor !== "0");
  return census;
}

export function totals(census: Census): KeyGroup {
  const sum: KeyGroup = { keys: 0, bytes: 0, persistent: 0 };
  for (const group of Object.values(census)) {
    sum.keys += group.keys;
    sum.bytes += group.bytes;
    sum.persistent += group.persistent;
  }
  return sum;
}
