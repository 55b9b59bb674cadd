// Where the compiled thread files are: threads run from dist/, also when the module starting them
// is loaded from source (tests, tsx).

import { existsSync } from "node:fs";
import { dirname, join, sep } from "node:path";
import { fileURLToPath } from "node:url";

/** The compiled `name` (e.g. "unit-thread.js") of this folder. */
export function compiledThreadPath(name: string): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const compiled = `${sep}dist${sep}src${sep}local-executor`;
  const path = here.endsWith(compiled)
    ? join(here, name)
    : join(here, "..", "..", "dist", "src", "local-executor", name);
  if (!existsSync(path)) throw new Error(`solver thread ${path} is missing: run \`npm run build\``);
  return path;
}
