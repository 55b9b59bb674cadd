// Where the thread files are: threads run the bundles of scripts/bundle.mjs (dist/bundle/, one file
// each: a thread starts quicker than from dist/'s many modules), also when the module starting them
// is loaded from source (tests, tsx) or from dist/.

import { existsSync } from "node:fs";
import { join } from "node:path";
import { projectRoot } from "./project-root.ts";

/** The bundled thread file of `source`, its path in the project (e.g. "src/local-executor/unit-thread.ts"). */
export function compiledThreadPath(source: string): string {
  const path = join(projectRoot, "dist", "bundle", source.replace(/\.ts$/, ".cjs"));
  if (!existsSync(path)) throw new Error(`solver thread ${path} is missing: run \`npm run build\``);
  return path;
}
