// The page's GraphQL types (web/src/gql/, committed) are what graphql-codegen makes today from the
// schema's SDL and the page's documents: a schema or document change without `npm run codegen` fails.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { generate } from "@graphql-codegen/cli";
import { describe, expect, it } from "vitest";
import { projectRoot } from "../../src/project-root.ts";
import config from "../../web/codegen.ts";

describe("web/src/gql", () => {
  it("is up to date with the schema and the page's documents (else run `npm run codegen`)", async () => {
    // Without saving, generate() answers the files it would write (typed `any` for its watch mode).
    const files: { filename: string; content: string }[] = await generate(
      { ...config, cwd: projectRoot, silent: true },
      false,
    );
    expect(files.map((file) => file.filename).sort()).toEqual(
      ["gql.ts", "graphql.ts", "index.ts"].map((name) => `web/src/gql/${name}`),
    );
    for (const file of files) {
      expect(readFileSync(join(projectRoot, file.filename), "utf8"), file.filename).toBe(file.content);
    }
  }, 60_000);
});
