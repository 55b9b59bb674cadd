// `puzzle solve --batch --threads N`: the main thread and N-1 helper threads each take the next
// puzzle from a shared counter (batch-task.ts) until none is left, so no thread idles while a
// puzzle waits, whatever the puzzles' sizes. The helpers start before the tables are loaded (a
// thread's start-up overlaps the loading) and get the tables with the puzzles; the main thread
// starts solving as soon as the tables are there. Answers come back in any order; the caller
// prints them in input order.

import { createRequire } from "node:module";
import type { MessagePort, Worker } from "node:worker_threads";
import type { PuzzleSpec, SolveResult } from "../core/types.ts";
import { tablesForThreads } from "../pdb-store/thread-tables.ts";
import { type BatchAnswer, type BatchWork, type HelperMessage, takeNext } from "./batch-task.ts";
import type { PlainSolveOptions } from "./task.ts";
import { startThread } from "../thread-path.ts";

/** How often, at most, the main thread's search takes the helpers' answers (ms). */
const POLL_MS = 20;

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
   * each answer arrives. This thread gives way to the helpers' messages between its puzzles, and
   * `solveHere` is given `poll`, which its search calls now and then (a cancel check) to take the
   * helpers' answers that came meanwhile: a line a helper answered is printed then, not once this
   * thread's puzzle ends (seconds later, or never if Ctrl-C comes first).
   */
  async run(
    specs: readonly PuzzleSpec[],
    options: PlainSolveOptions,
    solveHere: (spec: PuzzleSpec, poll: () => void) => SolveResult,
    onAnswer: (answer: BatchAnswer) => void,
  ): Promise<void> {
    const { MessageChannel, receiveMessageOnPort } = createRequire(import.meta.url)(
      "node:worker_threads",
    ) as typeof import("node:worker_threads");
    const counter = new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT);
    const tables = tablesForThreads();
    const takers = new Map<MessagePort, (message: HelperMessage) => void>();
    // The ports of the helpers still answering (a port leaves once its helper said it is done).
    const drain = (port: MessagePort) => {
      for (
        let got = receiveMessageOnPort(port);
        got !== undefined && takers.has(port);
        got = receiveMessageOnPort(port)
      )
        takers.get(port)?.(got.message as HelperMessage);
    };
    const finished = this.workers.map(
      (worker) =>
        new Promise<void>((resolve, reject) => {
          const { port1, port2 } = new MessageChannel();
          const take = (message: HelperMessage) => {
            if ("done" in message) {
              takers.delete(port1);
              port1.close();
            } else onAnswer(message);
          };
          port1.on("message", take);
          takers.set(port1, take);
          worker.once("error", reject);
          // The wait ends when the thread has ended (it ends once it said it is done; its output,
          // forwarded through this thread, is then out too), taking what it posted, if it was not yet.
          worker.once("exit", () => {
            if (takers.has(port1)) drain(port1);
            // A thread that died without saying it was done: its port holds nothing more.
            takers.delete(port1);
            port1.close();
            resolve();
          });
          const work: BatchWork = { tables, specs, options, counter, answers: port2 };
          worker.postMessage(work, [port2]);
        }),
    );
    let nextPoll = 0;
    const poll = () => {
      const now = performance.now();
      if (now < nextPoll) return;
      nextPoll = now + POLL_MS;
      for (const port of [...takers.keys()]) drain(port);
    };
    const shared = new Int32Array(counter);
    for (let index = takeNext(shared, specs.length); index >= 0; index = takeNext(shared, specs.length)) {
      try {
        onAnswer({ index, result: solveHere(specs[index], poll) });
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
