// A refetch that bursts of events may ask for many times at once: one runs at a time, and calls that
// come while it runs make one more run after it (never a queue of them).

/** Wraps `task` so that overlapping calls coalesce into at most one extra run. */
export function coalesced(task: () => Promise<void>): () => Promise<void> {
  let running = false;
  let again = false;
  const run = async (): Promise<void> => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      await task();
    } finally {
      running = false;
      if (again) {
        again = false;
        void run();
      }
    }
  };
  return run;
}
