// Live events between processes through Redis pub/sub: any API process publishes, every API process
// fans the event out to its own GraphQL subscribers. Events are hints ("puzzle 42 was created"),
// not data: Postgres stays the source of truth and subscribers load what they show from it.
// Publishing never fails a request: with Redis away the event is dropped and logged. One subscriber
// connection per process carries every topic; whoever must not miss an event (solveProgress) waits for
// its channel to be subscribed before reading Postgres, and reads again when `onResubscribed` says the
// connection came back (what was published while it was away is lost: pub/sub is at-most-once).
import type { Redis } from "ioredis";
import type { Logger } from "../logger.ts";
import { createRedis } from "../redis/connection.ts";

/** Events buffered per subscriber before the oldest are dropped (a stalled client must not grow memory). */
const MAX_BUFFERED = 1000;

type Listener = (payload: unknown) => void;

export interface EventBusOptions {
  readonly redisUrl: string;
  /** Key prefix of the deployment; channels are `<prefix>:events:<topic>`. */
  readonly prefix: string;
  /** The connection used to publish (a normal client; a subscribed one cannot publish). */
  readonly publisher: Redis;
  readonly logger: Logger;
}

/** An async iterator of one topic's events for one subscriber; `return()` unsubscribes. */
class TopicIterator<T> implements AsyncIterableIterator<T> {
  private readonly buffered: T[] = [];
  private waiting: ((result: IteratorResult<T>) => void) | undefined;
  private closed = false;

  constructor(private readonly onClose: () => void) {}

  push(value: T): void {
    if (this.closed) return;
    const waiting = this.waiting;
    if (waiting !== undefined) {
      this.waiting = undefined;
      waiting({ value, done: false });
      return;
    }
    if (this.buffered.length >= MAX_BUFFERED) this.buffered.shift();
    this.buffered.push(value);
  }

  next(): Promise<IteratorResult<T>> {
    if (this.buffered.length > 0) return Promise.resolve({ value: this.buffered.shift() as T, done: false });
    if (this.closed) return Promise.resolve({ value: undefined, done: true });
    return new Promise((resolve) => {
      this.waiting = resolve;
    });
  }

  return(): Promise<IteratorResult<T>> {
    this.close();
    return Promise.resolve({ value: undefined, done: true });
  }

  throw(error: unknown): Promise<IteratorResult<T>> {
    this.close();
    return Promise.reject(error);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.buffered.length = 0;
    this.onClose();
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting?.({ value: undefined, done: true });
  }

  [Symbol.asyncIterator](): this {
    return this;
  }
}

export class EventBus {
  private subscriber: Redis | undefined;
  private readonly listeners = new Map<string, Set<Listener>>();
  /** Per channel: true once Redis acknowledged its SUBSCRIBE, false if the attempt failed. */
  private readonly subscribed = new Map<string, Promise<boolean>>();
  private readonly resubscribed = new Set<() => void>();
  private readonly iterators = new Set<TopicIterator<unknown>>();

  constructor(private readonly options: EventBusOptions) {}

  channel(topic: string): string {
    return `${this.options.prefix}:events:${topic}`;
  }

  /** Publishes `payload` (JSON) to every process; false when Redis could not take it. */
  async publish(topic: string, payload: unknown): Promise<boolean> {
    try {
      await this.options.publisher.publish(this.channel(topic), JSON.stringify(payload));
      return true;
    } catch (error) {
      this.options.logger.warn({ err: error, topic }, "event not published (Redis unavailable)");
      return false;
    }
  }

  /** Events of `topic` from now on, optionally filtered. Ends when the bus closes. */
  subscribe<T>(topic: string, filter?: (event: T) => boolean): AsyncIterableIterator<T> {
    const channel = this.channel(topic);
    const listener: Listener = (payload) => {
      if (filter === undefined || filter(payload as T)) iterator.push(payload as T);
    };
    const iterator: TopicIterator<T> = new TopicIterator<T>(() => {
      this.iterators.delete(iterator as TopicIterator<unknown>);
      this.removeListener(channel, listener);
    });
    this.iterators.add(iterator as TopicIterator<unknown>);
    this.addListener(channel, listener);
    return iterator;
  }

