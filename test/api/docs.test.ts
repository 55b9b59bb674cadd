// The documentation stays true to the code: every environment variable the config reads is in the
// README's table, every root field of the schema is documented in README.md or docs/, and docs/api.md
// names every schema file, every domain error (with its code) and every limit the config sets.
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

  const api = readFileSync(join(projectRoot, "docs", "api.md"), "utf8");
  const section = (heading: string): string => {
    const start = api.indexOf(`\n${heading}\n`);
    expect(start, heading).toBeGreaterThan(-1);
    const end = api.slice(start + heading.length + 2).search(/\n##? /);
    return api.slice(start, end === -1 ? undefined : start + heading.length + 2 + end);
  };

  const schemaFiles = readdirSync(join(projectRoot, "src", "graphql", "schema"))
    .filter((name) => name.endsWith(".graphql"))
    .map((name) => [name.replace(/\.graphql$/, "")]);
  it.each(schemaFiles)("docs/api.md lists the schema file %s.graphql", (domain) => {
    expect(api).toMatch(/one file per domain:\s*([^)]*)\)/);
    const list = /one file per domain:\s*([^)]*)\)/.exec(api)![1]!;
    expect(list).toContain(`\`${domain}\``);
  });

  // Each domain error's class and stable code, read from its file in src/errors/.
  const errorsDir = join(projectRoot, "src", "errors");
  const errorClasses = readdirSync(errorsDir)
    .filter((name) => name.endsWith("-error.ts") && name !== "domain-error.ts")
    .map((name) => {
      const source = readFileSync(join(errorsDir, name), "utf8");
      const className = /export class (\w+) extends DomainError/.exec(source)?.[1];
      const code = /readonly code = "(\w+)"/.exec(source)?.[1];
      if (className === undefined || code === undefined) throw new Error(`${name}: no class or code found`);
      return [className, code] as const;
    });
  it.each(errorClasses)("docs/api.md maps the domain error %s (%s)", (name, code) => {
    const mapping = section("### Where the codes come from");
    expect(mapping).toMatch(new RegExp(`\\| \`${name}\` \\(\`${code}\`\\)`));
  });

  const limitVariables = CONFIG_VARIABLES.filter((name) =>
    /^(RATE_LIMIT_|GRAPHQL_MAX_|WS_MAX_|MAX_OPEN_|BODY_LIMIT_)/.test(name),
  ).map((name) => [name]);
  it.each(limitVariables)("docs/api.md's Limits table has %s", (name) => {
    expect(section("## Limits")).toContain(`\`${name}\``);
  });
});
