// What a coordinator run in a test process talks to (real Redis and BullMQ, no worker): two Redis
// connections, the event bus, the unit queue and the split store, opened and closed together.
import { Queue } from "bullmq";
import { afterAll, beforeAll } from "vitest";
import { Redis } from "ioredis";
import { pino } from "pino";
import type { Config } from "../../src/config.ts";
import { createPuzzle } from "../../src/core/puzzle.ts";
import { EventBus } from "../../src/services/events.ts";
import { type SolveJobData, UNIT_QUEUE, type UnitJobData } from "../../src/solves/index.ts";
import { SplitStore } from "../../workers/split-store.ts";
import { testConfig } from "../helpers/config.ts";
import { BOARDS } from "./pipeline.ts";

/**
 * The job of an IDA* search (linear conflict, a minute's limit) of Korf's #60 (BOARDS.hard: seconds on
 * one thread), with `options` (split, owner, another limit) on top.
 */
export function hardSearch(options: Partial<SolveJobData> = {}): SolveJobData {
  return {
    puzzleId: 1,
    canonicalKey: "k",
    spec: createPuzzle({ kind: "sliding", rows: 4, cols: 4, start: [...BOARDS.hard] }),
    algorithm: "idastar",
    heuristic: "linear-conflict",
    timeLimitMs: 60_000,
    ...options,
  };
}

export class CoordinatorRedis {
  readonly redis: Redis;
  private readonly publisher: Redis;
  readonly events: EventBus;
  readonly units: Queue<UnitJobData, void>;
  readonly store: SplitStore;

  /** `config`: the test's own (its Redis prefix), or a fresh one. */
  constructor(readonly config: Config = testConfig()) {
    const { redisUrl, redisPrefix } = config;
    this.redis = new Redis(redisUrl);
    this.publisher = new Redis(redisUrl);
    this.events = new EventBus({
      redisUrl,
      prefix: redisPrefix,
      publisher: this.publisher,
      logger: pino({ level: "silent" }),
    });
    this.units = new Queue<UnitJobData, void>(UNIT_QUEUE, {
      connection: { url: redisUrl },
      prefix: redisPrefix,
    });
    this.store = new SplitStore(this.redis, redisPrefix, (topic) => this.events.channel(topic));
  }

  /** Removes every unit job left, then closes it all. */
  async close(): Promise<void> {
    await this.units.obliterate({ force: true });
    await this.units.close();
    await this.events.close();
    this.redis.disconnect();
    this.publisher.disconnect();
  }
}

/**
 * A CoordinatorRedis opened before the file's tests (a fresh Redis prefix) and closed after them;
 * its parts are read inside a test.
 */
export function useCoordinatorRedis(): Pick<CoordinatorRedis, "redis" | "store" | "config"> {
  let open: CoordinatorRedis | undefined;
  beforeAll(() => {
    open = new CoordinatorRedis(testConfig());
  });
  afterAll(() => open?.close());
  const opened = () => {
    if (open === undefined) throw new Error("useCoordinatorRedis: read inside a test");
    return open;
  };
  return {
    get redis() {
      return opened().redis;
    },
    get store() {
      return opened().store;
    },
    get config() {
      return opened().config;
    },
  };
}
