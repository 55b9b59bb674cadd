// The executable schema: every SDL file in ./schema/ (base.graphql first, then the domains in name
// order) merged with every resolver map of ./resolvers/index.ts. SDL files are copied next to the
// compiled code by the build, so this works from src/ and from dist/.
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { makeExecutableSchema } from "@graphql-tools/schema";
import type { GraphQLSchema } from "graphql";
import { resolvers } from "./resolvers/index.ts";

const schemaDir = fileURLToPath(new URL("./schema/", import.meta.url));

/** The SDL files' contents, base.graphql first. */
function loadTypeDefs(dir: string = schemaDir): string[] {
  const files = readdirSync(dir)
    .filter((name) => name.endsWith(".graphql"))
    .sort((a, b) => (a === "base.graphql" ? -1 : b === "base.graphql" ? 1 : a.localeCompare(b)));
  if (!files.includes("base.graphql")) throw new Error(`no base.graphql in ${dir}`);
  return files.map((name) => readFileSync(`${dir}${name}`, "utf8"));
}

export function buildSchema(): GraphQLSchema {
  return makeExecutableSchema({ typeDefs: loadTypeDefs(), resolvers });
}
