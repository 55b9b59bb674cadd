// Where the compiled thread files are: threads run from dist/, also when the module starting them
// is loaded from source (tests, tsx).

import { existsSync } from "node:fs";
import { dirname, join, sep } from "node:path";
import { fileURLToPath } from "node:url";

/** The compiled thread file `file`, relative to src/ (e.g. "local-executor/unit-thread.js"). */
export function compiledThreadPath(file: string): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const path = here.endsWith(`${sep}dist${sep}src`)
    ? join(here, file)
    : join(here, "..", "dist", "src", file);
  if (!existsSync(path)) throw new Error(`solver thread ${path} is missing: run \`npm run build\``);
  return path;
}
