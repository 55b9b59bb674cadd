// Closing BullMQ's Queues, QueueEvents and Workers in bounded time, quietly, whatever Redis' state.
// BullMQ's close() sends QUIT: on a producer connection (no offline queue) it fails at once while
// Redis is away ("Stream isn't writeable…"), after BullMQ has removed its error listener, so the client
// goes on reconnecting and ioredis prints "Unhandled error event" for each attempt; on a consumer
// connection, and in a Worker's close() (which waits for its blocking connection to end, BullMQ issue
// #4656), it waits for Redis forever. Here a close that fails or outlasts its bound drops the
// connections instead: no QUIT, no reconnection, no error left unhandled.
import { fulfilledWithin } from "../with-timeout.ts";

/** A queue's close on a request-serving process' shutdown: Redis answers in milliseconds when it is there. */
export const QUEUE_CLOSE_MS = 2000;

/** What BullMQ's Queue, QueueEvents and Worker have in common here. */
export interface BullmqClosable {
  close(): Promise<void>;
  disconnect(): Promise<void>;
  getBackend(): unknown;
}

/** The part of an ioredis client (or BullMQ's proxy of one) used to drop it. */
interface DroppableClient {
  readonly status?: string;
  on(event: "error", listener: (error: unknown) => void): unknown;
  disconnect(): void;
}

/**
 * The ioredis clients of a BullMQ object: its connection and a Worker's blocking one. BullMQ 6 keeps
 * them on its Redis backend (`connection`, `blockingConnection`), each a RedisConnection holding the
 * client in `_client` (reached without waiting: its public `client` waits for a first connection).
 */
function clientsOf(target: BullmqClosable): DroppableClient[] {
  const backend = target.getBackend() as
    | { connection?: { _client?: DroppableClient }; blockingConnection?: { _client?: DroppableClient } }
    | undefined;
  return [backend?.connection?._client, backend?.blockingConnection?._client].filter(
    (client): client is DroppableClient => typeof client?.disconnect === "function",
  );
}

/** Drops the object's connections at once (no QUIT): pending commands fail, nothing reconnects. */
export function dropConnections(target: BullmqClosable): void {
  const clients = clientsOf(target);
  if (clients.length === 0) {
    // Another BullMQ layout: its own forced disconnect (it may wait for a connection; not awaited).
    target.disconnect().catch(() => undefined);
    return;
  }
  for (const client of clients) {
    client.on("error", () => undefined); // the last words of a dropped socket
    if (client.status !== "end") client.disconnect();
  }
}

/**
 * Closes `target` (BullMQ's close: a Worker first waits for its running jobs) within `ms`; if that
 * fails or takes longer, drops its connections. True when it closed cleanly.
 */
export async function closeWithin(target: BullmqClosable, ms: number): Promise<boolean> {
  let closing: Promise<void>;
  try {
    closing = target.close();
  } catch {
    closing = Promise.reject(new Error("close threw"));
  }
  const ok = await fulfilledWithin(closing, ms);
  if (!ok) dropConnections(target);
  return ok;
}
