// GraphQL over WebSocket (graphql-ws) for tests. Node 20 has no global WebSocket: the `ws` package
// is passed in. The token goes in connection_init as { authorization: "Bearer <token>" }.
import { createClient, type Client } from "graphql-ws";
import type { FormattedExecutionResult } from "graphql";
import WebSocket from "ws";

export function wsClient(wsUrl: string, token?: string): Client {
  return createClient({
    url: wsUrl,
    webSocketImpl: WebSocket,
    connectionParams: token === undefined ? undefined : { authorization: `Bearer ${token}` },
    retryAttempts: 0,
    lazy: true,
  });
}

/** The results of one subscription, read one at a time with a deadline. */
export interface TestSubscription<T> {
  next(timeoutMs?: number): Promise<FormattedExecutionResult<T, unknown>>;
  /** Resolves when the server completes the subscription (or rejects with its error). */
  stop(): Promise<void>;
}

export function subscribe<T = Record<string, any>>(
  client: Client,
  query: string,
  variables?: Record<string, unknown>,
): TestSubscription<T> {
  const iterator = client.iterate<T>({ query, variables });
  return {
    async next(timeoutMs = 5000) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`no subscription event within ${timeoutMs} ms`)),
          timeoutMs,
        );
      });
      try {
        const result = await Promise.race([iterator.next(), timeout]);
        if (result.done) throw new Error("the subscription completed");
        return result.value;
      } finally {
        clearTimeout(timer);
      }
    },
    async stop() {
      await iterator.return?.();
    },
  };
}

/** Waits until `count` Redis subscribers listen on `channel` (a subscription is live server-side). */
export async function waitForSubscribers(
  redis: { call(...args: string[]): Promise<unknown> },
  channel: string,
  count = 1,
  timeoutMs = 5000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const reply = (await redis.call("PUBSUB", "NUMSUB", channel)) as [string, number];
    if (Number(reply[1]) >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no subscriber on ${channel} after ${timeoutMs} ms`);
}
