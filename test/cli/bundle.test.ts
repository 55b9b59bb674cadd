// The `puzzle` command runs the bundles of scripts/bundle.mjs (dist/bundle/: one file for the CLI,
// one per thread file), not dist/src/'s modules: bin/puzzle.mjs loads the CLI's bundle and its
// threads theirs, and the bundles on disk are what the script makes of the current sources (so a
// build that forgot them, or sources changed since, fails here).

import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { BUNDLES, bundle } from "../../scripts/bundle.mjs";

const ROOT = join(import.meta.dirname, "..", "..");
const BIN = join(ROOT, "bin", "puzzle.mjs");
const DIST = join(ROOT, "dist", "bundle");

/** Project files a `puzzle` run loads (its own and its threads'), from Node's module debug output. */
function loadedFiles(args: string[], input: string): string[] {
  const run = spawnSync(process.execPath, [BIN, ...args], {
    input,
    encoding: "utf8",
    timeout: 60_000,
    env: { ...process.env, NODE_DEBUG: "esm,module" },
  });
  expect(run.status).toBe(0);
  const files = new Set<string>();
  // ES modules: `Storing file:///… (…) in ModuleLoadMap`; CommonJS: `load "/…" for module "/…"`.
  for (const [, url] of run.stderr.matchAll(/Storing (file:\/\/\S+)/g)) files.add(new URL(url).pathname);
  for (const [, path] of run.stderr.matchAll(/load "(\/[^"]+)" for module/g)) files.add(path);
  return [...files].map((file) => relative(ROOT, file)).filter((file) => !file.startsWith("node_modules"));
}

describe("the puzzle command's bundles", () => {
  it("bin/puzzle.mjs runs dist/bundle/cli.js, its threads their own bundles, nothing of dist/src/", () => {
    // Two 4x4 puzzles on two threads: the main thread and a batch helper thread.
    const input = "0 1 2 3 4 5 6 7 8 9 10 11 12 13 15 14\n1 0 2 3 4 5 6 7 8 9 10 11 12 13 14 15\n";
    const files = loadedFiles(["solve", "--batch", "-", "--threads", "2", "--quiet"], input);
    expect(files.sort()).toEqual([
      "bin/puzzle.mjs",
      "dist/bundle/cli.js",
      "dist/bundle/src/local-executor/batch-thread.cjs",
    ]);
  });

  it("are what scripts/bundle.mjs makes of the current sources (`npm run build` writes them)", async () => {
    const outputs = await bundle({ write: false });
    expect(outputs.map((file) => relative(DIST, file.path)).sort()).toEqual(Object.values(BUNDLES).sort());
    for (const file of outputs) {
      const name = relative(ROOT, file.path);
      if (!existsSync(file.path)) throw new Error(`${name} is missing: run npm run build`);
      if (readFileSync(file.path, "utf8") !== file.text)
        throw new Error(`${name} is older than the sources: run npm run build`);
    }
  });
});
