// When `puzzle solve --threads N` (N > 1) starts its solver threads for one puzzle. Starting them
// costs a run ~45 ms on two cores (Node's workers booting beside the main thread, then shut down), as
// much again as a whole 15-puzzle solve takes with the default tables. So a board below 25 cells
// starts them only once its first try (first-try.ts) has run START_AFTER_MS without an answer: most
// 15-puzzles are answered before, at one thread's cost. A 24-puzzle's search takes seconds to days:
// its threads start at once, their start-up overlapping the table loading (docs/cli.md, "--threads").

import type { LocalExecutor } from "../local-executor/executor.ts";

/** How long a first try on a board below 25 cells runs before the solver threads start. */
const START_AFTER_MS = 20;

/** Boards with at least this many cells start their threads at once. */
const EAGER_CELLS = 25;

export class SplitThreads {
  private executor: LocalExecutor | undefined;
  private startAt = Number.POSITIVE_INFINITY;

  /**
   * `start` starts the executor (synchronously: it may be called from the first try's cancel
   * check); it runs now for boards of `cells` ≥ 25.
   */
  constructor(
    cells: number,
    private readonly start: () => LocalExecutor,
    private readonly delayMs = START_AFTER_MS,
    private readonly now: () => number = () => performance.now(),
  ) {
    if (cells >= EAGER_CELLS) this.executor = start();
  }

  /** Marks the first try's start: threads not yet started start `delayMs` later (seen by `up`). */
  firstTryStarts(): void {
    this.startAt = this.now() + this.delayMs;
  }

  /** The first try's cancel check: starts the threads when due; true once every one is up. */
  up(): boolean {
    if (this.executor === undefined && this.now() >= this.startAt) this.executor = this.start();
    return this.executor?.threadsUp() ?? false;
  }

  /** Whether the threads were started (false: the puzzle was answered without them). */
  get started(): boolean {
    return this.executor !== undefined;
  }

  /** The executor, started now if it was not yet. */
  get running(): LocalExecutor {
    this.executor ??= this.start();
    return this.executor;
  }

  close(): Promise<void> {
    return this.executor?.close() ?? Promise.resolve();
  }
}
