// Runs after `npm install` / `npm ci`: generates the Prisma client, then builds dist/.
// Prisma's CLI would download a schema-engine binary; offline we point it at a stub that is enough
// for `prisma generate` (set PRISMA_SCHEMA_ENGINE_BINARY yourself to use a real engine).
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

/** @param {string} cmd @param {string[]} args */
function run(cmd, args, env = process.env) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: "inherit", env });
  if (r.status !== 0) {
    console.error(`postinstall: ${cmd} ${args.join(" ")} failed`);
    process.exit(r.status ?? 1);
  }
}

if (existsSync(join(root, "prisma", "schema.prisma"))) {
  const stub = join(root, "scripts", "prisma-engine-stub.sh");
  chmodSync(stub, 0o755);
  const env = {
    ...process.env,
    PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? stub,
    PRISMA_HIDE_UPDATE_MESSAGE: "1",
    CHECKPOINT_DISABLE: "1",
  };
  run(process.execPath, [join(root, "node_modules", "prisma", "build", "index.js"), "generate"], env);
}
run(process.execPath, [join(root, "scripts", "build.mjs")]);
