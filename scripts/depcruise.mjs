// Runs dependency-cruiser (`npm run check:boundaries`, rules in .dependency-cruiser.cjs). It reads
// TypeScript through the `typescript` package's JavaScript API, which TypeScript 7 (native, this
// project's compiler) no longer has; the dev dependency `typescript-5` (TypeScript 5.9, used for
// nothing else) is linked into dependency-cruiser's own node_modules, where it looks first.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, symlinkSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const modules = join(dirname(fileURLToPath(import.meta.url)), "..", "node_modules");
const cruiser = join(modules, "dependency-cruiser");
const typescript5 = join(modules, "typescript-5");
const link = join(cruiser, "node_modules", "typescript");
if (!existsSync(link)) {
  mkdirSync(dirname(link), { recursive: true });
  symlinkSync(relative(dirname(link), typescript5), link, "dir");
}

const bin = join(cruiser, "bin", "dependency-cruise.mjs");
const args = process.argv.slice(2);
const run = spawnSync(process.execPath, [bin, "--config", ".dependency-cruiser.cjs", ...args], {
  stdio: "inherit",
});
process.exit(run.status ?? 1);
