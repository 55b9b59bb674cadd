// The request budget over WebSocket, on the subscription's path: the point of a connection's first
// operation is taken while its connection_init is answered (the Redis round trip overlaps the ack),
// and given back if the socket closes before running any operation, so a connection costs exactly
// the operations it runs (RATE_LIMIT_REQUESTS per window, per user with a token).
import { createClient } from "graphql-ws";
import { describe, expect, it } from "vitest";
import WebSocket from "ws";
import { useTestServer } from "../helpers/server.ts";
import { subscribe, wsClient } from "../helpers/ws.ts";

const api = useTestServer({ env: { RATE_LIMIT_REQUESTS: "3" } });

describe("the WebSocket request budget", () => {
  it("charges operations, not connections", async () => {
    const { token } = await api.client().signUp(); // charged to this IP, not to the token
    const limits = api.server.app.rateLimits;
    let refunds = 0;
    const refund = limits.refund.bind(limits);
    limits.refund = async (...args) => {
      await refund(...args);
      refunds++;
    };
    // Three connections acknowledged, then closed without an operation.
    for (let i = 0; i < 3; i++) {
      const idle = createClient({
        url: api.wsUrl,
        webSocketImpl: WebSocket,
        connectionParams: { authorization: `Bearer ${token}` },
        lazy: false,
        retryAttempts: 0,
      });
      await new Promise<void>((resolve, reject) => {
        idle.on("connected", () => resolve());
        idle.on("error", reject);
      });
      await idle.dispose();
    }
    for (let waited = 0; refunds < 3; waited += 10) {
      if (waited > 5000) throw new Error(`${refunds} of 3 points given back`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    // The whole budget is left: three operations (each on a connection of its own), then refused.
    const client = wsClient(api.wsUrl, token);
    const outcomes: string[] = [];
    try {
      for (let i = 0; i < 4; i++) {
        const result = await subscribe(client, `{ me { name } }`)
          .next()
          .catch((error: unknown) => error);
        outcomes.push(JSON.stringify(result).includes("RATE_LIMITED") ? "refused" : "ran");
      }
    } finally {
      await client.dispose();
    }
    expect(outcomes).toEqual(["ran", "ran", "ran", "refused"]);
  });
});
