// Where the thread files are: threads run the bundles of scripts/bundle.mjs (dist/bundle/, one file
// each: a thread starts quicker than from dist/'s many modules), also when the module starting them
// is loaded from source (tests, tsx) or from dist/.

import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import type { Worker, WorkerOptions } from "node:worker_threads";
import { projectRoot } from "./project-root.ts";

/** The bundled thread file of `source`, its path in the project (e.g. "src/local-executor/unit-thread.ts"). */
export function compiledThreadPath(source: string): string {
  const path = join(projectRoot, "dist", "bundle", source.replace(/\.ts$/, ".cjs"));
  if (!existsSync(path)) throw new Error(`solver thread ${path} is missing: run \`npm run build\``);
  return path;
}

/**
 * A thread on the bundled file of `source` (compiledThreadPath). node:worker_threads is loaded here,
 * on first use, not imported: an ES module's imports are all loaded at start-up, and this one costs
 * every `puzzle` process ~2 ms even when it starts no thread (--threads 1, judge, pdb status).
 */
export function startThread(source: string, options?: WorkerOptions): Worker {
  const threads = createRequire(import.meta.url)(
    "node:worker_threads",
  ) as typeof import("node:worker_threads");
  return new threads.Worker(compiledThreadPath(source), options);
}
