// A search that cannot go on: its thread failed in a way a retry (on any worker lacking the same
// tables) repeats. The coordinator throws it; the search job fails for good and its Solves end
// FAILED with this message, which starts with the failure's stable code.
import type { SearchFailure } from "../src/solves/index.ts";

export class SearchFailedError extends Error {
  override readonly name = "SearchFailedError";

  constructor(readonly failure: SearchFailure) {
    super(`${failure.code}: ${failure.message}`);
  }
}
