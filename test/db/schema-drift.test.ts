// The migrated database must match prisma/schema.prisma, so the SQL migrations and the data model
// cannot drift apart:
//   1. model by model against Prisma's DMMF (the data model as Prisma parses it): every table,
//      column, type, nullability, default, primary key, unique, index, foreign key and enum;
//   2. catalog against catalog: the database the runner migrated versus one built from the SQL
//      Prisma's own schema engine generates for schema.prisma (defaults, names, every detail).
// When this fails after a schema change, `npm run db:diff -- --name <change>` writes the migration.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { projectRoot } from "../../src/project-root.ts";
import { dmmf, migrationSql, type DmmfField, type DmmfModel } from "../../scripts/prisma-wasm.mjs";
import { createTestDatabase, type TestDatabase } from "../helpers/database.ts";

const schema = readFileSync(join(projectRoot, "prisma", "schema.prisma"), "utf8");
const model = dmmf(schema).datamodel;

let migrated: TestDatabase;
let client: pg.Client;

beforeAll(async () => {
  migrated = await createTestDatabase({ prefix: "drift" });
  client = new pg.Client({ connectionString: migrated.url });
  await client.connect();
});

afterAll(async () => {
  await client?.end();
  await migrated?.drop();
});

// ---- what the database holds --------------------------------------------------------------------

interface Column {
  table: string;
  column: string;
  type: string;
  notNull: boolean;
  default: string | null;
}
interface Index {
  table: string;
  name: string;
  unique: boolean;
  primary: boolean;
  columns: string[];
}
interface ForeignKey {
  table: string;
  name: string;
  columns: string[];
  refTable: string;
  refColumns: string[];
  onDelete: string;
  onUpdate: string;
}

async function rows<T>(db: pg.Client, sql: string): Promise<T[]> {
  return (await db.query(sql)).rows as T[];
}

const columnsOf = (db: pg.Client) =>
  rows<Column>(
    db,
    `
    SELECT c.relname AS "table", a.attname AS "column", format_type(a.atttypid, a.atttypmod) AS "type",
           a.attnotnull AS "notNull", pg_get_expr(d.adbin, d.adrelid) AS "default"
      FROM pg_attribute a
      JOIN pg_class c ON c.oid = a.attrelid AND c.relkind = 'r'
      JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public'
      LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
     WHERE a.attnum > 0 AND NOT a.attisdropped AND c.relname <> '_prisma_migrations'
     ORDER BY 1, 2`,
  );

const indexesOf = (db: pg.Client) =>
  rows<Index>(
    db,
    `
    SELECT t.relname AS "table", i.relname AS "name", x.indisunique AS "unique", x.indisprimary AS "primary",
           array_agg(a.attname ORDER BY k.ord)::text[] AS "columns"
      FROM pg_index x
      JOIN pg_class t ON t.oid = x.indrelid
      JOIN pg_class i ON i.oid = x.indexrelid
      JOIN pg_namespace n ON n.oid = t.relnamespace AND n.nspname = 'public'
      CROSS JOIN LATERAL unnest(x.indkey) WITH ORDINALITY AS k(attnum, ord)
      JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum
     WHERE t.relname <> '_prisma_migrations'
     GROUP BY 1, 2, 3, 4 ORDER BY 2`,
  );

const foreignKeysOf = (db: pg.Client) =>
  rows<ForeignKey>(
    db,
    `
    SELECT t.relname AS "table", c.conname AS "name", r.relname AS "refTable",
           (SELECT array_agg(a.attname ORDER BY k.ord)::text[] FROM unnest(c.conkey) WITH ORDINALITY k(n, ord)
              JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.n) AS "columns",
           (SELECT array_agg(a.attname ORDER BY k.ord)::text[] FROM unnest(c.confkey) WITH ORDINALITY k(n, ord)
              JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.n) AS "refColumns",
           c.confdeltype AS "onDelete", c.confupdtype AS "onUpdate"
      FROM pg_constraint c
      JOIN pg_class t ON t.oid = c.conrelid
      JOIN pg_class r ON r.oid = c.confrelid
      JOIN pg_namespace n ON n.oid = t.relnamespace AND n.nspname = 'public'
     WHERE c.contype = 'f' ORDER BY 2`,
  );

