// graphql-codegen's client preset: the page's operation types, generated from the SDL files (no server
// needed) and the `graphql(...)` documents of web/src into web/src/gql/, which is committed.
// `npm run codegen` rewrites it; test/e2e/codegen.test.ts fails when it is stale.
import type { CodegenConfig } from "@graphql-codegen/cli";

const config: CodegenConfig = {
  schema: "src/graphql/schema/*.graphql",
  documents: ["web/src/**/*.ts", "!web/src/gql/**"],
  ignoreNoDocuments: false,
  generates: {
    "web/src/gql/": {
      preset: "client",
      // Whole result types (no fragment masking): the page reads fragments' fields directly.
      presetConfig: { fragmentMasking: false },
      config: {
        // Operations are sent as strings over fetch and graphql-ws: no graphql-js in the bundle.
        documentMode: "string",
        enumsAsTypes: true,
        useTypeImports: true,
        scalars: { DateTime: "string" },
        // The page never asks for __typename.
        skipTypename: true,
      },
    },
  },
};

export default config;
