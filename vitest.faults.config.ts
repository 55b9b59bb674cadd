// `npm run faults`: the fault-injection tests (test/faults/), with real processes that are killed,
// stopped and restarted. Kept out of `npm test` (vitest.config.ts excludes them): they take minutes
// and stop servers on purpose. One file at a time: they measure recovery, and share two cores.
import { defineConfig, mergeConfig } from "vitest/config";
import base from "./vitest.config.ts";

export default mergeConfig(
  base,
  defineConfig({
    test: {
      include: ["test/faults/**/*.test.ts"],
      exclude: ["node_modules", "dist"],
      testTimeout: 240_000,
      hookTimeout: 120_000,
      fileParallelism: false,
    },
  }),
);
