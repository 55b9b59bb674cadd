// Prisma's own schema tooling, run from its WebAssembly builds so it works where the schema-engine
// binary cannot be downloaded (see docs/migrations.md):
//   dmmf(schema)                      the data model as Prisma parses it (models, fields, indexes)
//   migrationSql(from, to, url)       the SQL `prisma migrate diff` generates between two schema texts
//                                     (from = null: an empty database), in Prisma's own style
// Used by the migration drift test and by `npm run db:diff`.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

const require = createRequire(import.meta.url);

export function dmmf(schema) {
  const { get_dmmf } = require("@prisma/prisma-schema-wasm");
  return JSON.parse(get_dmmf(JSON.stringify({ prismaSchema: [["schema.prisma", schema]] })));
}

let engineModule;

/** The wasm-bindgen glue of the schema engine, instantiated once per process. */
async function schemaEngine() {
  if (engineModule === undefined) {
    const gluePath = require.resolve("@prisma/schema-engine-wasm/schema_engine_bg");
    const glue = await import("@prisma/schema-engine-wasm/schema_engine_bg");
    const module = new WebAssembly.Module(readFileSync(join(dirname(gluePath), "schema_engine_bg.wasm")));
    const instance = new WebAssembly.Instance(module, { "./schema_engine_bg.js": glue });
    glue.__wbg_set_wasm(instance.exports);
    instance.exports.__wbindgen_start();
    engineModule = glue;
  }
  return engineModule;
}

const CREATE_PUBLIC_SCHEMA = /^-- CreateSchema\nCREATE SCHEMA IF NOT EXISTS "public";\n\n/;

/**
 * The SQL taking a database from schema `from` (null: empty) to schema `to`. `databaseUrl` names a
 * Postgres server the engine may connect to (it is not changed). The "CREATE SCHEMA public" line of
 * a diff from nothing is left out, as `prisma migrate dev` leaves it out of a first migration.
 */
export async function migrationSql(from, to, databaseUrl) {
  const { SchemaEngine } = await schemaEngine();
  const { PrismaPg } = await import("@prisma/adapter-pg");
  const { bindMigrationAwareSqlAdapterFactory } = await import("@prisma/driver-adapter-utils");
  const adapter = bindMigrationAwareSqlAdapterFactory(new PrismaPg({ connectionString: databaseUrl }));
  const engine = await SchemaEngine.new({ datamodels: [["schema.prisma", to]] }, () => {}, adapter);
  const files = (content) => [{ path: "schema.prisma", content }];
  try {
    const result = await engine.diff({
      from: from === null ? { tag: "empty" } : { tag: "schemaDatamodel", files: files(from) },
      to: { tag: "schemaDatamodel", files: files(to) },
      script: true,
      exitCode: null,
      filters: { externalTables: [], externalEnums: [] },
    });
    return (result.stdout ?? "").replace(CREATE_PUBLIC_SCHEMA, "");
  } finally {
    engine.free();
  }
}
