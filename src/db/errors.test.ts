import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable, isUniqueViolation } from "./errors.ts";

describe("isDatabaseUnavailable", () => {
  it("recognises Postgres being away at every layer, also wrapped in causes", () => {
    const away = [
      { code: "P1001" },
      { code: "ECONNREFUSED" },
      { code: "57P01" },
      { code: "08006" },
      { kind: "DatabaseNotReachable" },
      new Error("Connection terminated unexpectedly"),
      new Error("timeout exceeded when trying to connect"),
      // A pooled pg client whose connection broke, used again.
      new Error("Client has encountered a connection error and is not queryable"),
      new Error("wrapper", { cause: new Error("Connection terminated") }),
      { meta: { driverAdapterError: { cause: { kind: "ConnectionClosed" } } } },
    ];
    for (const error of away) expect(isDatabaseUnavailable(error), JSON.stringify(error)).toBe(true);
  });

  it("leaves other failures alone", () => {
    const others = [
      undefined,
      null,
      "ECONNREFUSED",
      { code: "P2002" },
      { code: "23505" },
      new Error("Client has encountered a connection error"),
      new TypeError("cannot read properties of undefined"),
    ];
    for (const error of others) expect(isDatabaseUnavailable(error), String(error)).toBe(false);
    expect(isUniqueViolation({ code: "P2002" })).toBe(true);
  });
});
