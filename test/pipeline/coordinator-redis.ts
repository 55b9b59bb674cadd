// What a coordinator run in a test process talks to (real Redis and BullMQ, no worker): two Redis
// connections, the event bus, the unit queue and the split store, opened and closed together.
import { Queue } from "bullmq";
import { Redis } from "ioredis";
import { pino } from "pino";
import type { Config } from "../../src/config.ts";
import { EventBus } from "../../src/services/events.ts";
import { UNIT_QUEUE, type UnitJobData } from "../../src/solves/index.ts";
import { SplitStore } from "../../workers/split-store.ts";
import { testConfig } from "../helpers/config.ts";

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
