// Steady traffic for fault tests: loops that keep sending requests while a test breaks something,
// recording every answer (data, a coded error, or something worse) and every accepted solve.
import type { GraphQLClient } from "../helpers/graphql.ts";
import { CLIENT_ERROR_CODES } from "../hostile/responses.ts";

export interface TrafficTally {
  sent: number;
  answered: number;
  /** Errors with a code, by code. */
  coded: Record<string, number>;
  /** Anything else: a 5xx without a code, a non-JSON body, a network failure. Must stay empty. */
  uncoded: string[];
  /** Ids of the Solves requestSolve accepted. */
  readonly accepted: string[];
}

export function newTally(): TrafficTally {
  return { sent: 0, answered: 0, coded: {}, uncoded: [], accepted: [] };
}

/**
 * Codes a client may see while a store is away: the client-error codes, SERVICE_UNAVAILABLE
 * (Postgres away), and masked internal errors (each drill says whether it tolerates those).
 */
const OUTAGE_CODES = new Set([...CLIENT_ERROR_CODES, "SERVICE_UNAVAILABLE", "INTERNAL_SERVER_ERROR"]);

/** Sends one operation and files its answer. Returns the data when there is some. */
export async function tracked<T = Record<string, any>>(
  tally: TrafficTally,
  client: GraphQLClient,
  query: string,
  variables?: Record<string, unknown>,
): Promise<T | undefined> {
  tally.sent++;
  try {
    const { status, body } = await client.request<T>(query, variables);
    const codes = (body.errors ?? []).map((error) => String(error.extensions?.code));
    if (codes.length === 0 && status === 200 && body.data) {
      tally.answered++;
      return body.data;
    }
    for (const code of codes) {
      if (OUTAGE_CODES.has(code)) tally.coded[code] = (tally.coded[code] ?? 0) + 1;
      else tally.uncoded.push(`${status} ${JSON.stringify(body).slice(0, 200)}`);
    }
    if (codes.length === 0) tally.uncoded.push(`${status} ${JSON.stringify(body).slice(0, 200)}`);
    return undefined;
  } catch (error) {
    tally.uncoded.push(`request failed: ${(error as Error).message}`);
    return undefined;
  }
}

/** Runs `step` over and over in `loops` parallel loops until `stop()` is called; resolves when they end. */
export function keepSending(
  loops: number,
  step: (loop: number, iteration: number) => Promise<void>,
  pauseMs = 50,
): { stop(): Promise<void> } {
  let running = true;
  const done = Promise.all(
    Array.from({ length: loops }, async (_, loop) => {
      for (let iteration = 0; running; iteration++) {
        await step(loop, iteration);
        await new Promise((resolve) => setTimeout(resolve, pauseMs));
      }
    }),
  );
  return {
    async stop() {
      running = false;
      await done;
    },
  };
}

/** Polls `url` every `everyMs` and records each status with when it was asked and answered, until stopped. */
export function pollStatus(
  url: string,
  everyMs = 250,
): { readonly samples: { at: number; end: number; status: number }[]; stop(): Promise<void> } {
  const samples: { at: number; end: number; status: number }[] = [];
  let running = true;
  const done = (async () => {
    while (running) {
      const at = Date.now();
      const status = await fetch(url, { signal: AbortSignal.timeout(5000) }).then(
        (r) => r.status,
        () => 0,
      );
      samples.push({ at, end: Date.now(), status });
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return {
    samples,
    async stop() {
      running = false;
      await done;
    },
  };
}

/** Waits (polling Postgres, not the API under test) until none of `ids` is QUEUED or RUNNING; returns their statuses. */
export async function waitForSolves(
  prisma: {
    solve: {
      findMany(args: {
        where: { id: { in: number[] } };
        select: { id: true; status: true };
      }): Promise<{ id: number; status: string }[]>;
    };
  },
  ids: readonly string[],
  timeoutMs = 180_000,
): Promise<Map<string, string>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const rows = await prisma.solve.findMany({
      where: { id: { in: ids.map(Number) } },
      select: { id: true, status: true },
    });
    const statuses = new Map(rows.map((row) => [String(row.id), row.status]));
    const open = [...statuses.values()].filter(
      (status) => status === "QUEUED" || status === "RUNNING",
    ).length;
    if (open === 0 && statuses.size === ids.length) return statuses;
    if (Date.now() > deadline)
      throw new Error(`${open} of ${ids.length} solves still open after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
