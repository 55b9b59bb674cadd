// Cancellation across machines: cancelSolve publishes the job id on a Redis channel; every worker
// process listens and, if it runs that job, aborts it through BullMQ's own job cancellation (the
// processor's AbortSignal), which sets the search's cancel flag in shared memory.
import { Redis } from "ioredis";
import type { Logger } from "pino";
import { cancelChannel } from "../src/queue/contracts.ts";
import type { CancelMessage } from "../src/queue/contracts.ts";
import { consumerRedisOptions } from "../src/queue/redis-options.ts";

export class CancelListener {
  private readonly redis: Redis;

  constructor(
    redisUrl: string,
    prefix: string,
    onCancel: (jobId: string) => void,
    private readonly log: Logger,
  ) {
    const { url, ...options } = consumerRedisOptions(redisUrl);
    this.redis = new Redis(url as string, options);
    this.redis.on("error", (error: Error) => log.debug({ err: error }, "cancel listener connection error"));
    const channel = cancelChannel(prefix);
    this.redis.on("message", (from: string, text: string) => {
      if (from !== channel) return;
      try {
        const { jobId } = JSON.parse(text) as CancelMessage;
        if (typeof jobId === "string") onCancel(jobId);
      } catch (error) {
        log.warn({ err: error }, "bad cancel message");
      }
    });
    // ioredis re-subscribes by itself after a reconnect.
    this.redis.subscribe(channel).catch((error: unknown) => log.warn({ err: error }, "cancel subscription failed"));
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }
}
