// Run before `npm start` / `npm run worker`: builds dist/ when it is missing or older than the
// sources (a build takes a second or two), and generates the Prisma client first if a clone was
// installed without running its install scripts.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

/** @param {string} path */
function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory())
    return /\.(ts|graphql|prisma|json|css|html)$/.test(path) && !path.endsWith(".test.ts") ? stat.mtimeMs : 0;
  let latest = 0;
  for (const entry of readdirSync(path)) latest = Math.max(latest, newest(join(path, entry)));
  return latest;
}

/** @param {string} script */
function run(script) {
  const result = spawnSync(process.execPath, [join(root, "scripts", script)], {
    cwd: root,
    stdio: "inherit",
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (!existsSync(join(root, "src", "generated", "prisma", "client.ts"))) {
  run("postinstall.mjs"); // prisma generate, then build
} else {
  // The bundles (dist/bundle/: the CLI, the solver threads) are part of a build.
  const outputs = [
    join(root, "dist", "src", "main.js"),
    join(root, "dist", "bundle", "cli.js"),
    join(root, "dist", "bundle", "workers", "solver-thread.cjs"),
    join(root, "web", "dist", "index.html"),
  ];
  const built = outputs.every((path) => existsSync(path)) ? statSync(outputs[0]).mtimeMs : 0;
  const sources = Math.max(
    newest(join(root, "src")),
    newest(join(root, "workers")),
    newest(join(root, "web", "src")),
    newest(join(root, "web", "src")),
    newest(join(root, "tsconfig.json")),
    newest(join(root, "tsconfig.build.json")),
  );
  if (sources > built) run("build.mjs");
}