const enumsOf = (db: pg.Client) =>
  rows<{ name: string; values: string[] }>(
    db,
    `
    SELECT t.typname AS "name", array_agg(e.enumlabel ORDER BY e.enumsortorder)::text[] AS "values"
      FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid
      JOIN pg_namespace n ON n.oid = t.typnamespace AND n.nspname = 'public'
     GROUP BY 1 ORDER BY 1`,
  );

// ---- what schema.prisma says -----------------------------------------------------------------------

const tableOf = (m: DmmfModel) => m.dbName ?? m.name;
const columnOf = (f: DmmfField) => f.dbName ?? f.name;
const modelNamed = (name: string) => model.models.find((m) => m.name === name)!;
const scalarFields = (m: DmmfModel) => m.fields.filter((f) => f.kind === "scalar" || f.kind === "enum");

/** Postgres' format_type() of a Prisma field, following Prisma's default and native type mapping. */
function expectedType(f: DmmfField): string {
  let base: string;
  if (f.kind === "enum") {
    const dbName = model.enums.find((e) => e.name === f.type)?.dbName ?? f.type;
    base = /^[a-z_][a-z0-9_]*$/.test(dbName) ? dbName : `"${dbName}"`;
  } else {
    const [native, args = []] = f.nativeType ?? [];
    const natives: Record<string, string> = {
      VarChar: `character varying(${args[0]})`,
      Char: `character(${args[0]})`,
      Text: "text",
      Timestamptz: `timestamp(${args[0] ?? 3}) with time zone`,
      Timestamp: `timestamp(${args[0] ?? 3}) without time zone`,
      Integer: "integer",
      SmallInt: "smallint",
      BigInt: "bigint",
      Date: "date",
    };
    const defaults: Record<string, string> = {
      Int: "integer",
      BigInt: "bigint",
      String: "text",
      Boolean: "boolean",
      DateTime: "timestamp(3) without time zone",
      Float: "double precision",
      Decimal: "numeric(65,30)",
      Json: "jsonb",
      Bytes: "bytea",
    };
    base = native !== undefined ? natives[native] : defaults[f.type];
    if (base === undefined) throw new Error(`extend expectedType() for ${f.type} @db.${native}`);
  }
  return f.isList ? `${base}[]` : base;
}

/** Prisma's default constraint and index names. */
function expectedIndexName(table: string, type: string, columns: string[]): string {
  if (type === "id") return `${table}_pkey`;
  return `${table}_${columns.join("_")}_${type === "unique" ? "key" : "idx"}`;
}

const ACTIONS: Record<string, string> = {
  Cascade: "c",
  Restrict: "r",
  NoAction: "a",
  SetNull: "n",
  SetDefault: "d",
};

