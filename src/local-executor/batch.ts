// `puzzle solve --batch --threads N`: the main thread and N-1 helper threads each take the next
// puzzle from a shared counter (batch-task.ts) until none is left, so no thread idles while a
// puzzle waits, whatever the puzzles' sizes. The helpers start before the tables are loaded (a
// thread's start-up overlaps the loading) and get the tables with the puzzles; the main thread
// starts solving as soon as the tables are there. Answers come back in any order; the caller
// prints them in input order.

import type { Worker } from "node:worker_threads";
import type { PuzzleSpec, SolveResult } from "../core/types.ts";
import { tablesForThreads } from "../pdb-store/thread-tables.ts";
import { type BatchAnswer, type BatchWork, takeNext } from "./batch-task.ts";
import type { PlainSolveOptions } from "./task.ts";
import { startThread } from "../thread-path.ts";

export class BatchHelpers {
  private readonly workers: Worker[];

  /** Starts `count` helper threads now; they wait for `run`. */
  constructor(count: number) {
    this.workers = Array.from({ length: Math.max(0, count) }, () =>
      startThread("src/local-executor/batch-thread.ts"),
    );
  }

  /**
   * Solves every puzzle once, on this thread (`solveHere`) and the helpers, calling `onAnswer` as
   * each answer arrives. This thread gives way to the helpers' messages between its puzzles.
   */
  async run(
    specs: readonly PuzzleSpec[],
    options: PlainSolveOptions,
    solveHere: (spec: PuzzleSpec) => SolveResult,
    onAnswer: (answer: BatchAnswer) => void,
  ): Promise<void> {
    const counter = new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT);
    const work: BatchWork = { tables: tablesForThreads(), specs, options, counter };
    const finished = this.workers.map(
      (worker) =>
        new Promise<void>((resolve, reject) => {
          worker.on("message", onAnswer);
          worker.once("error", reject);
          worker.once("exit", () => resolve());
          worker.postMessage(work);
        }),
    );
    const shared = new Int32Array(counter);
    for (let index = takeNext(shared, specs.length); index >= 0; index = takeNext(shared, specs.length)) {
      try {
        onAnswer({ index, result: solveHere(specs[index]) });
      } catch (error) {
        onAnswer({ index, error: error instanceof Error ? error.message : String(error) });
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
    await Promise.all(finished);
  }

  /** Stops the helpers (after `run`, they have already ended). */
  async close(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }
}
