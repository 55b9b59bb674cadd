// `npm run db:diff [-- --name <name>] [--from <file | git revision>]`
// Prints the SQL Prisma would generate for the changes to prisma/schema.prisma since the schema the
// migrations already produce, using Prisma's own schema engine (WebAssembly build, works offline).
// With --name, writes it as prisma/migrations/<UTC timestamp>_<name>/migration.sql.
// By default the "before" schema is prisma/schema.prisma as committed with the latest change to
// prisma/migrations (the drift test keeps the two in step); --from overrides it.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { migrationSql } from "./prisma-wasm.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const { values } = parseArgs({ options: { name: { type: "string" }, from: { type: "string" } } });

/** @param {string[]} args */
function git(...args) {
  return execFileSync("git", args, { cwd: root, encoding: "utf8" });
}

function previousSchema() {
  if (values.from !== undefined) {
    return existsSync(values.from)
      ? readFileSync(values.from, "utf8")
      : git("show", `${values.from}:prisma/schema.prisma`);
  }
  const revision = git("log", "-1", "--format=%H", "--", "prisma/migrations").trim();
  return revision === "" ? null : git("show", `${revision}:prisma/schema.prisma`);
}

const url = process.env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const sql = await migrationSql(
  previousSchema(),
  readFileSync(join(root, "prisma", "schema.prisma"), "utf8"),
  url,
);
const empty = sql.trim() === "" || sql.startsWith("-- This is an empty migration.");

if (values.name === undefined) {
  process.stdout.write(empty ? "-- no changes\n" : sql);
} else if (empty) {
  console.error("no schema changes: no migration written");
} else {
  if (!/^[a-z0-9_]+$/.test(values.name)) throw new Error("--name: lower-case letters, digits and _ only");
  const stamp = new Date().toISOString().replace(/[-:T]/g, "").slice(0, 14);
  const dir = join(root, "prisma", "migrations", `${stamp}_${values.name}`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "migration.sql"), sql);
  console.log(`wrote ${join("prisma", "migrations", `${stamp}_${values.name}`, "migration.sql")}`);
}
process.exit(0);
