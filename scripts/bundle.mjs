// Bundles the `puzzle` command and the thread files it starts into single files in dist/bundle/
// (run by scripts/build.mjs after tsc). Loading ~60 small compiled modules costs a CLI run ~70 ms
// (resolving, opening and compiling each); one file per entry costs a fraction. Packages stay
// external (imported from node_modules as they are: the native @riaskov/mmap-io, createRequire
// look-ups), so only the project's own code is bundled. test/cli/bundle.test.ts checks the files
// are what this script makes from the current sources.
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

/** The CLI: an ES module, imported by bin/puzzle.mjs. */
const CLI = { "src/cli/main.ts": "cli.js" };

/**
 * Thread files, each at its path in the project with .cjs for .ts (src/thread-path.ts finds them by
 * it). CommonJS: a piscina thread tries `require` before `import` (an ES module there costs a thrown
 * error, and either way Node's ES module loader is started in every thread), and a plain Worker
 * loads a .cjs file without that loader too.
 */
const THREADS = Object.fromEntries(
  [
    "src/local-executor/unit-thread.ts",
    "src/local-executor/batch-thread.ts",
    "src/pdb-store/build-thread.ts",
    "workers/solver-thread.ts",
  ].map((source) => [source, source.replace(/\.ts$/, ".cjs")]),
);

/** Every bundle's entry -> output, relative to the project and to dist/bundle/. */
export const BUNDLES = { ...CLI, ...THREADS };

/**
 * node:fs through `require` in the ES module bundle: an ES module's `import … from "node:fs"` makes
 * Node build fs's ES module facade, which reads every export, lazy getters included (ReadStream,
 * WriteStream: they load fs's streams), ~2-3 ms of every `puzzle` process for code it never runs. The
 * imports become property reads of the CommonJS module (`__nodeRequire`, made by the banner below).
 * @type {import("esbuild").Plugin}
 */
const fsThroughRequire = {
  name: "fs-through-require",
  setup(build) {
    build.onResolve({ filter: /^(node:)?fs$/ }, () => ({ path: "node:fs", namespace: "fs-through-require" }));
    build.onLoad({ filter: /.*/, namespace: "fs-through-require" }, () => ({
      contents: 'module.exports = __nodeRequire("node:fs");',
      loader: "js",
    }));
  },
};

/**
 * esbuild's options for `entries` in `format`.
 * @param {Record<string, string>} entries @param {"esm" | "cjs"} format @param {boolean} write
 * @returns {import("esbuild").BuildOptions}
 */
function options(entries, format, write) {
  return {
    absWorkingDir: root,
    entryPoints: Object.entries(entries).map(([input, output]) => ({
      in: input,
      out: output.replace(/\.c?js$/, ""),
    })),
    outdir: join(root, "dist", "bundle"),
    outExtension: { ".js": format === "cjs" ? ".cjs" : ".js" },
    bundle: true,
    platform: "node",
    format,
    target: "node20",
    packages: "external",
    // CommonJS has no import.meta: the bundle's own URL stands in (mapped-file.ts resolves from it).
    ...(format === "cjs"
      ? {
          define: { "import.meta.url": "__bundleUrl" },
          banner: {
            js: '"use strict";\nconst __bundleUrl = require("node:url").pathToFileURL(__filename).href;',
          },
        }
      : {
          plugins: [fsThroughRequire],
          banner: {
            js: 'import { createRequire as __createRequire } from "node:module";\nconst __nodeRequire = __createRequire(import.meta.url);',
          },
        }),
    // Readable output (stack traces name the real functions; ida.ts copies a function by its
    // source text), and no source maps: nothing would read them.
    minify: false,
    legalComments: "none",
    logLevel: "warning",
    write,
  };
}

/**
 * Makes the bundles: written to dist/bundle/, or (`write: false`) returned as esbuild's output
 * files, to compare with those on disk.
 */
export async function bundle({ write = true } = {}) {
  const results = await Promise.all([
    build(options(CLI, "esm", write)),
    build(options(THREADS, "cjs", write)),
  ]);
  return results.flatMap((result) => result.outputFiles ?? []);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await bundle();
