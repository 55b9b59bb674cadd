// Type-checks the page and bundles it with Vite into web/dist/, which the API server serves at `/`.
// Run by `npm run build:web` and at the end of scripts/build.mjs (so `npm install` / `npm start` /
// `npm test` always have a current bundle).
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "vite";

const web = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const tsc = join(dirname(require.resolve("typescript/package.json")), "bin", "tsc");

const check = spawnSync(process.execPath, [tsc, "-p", join(web, "tsconfig.json")], { stdio: "inherit" });
if (check.status !== 0) {
  console.error("build:web: type errors in web/");
  process.exit(check.status ?? 1);
}
await build({
  configFile: join(web, "vite.config.ts"),
  logLevel: /** @type {import("vite").LogLevel} */ (process.env.VITE_LOG_LEVEL ?? "warn"),
});
console.log("build:web: web/dist/ ready");
