// Compiles src/ and workers/ to dist/ with tsc, then bundles the `puzzle` command and its thread files
// into dist/bundle/ (scripts/bundle.mjs). Processes (the CLI, the API, the workers and their solver
// threads) run from dist/ so start-up stays quick and worker threads need no TS loader.
import { spawnSync } from "node:child_process";
import { cpSync, rmSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { bundle } from "./bundle.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(import.meta.url);
const tsc = join(dirname(require.resolve("typescript/package.json")), "bin", "tsc");

rmSync(join(root, "dist"), { recursive: true, force: true });
const result = spawnSync(process.execPath, [tsc, "-p", join(root, "tsconfig.build.json")], {
  cwd: root,
  stdio: "inherit",
});
if (result.status !== 0) {
  console.error("build: tsc failed");
  process.exit(result.status ?? 1);
}
await bundle();
// Non-TypeScript assets the compiled code reads at run time (the GraphQL SDL files).
cpSync(join(root, "src"), join(root, "dist", "src"), {
  recursive: true,
  filter: (source) =>
    !source.includes("generated") && (statSync(source).isDirectory() || source.endsWith(".graphql")),
});
// The web page (web/ → web/dist/, served by the API at `/`).
const web = spawnSync(process.execPath, [join(root, "web", "build.mjs")], { cwd: root, stdio: "inherit" });
if (web.status !== 0) process.exit(web.status ?? 1);
