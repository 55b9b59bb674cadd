import { createRequire } from "node:module";
import { defineConfig } from "vitest/config";

const require = createRequire(import.meta.url);

export default defineConfig({
  // graphql ships CommonJS and ESM builds without an exports map: Node (and so Apollo, graphql-ws)
  // loads the CommonJS one, while Vite would give our sources the ESM one, and errors thrown by our
  // code would then fail Apollo's `instanceof GraphQLError`. Tests load what production loads.
  resolve: { alias: [{ find: /^graphql$/, replacement: require.resolve("graphql") }] },
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts", "workers/**/*.test.ts"],
    exclude: ["node_modules", "dist", "test/faults/**"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
  },
});
