// Import boundaries of the house (docs/architecture.md). `npm run check:boundaries` runs this over the
// whole tree; every rule is an error. A rule broken on purpose for a while is listed in
// `knownViolations` below (with why and when it goes), never switched off.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "core-is-pure",
      comment:
        "src/core is the pure search core, also bundled into the web page: its code imports only other " +
        "files of src/core (no npm package, no node: built-in, nothing else of the app). Its tests may " +
        "import test tooling (vitest, fast-check, node:fs).",
      severity: "error",
      from: { path: "^src/core/", pathNot: "\\.test\\.ts$" },
      to: { pathNot: "^src/core/" },
    },
    {
      name: "no-cycles",
      comment: "Modules form a tree of layers: a cycle means two files are one concern, or one is misplaced.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "workers-not-to-api",
      comment:
        "Workers take jobs and write result rows; they never load the API (GraphQL, HTTP, the server " +
        "or the API's application container src/app.ts).",
      severity: "error",
      from: { path: "^workers/" },
      to: { path: "^src/(graphql/|http/|server\\.ts$|app\\.ts$)" },
    },
    {
      name: "domain-not-to-transport",
      comment:
        "Services, repositories, Redis connections, the database, the pattern-database store, the Solve lifecycle " +
        "(src/solves) and the domain errors (src/errors) know nothing of how requests arrive: no GraphQL, " +
        "no HTTP, no server, no API container. They throw domain errors; src/graphql maps them to codes.",
      severity: "error",
      from: { path: "^src/(services|repositories|redis|db|pdb-store|solves|errors)/" },
      to: { path: "^src/(graphql/|http/|server\\.ts$|app\\.ts$)" },
    },
    {
      name: "web-only-core-entry",
      comment:
        "The web page bundles its own code, npm packages, and the core through its public entry " +
        "src/core/index.ts only: nothing else of the server side.",
      severity: "error",
      from: { path: "^web/src/" },
      to: { pathNot: "^(web/src/|src/core/index\\.ts$|node_modules/)" },
    },
    {
      name: "not-to-unresolvable",
      comment: "An import that resolves to nothing is a typo or a missing dependency.",
      severity: "error",
      from: {},
      to: { couldNotResolve: true },
    },
    {
      name: "no-test-code-in-production",
      comment: "Shipped code (src, workers, web/src) never imports tests or their helpers.",
      severity: "error",
      from: { path: "^(src|workers|web/src)/", pathNot: "\\.test\\.ts$" },
      to: { path: "(^test/|\\.test\\.ts$)" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(dist|web/dist|src/generated|node_modules)/" },
    tsConfig: { fileName: "tsconfig.json" },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".mts", ".js", ".mjs", ".cjs", ".d.ts", ".json"],
      // Types-only packages (e.g. @graphql-typed-document-node/core) name their entry in `typings`.
      mainFields: ["module", "main", "types", "typings"],
    },
    reporterOptions: { text: { highlightFocused: true } },
    knownViolations: [],
  },
};
