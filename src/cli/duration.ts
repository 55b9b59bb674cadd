// `--time-limit` values: seconds by default, as the API's `timeLimitSeconds` and the web page take
// them, or with an explicit unit: ms, s, m or min, h (`500ms`, `2s`, `1.5m`, `2min`, `1h`).
// Returns milliseconds for SolveOptions.

import { UsageError, quoteArgument } from "./io.ts";

const UNIT_MS: Readonly<Record<string, number>> = { ms: 1, s: 1000, m: 60_000, min: 60_000, h: 3_600_000 };

/** The longest limit accepted (a day): larger values are typos, and setTimeout overflows past 2^31 ms. */
const MAX_MS = 86_400_000;

export function parseTimeLimit(text: string): number {
  const match = /^\s*(\d+(?:\.\d+)?|\.\d+)\s*(ms|s|m|min|h)?\s*$/.exec(text);
  const ms = match === null ? Number.NaN : Number(match[1]) * UNIT_MS[match[2] ?? "s"];
  if (!(ms > 0) || ms > MAX_MS) {
    throw new UsageError(
      `--time-limit needs a positive duration up to 24h: seconds (30, 2.5) or with a unit, ms, s, m or min, h (500ms, 2s, 1m, 1h), got ${quoteArgument(text)}`,
    );
  }
  return ms;
}
