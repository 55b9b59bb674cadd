// The API documents itself: every type, field, argument, input field and enum value of the schema
// has a description, as a client sees it through introspection (a description written in the SDL
// can be lost on the way: graphql-tools once replaced the DateTime scalar's with its resolver's).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { introspectionFromSchema, type IntrospectionInputValue } from "graphql";
import { describe, expect, it } from "vitest";
import { buildSchema } from "../../src/graphql/schema.ts";
import { projectRoot } from "../../src/project-root.ts";

/** biome.jsonc's lineWidth: biome formats the TypeScript, nothing formats the SDL. */
const LINE_WIDTH = 110;

/** The schema elements without a description, as `Type`, `Type.field`, `Type.field(arg)`, `Enum.VALUE`. */
function undescribed(): string[] {
  const { __schema } = introspectionFromSchema(buildSchema());
  const missing: string[] = [];
  const check = (name: string, description: string | null | undefined) => {
    if (!description?.trim()) missing.push(name);
  };
  const checkInputs = (owner: string, inputs: readonly IntrospectionInputValue[]) => {
    for (const input of inputs) check(`${owner}(${input.name})`, input.description);
  };
  for (const type of __schema.types) {
    // GraphQL's own types (__Schema...) and built-in scalars (String, Int...) are described by the spec.
    if (type.name.startsWith("__")) continue;
    if (type.kind === "SCALAR" && ["String", "Int", "Float", "Boolean", "ID"].includes(type.name)) continue;
    check(type.name, type.description);
    if (type.kind === "OBJECT" || type.kind === "INTERFACE") {
      for (const field of type.fields) {
        check(`${type.name}.${field.name}`, field.description);
        checkInputs(`${type.name}.${field.name}`, field.args);
      }
    } else if (type.kind === "INPUT_OBJECT") {
      for (const field of type.inputFields) check(`${type.name}.${field.name}`, field.description);
    } else if (type.kind === "ENUM") {
      for (const value of type.enumValues) check(`${type.name}.${value.name}`, value.description);
    }
  }
  return missing;
}

describe("schema descriptions", () => {
  it("describes every type, field, argument, input field and enum value", () => {
    expect(undescribed()).toEqual([]);
  });

  it("keeps the DateTime scalar's SDL description through its resolver", () => {
    const { __schema } = introspectionFromSchema(buildSchema());
    const dateTime = __schema.types.find((type) => type.name === "DateTime");
    expect(dateTime?.description).toMatch(/ISO-8601/);
  });

  it(`keeps the SDL's lines within ${LINE_WIDTH} columns, as the code's`, () => {
    const dir = join(projectRoot, "src", "graphql", "schema");
    const long = readdirSync(dir)
      .filter((name) => name.endsWith(".graphql"))
      .flatMap((name) =>
        readFileSync(join(dir, name), "utf8")
          .split("\n")
          .flatMap((line, i) => (line.length > LINE_WIDTH ? [`${name}:${i + 1} (${line.length})`] : [])),
      );
    expect(long).toEqual([]);
  });
});
