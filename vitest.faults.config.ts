// `npm run faults`: the fault-injection tests (test/faults/), with real processes that are killed,
// stopped and restarted. Kept out of `npm test` (vitest.config.ts excludes them): they take minutes
// and stop servers on purpose. One file at a time: they measure recovery, and share two cores.
import { defineConfig } from "vitest/config";
import base from "./vitest.config.ts";

export default defineConfig({
  // The same module resolution as `npm test` (graphql's CommonJS build: see vitest.config.ts).
  resolve: base.resolve,
  test: {
    include: ["test/faults/**/*.test.ts"],
    testTimeout: 240_000,
    hookTimeout: 120_000,
    pool: "forks",
    fileParallelism: false,
  },
});
