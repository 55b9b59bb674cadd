// The size the CLI and the worker quote before a build is the size of the files the build leaves.
import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { buildFigures, partitionFileBytes } from "./build-figures.ts";
import { ensurePdb } from "./store.ts";

const dir = mkdtempSync(join(tmpdir(), "pdb-figures-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it("quotes the bytes a partition's build leaves in PDB_DIR", () => {
  ensurePdb("555", { dir });
  const files = readdirSync(dir).filter((name) => name.endsWith(".pdb"));
  // The tables, their direct-address copies and the board's move machine.
  expect(files.filter((name) => name.includes("@direct"))).toHaveLength(2);
  expect(files.filter((name) => name.startsWith("move-machine-4x4"))).toHaveLength(1);
  const bytes = files.reduce((sum, name) => sum + statSync(join(dir, name)).size, 0);
  expect(partitionFileBytes("pdb:555")).toBe(bytes);
  expect(buildFigures("555")?.disk).toBe(`${Math.round(bytes / 2 ** 20)} MiB`);
});

it("knows no figures for an unknown partition", () => {
  expect(buildFigures("pdb:999")).toBeUndefined();
});
