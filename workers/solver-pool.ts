// The pool of solver threads of one worker process (piscina). Each search gets a cancel flag in
// shared memory, polled by the core every few thousand nodes, and a MessagePort for progress.
import { existsSync } from "node:fs";
import { dirname, join, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { MessageChannel } from "node:worker_threads";
import { Piscina } from "piscina";
import type { Algorithm, HeuristicName, PuzzleSpec, SearchProgress, SolveResult } from "../src/core/types.ts";
import { CancelReason } from "./solver-task.ts";
import type { SolverThreadData, ThreadProbe, ThreadProbeTask, ThreadSearchTask } from "./solver-task.ts";

/**
 * The compiled thread file. Threads always run from dist/ (no TypeScript loader in threads), even
 * when this module itself is loaded from source by vitest or tsx.
 */
export function solverThreadPath(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const compiled = `${sep}dist${sep}workers`;
  const path = here.endsWith(compiled) ? join(here, "solver-thread.js") : join(here, "..", "dist", "workers", "solver-thread.js");
  if (!existsSync(path)) throw new Error(`solver thread ${path} is missing: run \`npm run build\``);
  return path;
}

export interface SearchRequest {
  readonly spec: PuzzleSpec;
  readonly algorithm: Algorithm;
  readonly heuristic: HeuristicName;
  readonly timeLimitMs: number;
}

export interface SearchHooks {
  readonly onProgress?: (progress: SearchProgress) => void;
  /** Aborting stops the search within a few milliseconds; it then resolves as `cancelled`. */
  readonly signal?: AbortSignal;
  /** How often the core reports progress between bounds (the caller throttles further). */
  readonly progressIntervalMs?: number;
}

export class SolverPool {
  readonly threads: number;
  private readonly pool: Piscina;

  constructor(threads: number, tables: Readonly<Record<string, SharedArrayBuffer>>) {
    this.threads = threads;
    const workerData: SolverThreadData = { tables };
    // Threads start at once and never idle out: they are seeded once and kept.
    this.pool = new Piscina({
      filename: solverThreadPath(),
      minThreads: threads,
      maxThreads: threads,
      idleTimeout: Number.POSITIVE_INFINITY,
      workerData,
    });
  }

  async search(request: SearchRequest, hooks: SearchHooks = {}): Promise<SolveResult> {
    const cancelFlag = new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT);
    const flag = new Int32Array(cancelFlag);
    const stop = () => Atomics.store(flag, 0, CancelReason.cancelled);
    const { port1, port2 } = new MessageChannel();
    port1.on("message", (progress: SearchProgress) => hooks.onProgress?.(progress));
    if (hooks.signal?.aborted) stop();
    hooks.signal?.addEventListener("abort", stop, { once: true });
    const task: ThreadSearchTask = {
      kind: "search",
      ...request,
      progressIntervalMs: hooks.progressIntervalMs ?? 250,
      cancelFlag,
      progressPort: port2,
    };
    try {
      return (await this.pool.run(task, { transferList: [port2] })) as SolveResult;
    } finally {
      hooks.signal?.removeEventListener("abort", stop);
      port1.close();
    }
  }

  /** Runs a probe on one thread (whichever is free); `holdMs` keeps that thread busy meanwhile. */
  probe(table?: string, holdMs = 0): Promise<ThreadProbe> {
    const task: ThreadProbeTask = { kind: "probe", table, holdMs };
    return this.pool.run(task) as Promise<ThreadProbe>;
  }

  async close(): Promise<void> {
    await this.pool.destroy();
  }
}
