// The progress stream's own rules, with a fake event source (the pipeline tests run it on real
// Redis, Postgres and workers).
import { describe, expect, it } from "vitest";
import type { Solve } from "../generated/prisma/client.ts";
import { createLogger } from "../logger.ts";
import type { SolveJobProgress } from "./contracts.ts";
import type { SolveEvents } from "./events.ts";
import { type SolveEvent, SolveProgressStream } from "./progress.ts";

const running: Solve = {
  id: 7,
  puzzleId: 3,
  requestedById: 1,
  onBehalfOfId: null,
  canonicalKey: "k",
  algorithm: "IDA_STAR",
  heuristic: "AUTO",
  timeLimitSeconds: 60,
  split: null,
  status: "RUNNING",
  jobId: "solve-x",
  cached: false,
  moves: null,
  length: null,
  optimal: null,
  lowerBound: null,
  nodesExpanded: null,
  durationMs: null,
  algorithmUsed: null,
  heuristicUsed: null,
  unitsTotal: null,
  provenLowerBound: null,
  error: null,
  queuedAt: new Date("2026-01-02T03:04:05.006Z"),
  startedAt: new Date("2026-01-02T03:04:05.010Z"),
  finishedAt: null,
};

/** A stream on `running` and the function that announces a job's progress to it. */
async function openStream(): Promise<{
  stream: SolveProgressStream;
  report: (progress: SolveJobProgress) => void;
  announce: (solve: Solve) => void;
}> {
  let report: (progress: SolveJobProgress) => void = () => undefined;
  let announce: (solve: Solve) => void = () => undefined;
  const events = {
    listening: async () => undefined,
    watch: (_solveId: number, listener: (solve: Solve) => void) => {
      announce = listener;
      return () => undefined;
    },
    watchJob: (_jobId: string, listener: (progress: SolveJobProgress) => void) => {
      report = listener;
      return () => undefined;
    },
  } as unknown as SolveEvents;
  const stream = await SolveProgressStream.open(running.id, {
    load: async () => running,
    events,
    log: createLogger({ logLevel: "silent" }),
  });
  if (stream === null) throw new Error("no stream");
  return { stream, report: (progress) => report(progress), announce: (solve) => announce(solve) };
}

function split(elapsedMs: number, nodes: number, unitsTotal = 25): SolveJobProgress {
  return {
    bound: 80,
    lowerBound: 80,
    nodes,
    elapsedMs,
    nodesPerSecond: 1,
    unitsDone: 3,
    unitsTotal,
    threads: 2,
  };
}

async function take(stream: SolveProgressStream, count: number): Promise<SolveEvent[]> {
  const events: SolveEvent[] = [];
  for (let i = 0; i < count; i++) events.push((await stream.next()).value as SolveEvent);
  return events;
}

describe("solveProgress stream", () => {
  it("drops a split search's report older than one already sent (a frozen coordinator's, after a takeover)", async () => {
    const { stream, report } = await openStream();
    report(split(52_971, 267_705_573, 31));
    // The report a SIGSTOPped coordinator held, published when it resumes after another worker took
    // the search over: it must not take the figures back.
    report(split(3_144, 59_868_325, 25));
    report(split(53_300, 313_000_000, 31));
    const [first, ...live] = await take(stream, 3);
    await stream.return();
    expect(first.solve?.id).toBe(running.id);
    expect(live.map((e) => [e.elapsedMs, e.nodesExpanded])).toEqual([
      [52_971, 267_705_573],
      [53_300, 313_000_000],
    ]);
  });

  it("keeps a split search's report whose clock is behind but whose count is ahead (a takeover by a worker whose clock is behind)", async () => {
    const { stream, report } = await openStream();
    report(split(20_000, 100_000_000));
    report(split(19_200, 104_000_000));
    report(split(20_100, 108_000_000));
    const [, ...live] = await take(stream, 4);
    await stream.return();
    expect(live.map((e) => e.nodesExpanded)).toEqual([100_000_000, 104_000_000, 108_000_000]);
  });

  it("keeps a whole search's reports whatever their clock (a retried thread counts from 0 again)", async () => {
    const { stream, report } = await openStream();
    const whole = (elapsedMs: number, nodes: number): SolveJobProgress => ({
      bound: 50,
      nodes,
      elapsedMs,
      nodesPerSecond: 1,
    });
    report(whole(9_000, 900));
    report(whole(100, 10));
    const [, ...live] = await take(stream, 3);
    await stream.return();
    expect(live.map((e) => e.elapsedMs)).toEqual([9_000, 100]);
  });

  it("ends a search the reconciler timed out (no figures yet) with the last live figures", async () => {
    const { stream, report, announce } = await openStream();
    report(split(4_000, 120_000_000));
    // The coordinator was gone at the limit: the reconciler's row has the stored bound, no nodes.
    announce({ ...running, status: "TIMED_OUT", lowerBound: 78, finishedAt: new Date(), durationMs: 5_500 });
    const [, live, final] = await take(stream, 3);
    expect(live.status).toBe("RUNNING");
    expect(final).toMatchObject({
      status: "TIMED_OUT",
      lowerBound: 80,
      nodesExpanded: 120_000_000,
      provenLowerBound: 80,
      unitsTotal: 25,
      threads: 2,
    });
    expect(final.solve?.status).toBe("TIMED_OUT");
    expect((await stream.next()).done).toBe(true);
  });
});