  /**
   * Resolves true once `topic` has a listener whose channel Redis acknowledged (events published from
   * then on reach it), false when that takes longer than `ms` (Redis away: the caller reads anyway and
   * relies on `onResubscribed`). True says nothing of a connection lost later: see `onResubscribed`.
   */
  async whenSubscribed(topic: string, ms: number): Promise<boolean> {
    const acknowledged = this.subscribed.get(this.channel(topic));
    if (acknowledged === undefined) return false;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), ms);
    });
    try {
      return await Promise.race([acknowledged, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * Calls `listener` each time the subscriber connection is ready (after a loss, or a first connection
   * that had to wait for Redis), once Redis has the channels again: events published meanwhile were
   * lost, so whoever depends on them reads their state again. Returns the removal.
   */
  onResubscribed(listener: () => void): () => void {
    this.resubscribed.add(listener);
    return () => this.resubscribed.delete(listener);
  }

  /** Ends every subscription and closes the subscriber connection. */
  async close(): Promise<void> {
    for (const iterator of [...this.iterators]) iterator.close();
    const subscriber = this.subscriber;
    this.subscriber = undefined;
    // QUIT would wait in the offline queue for a Redis that is away; then just drop the socket.
    if (subscriber === undefined) return;
    if (subscriber.status === "ready") await subscriber.quit().catch(() => subscriber.disconnect());
    else subscriber.disconnect();
  }

  private connection(): Redis {
    if (this.subscriber === undefined) {
      const subscriber = createRedis(this.options.redisUrl, "consumer");
      subscriber.on("error", (error) =>
        this.options.logger.debug({ err: error }, "event subscriber: Redis error"),
      );
      subscriber.on("message", (channel: string, message: string) => this.dispatch(channel, message));
      subscriber.on("ready", () => this.announceResubscribed(subscriber));
      this.subscriber = subscriber;
    }
    return this.subscriber;
  }

  /**
   * ioredis sends the SUBSCRIBEs of a lost connection again before its "ready" event; a PING after them
   * is answered once Redis has processed them, so listeners read their state only after the channels
   * are back (and miss nothing in between).
   */
  private announceResubscribed(subscriber: Redis): void {
    subscriber.ping().then(
      () => {
        if (this.subscriber !== subscriber) return;
        for (const listener of this.resubscribed) listener();
      },
      (error: unknown) => this.options.logger.debug({ err: error }, "event subscriber: PING failed"),
    );
  }

  private dispatch(channel: string, message: string): void {
    const listeners = this.listeners.get(channel);
    if (listeners === undefined) return;
    let payload: unknown;
    try {
      payload = JSON.parse(message);
    } catch {
      this.options.logger.warn({ channel }, "ignored an event that is not JSON");
      return;
    }
    for (const listener of listeners) listener(payload);
  }

  private addListener(channel: string, listener: Listener): void {
    let listeners = this.listeners.get(channel);
    if (listeners === undefined) {
      listeners = new Set();
      this.listeners.set(channel, listeners);
      const acknowledged = this.connection()
        .subscribe(channel)
        .then(
          () => true,
          (error: unknown) => {
            this.options.logger.warn({ err: error, channel }, "subscribe failed");
            return false;
          },
        );
      this.subscribed.set(channel, acknowledged);
    }
    listeners.add(listener);
  }

  private removeListener(channel: string, listener: Listener): void {
    const listeners = this.listeners.get(channel);
    if (listeners === undefined) return;
    listeners.delete(listener);
    if (listeners.size > 0) return;
    this.listeners.delete(channel);
    this.subscribed.delete(channel);
    this.subscriber?.unsubscribe(channel).catch(() => {});
  }
}
