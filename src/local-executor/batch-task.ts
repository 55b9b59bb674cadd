// What the main thread of a batch and its helper threads share: the puzzles, a counter in shared
// memory that hands out the next puzzle to whichever thread is free (no thread idles while a puzzle
// is left), and the answers the helpers post back.

import type { MessagePort } from "node:worker_threads";
import type { PuzzleSpec, SolveResult } from "../core/types.ts";
import type { ThreadTables } from "../pdb-store/thread-tables.ts";
import type { PlainSolveOptions } from "./task.ts";

export interface BatchWork {
  readonly tables: ThreadTables;
  readonly specs: readonly PuzzleSpec[];
  readonly options: PlainSolveOptions;
  /** Int32Array[1]: the index of the next puzzle to take. */
  readonly counter: SharedArrayBuffer;
  /**
   * Where the helper posts its answers, then `{ done: true }`: a port, not the thread's own channel,
   * so that the main thread can take them (receiveMessageOnPort) in the middle of its own puzzle.
   */
  readonly answers: MessagePort;
}

/** What a helper posts on its answers port: an answer, or that it has taken its last puzzle. */
export type HelperMessage = BatchAnswer | { readonly done: true };

export type BatchAnswer =
  | { readonly index: number; readonly result: SolveResult }
  | { readonly index: number; readonly error: string };

/** The next puzzle's index, or -1 when every puzzle is taken. */
export function takeNext(counter: Int32Array, count: number): number {
  const index = Atomics.add(counter, 0, 1);
  return index < count ? index : -1;
}
