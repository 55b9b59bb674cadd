// A helper thread of a batch (batch.ts): starts at once, waits for the tables and the puzzles, then
// takes puzzles one at a time from the counter it shares with the main thread and the other helpers,
// posting each answer as it is found, until none is left.

import { parentPort } from "node:worker_threads";
import { solve } from "../core/solve.ts";
import { seedThreadTables } from "../pdb-store/thread-tables.ts";
import type { BatchAnswer, BatchWork } from "./batch-task.ts";
import { takeNext } from "./batch-task.ts";

parentPort?.once("message", (work: BatchWork) => {
  seedThreadTables(work.tables);
  const counter = new Int32Array(work.counter);
  for (
    let index = takeNext(counter, work.specs.length);
    index >= 0;
    index = takeNext(counter, work.specs.length)
  ) {
    let answer: BatchAnswer;
    try {
      answer = { index, result: solve(work.specs[index], work.options) };
    } catch (error) {
      answer = { index, error: error instanceof Error ? error.message : String(error) };
    }
    work.answers.postMessage(answer);
  }
  work.answers.postMessage({ done: true });
  work.answers.close();
  parentPort?.close();
});
