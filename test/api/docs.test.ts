// The documentation stays true to the code: every environment variable the config reads is in the
// README's table, and every root field of the schema is documented in README.md or docs/.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CONFIG_VARIABLES } from "../../src/config.ts";
import { projectRoot } from "../../src/project-root.ts";
import { buildSchema } from "../../src/graphql/schema.ts";

const readme = readFileSync(join(projectRoot, "README.md"), "utf8");
const docs = [
  readme,
  ...readdirSync(join(projectRoot, "docs"))
    .filter((name) => name.endsWith(".md"))
    .map((name) => readFileSync(join(projectRoot, "docs", name), "utf8")),
].join("\n");

describe("documentation", () => {
  it.each(CONFIG_VARIABLES.map((name) => [name]))("README documents %s", (name) => {
    expect(readme).toMatch(new RegExp(`^\\| \`${name}\` \\|`, "m"));
  });

  const schema = buildSchema();
  const roots = [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()].flatMap(
    (type) => Object.keys(type?.getFields() ?? {}).map((field) => [`${type!.name}.${field}`, field] as const),
  );
  it.each(roots)("README.md or docs/ document %s", (_, field) => {
    expect(docs).toMatch(new RegExp(`\\b${field}\\b`));
  });
});