describe("the migrated database matches schema.prisma (Prisma's DMMF)", () => {
  it("has one table per model and nothing else", async () => {
    const tables = new Set((await columnsOf(client)).map((c) => c.table));
    expect([...tables].sort()).toEqual(model.models.map(tableOf).sort());
  });

  it.each(model.models.map((m) => [m.name, m] as const))(
    "model %s: every column, type, nullability and default",
    async (_, m) => {
      const actual = (await columnsOf(client)).filter((c) => c.table === tableOf(m));
      const expected = scalarFields(m).map((f) => ({
        column: columnOf(f),
        type: expectedType(f),
        // Prisma stores scalar lists as nullable arrays.
        notNull: f.isRequired && !f.isList,
        hasDefault: f.hasDefaultValue,
      }));
      const seen = actual.map((c) => ({
        column: c.column,
        type: c.type,
        notNull: c.notNull,
        hasDefault: c.default !== null,
      }));
      expect(seen.sort((a, b) => a.column.localeCompare(b.column))).toEqual(
        expected.sort((a, b) => a.column.localeCompare(b.column)),
      );
      for (const f of scalarFields(m)) {
        const column = actual.find((c) => c.column === columnOf(f))!;
        const fn = (f.default as { name?: string } | undefined)?.name;
        if (fn === "autoincrement") expect(column.default).toMatch(/^nextval\(/);
        if (fn === "now") expect(column.default).toBe("CURRENT_TIMESTAMP");
      }
    },
  );

  it("has exactly the primary keys, unique constraints and indexes of the models", async () => {
    const expected = model.indexes
      .filter((ix) => ix.type !== "fulltext")
      .map((ix) => {
        const m = modelNamed(ix.model);
        const columns = ix.fields.map((field) => columnOf(m.fields.find((f) => f.name === field.name)!));
        return {
          table: tableOf(m),
          name: ix.dbName ?? expectedIndexName(tableOf(m), ix.type, columns),
          unique: ix.type !== "normal",
          primary: ix.type === "id",
          columns,
        };
      });
    const sortByName = (list: Index[]) => [...list].sort((a, b) => a.name.localeCompare(b.name));
    expect(sortByName(await indexesOf(client))).toEqual(sortByName(expected));
  });

  it("has exactly the foreign keys of the relations, with their referential actions", async () => {
    const expected: ForeignKey[] = [];
    for (const m of model.models) {
      for (const f of m.fields) {
        if (f.kind !== "object" || !f.relationFromFields?.length) continue;
        const from = f.relationFromFields.map((name) => columnOf(m.fields.find((x) => x.name === name)!));
        const target = modelNamed(f.type);
        const optional = f.relationFromFields.some(
          (name) => !m.fields.find((x) => x.name === name)!.isRequired,
        );
        expected.push({
          table: tableOf(m),
          name: `${tableOf(m)}_${from.join("_")}_fkey`,
          columns: from,
          refTable: tableOf(target),
          refColumns: f.relationToFields!.map((name) =>
            columnOf(target.fields.find((x) => x.name === name)!),
          ),
          onDelete: ACTIONS[f.relationOnDelete ?? (optional ? "SetNull" : "Restrict")],
          onUpdate: ACTIONS[f.relationOnUpdate ?? "Cascade"],
        });
      }
    }
    expect(await foreignKeysOf(client)).toEqual(expected.sort((a, b) => a.name.localeCompare(b.name)));
  });

  it("has the enums with their values in order", async () => {
    const expected = model.enums
      .map((e) => ({ name: e.dbName ?? e.name, values: e.values.map((v) => v.dbName ?? v.name) }))
      .sort((a, b) => a.name.localeCompare(b.name));
    expect(await enumsOf(client)).toEqual(expected);
  });
});

describe("the migrated database matches what Prisma's schema engine generates for schema.prisma", () => {
  let reference: TestDatabase;
  let referenceClient: pg.Client;

  beforeAll(async () => {
    reference = await createTestDatabase({ prefix: "drift_ref", migrated: false });
    referenceClient = new pg.Client({ connectionString: reference.url });
    await referenceClient.connect();
    await referenceClient.query(await migrationSql(null, schema, reference.url));
  });

  afterAll(async () => {
    await referenceClient?.end();
    await reference?.drop();
  });

  it.each([
    ["columns (types, nullability, defaults)", columnsOf],
    ["indexes", indexesOf],
    ["foreign keys", foreignKeysOf],
    ["enums", enumsOf],
  ] as const)("%s are identical", async (_, snapshot) => {
    expect(await snapshot(client)).toEqual(await snapshot(referenceClient));
  });

  it("index and constraint definitions are identical, word for word", async () => {
    const definitions = (db: pg.Client) =>
      rows(
        db,
        `
        SELECT indexname AS name, indexdef AS def FROM pg_indexes WHERE schemaname = 'public' AND tablename <> '_prisma_migrations'
        UNION ALL
        SELECT c.conname, pg_get_constraintdef(c.oid) FROM pg_constraint c
          JOIN pg_namespace n ON n.oid = c.connamespace AND n.nspname = 'public'
          JOIN pg_class t ON t.oid = c.conrelid AND t.relname <> '_prisma_migrations'
        ORDER BY 1, 2`,
      );
    expect(await definitions(client)).toEqual(await definitions(referenceClient));
  });
});
