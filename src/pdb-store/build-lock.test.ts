// Three processes started together on one PDB_DIR (three workers on one Docker volume) build each
// table once: one holds the table's lock and builds, the others wait and load its file. A lock left
// by a dead process is taken over.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { pdbTableSpecs, storedMachineTable } from "../core/pdb/index.ts";
import { acquireBuildLock } from "./build-lock.ts";
import { tablePath } from "./store.ts";

const STORE = join(import.meta.dirname, "store.ts");

/** A process running ensurePdb("555") on `dir`; resolves with the kinds of its events per table. */
function ensureInChild(dir: string): Promise<{ table: string; kind: string }[]> {
  const script = `
    const { ensurePdb } = await import(${JSON.stringify(STORE)});
    ensurePdb("555", { dir: ${JSON.stringify(dir)}, onEvent: (e) => console.log(JSON.stringify({ table: e.table.key, kind: e.kind })) });
  `;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script]);
    let out = "";
    let err = "";
    child.stdout.on("data", (chunk) => {
      out += chunk;
    });
    child.stderr.on("data", (chunk) => {
      err += chunk;
    });
    child.on("exit", (code) =>
      code === 0
        ? resolve(
            out
              .trim()
              .split("\n")
              .map((line) => JSON.parse(line)),
          )
        : reject(new Error(`child exited ${code}: ${err}`)),
    );
  });
}

let dir = "";
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("table build lock", () => {
  it("three processes on one directory build each table once; the others load it", async () => {
    dir = mkdtempSync(join(tmpdir(), "pdb-lock-"));
    const runs = await Promise.all([ensureInChild(dir), ensureInChild(dir), ensureInChild(dir)]);
    const tables = pdbTableSpecs("555").map((t) => t.key);
    for (const key of tables) {
      const built = runs.flat().filter((e) => e.table === key && e.kind === "built");
      expect(built, key).toHaveLength(1);
      // Every process ends with the table: built it, or loaded the builder's file.
      for (const events of runs)
        expect(events.some((e) => e.table === key && (e.kind === "built" || e.kind === "loaded"))).toBe(true);
    }
    // Nothing left behind: no lock, no temporary file; beside each table its direct-address copy
    // (laid out by whichever process got there first), the board's move machine (likewise) and the
    // stamps of their verified checksums.
    const machine = `${storedMachineTable(4, 4).key}.pdb`;
    const files = [...tables.flatMap((key) => [`${key}.pdb`, `${key}@direct.pdb`]), machine];
    expect(readdirSync(dir).sort()).toEqual([...files, ...files.map((f) => `${f}.verified`)].sort());
  }, 60_000);

  it("a lock left by a process that no longer runs is taken over", () => {
    dir = mkdtempSync(join(tmpdir(), "pdb-lock-stale-"));
    const path = `${tablePath(pdbTableSpecs("555")[0], dir)}.lock`;
    // A pid far above pid_max's default is not running.
    writeFileSync(path, JSON.stringify({ pid: 99_999_999, host: hostname(), since: "then" }));
    let waited = false;
    const lock = acquireBuildLock(path, () => {
      waited = true;
    });
    expect(waited).toBe(false);
    expect(existsSync(path)).toBe(true);
    lock.release();
    expect(existsSync(path)).toBe(false);
  });

  it("a live holder is waited for", async () => {
    dir = mkdtempSync(join(tmpdir(), "pdb-lock-live-"));
    const path = join(dir, "t.pdb.lock");
    // The wait blocks this thread, so the holder is another process: a child that holds it 500 ms.
    const holder = spawn(process.execPath, [
      "--import",
      "tsx",
      "--input-type=module",
      "-e",
      `const { acquireBuildLock } = await import(${JSON.stringify(join(import.meta.dirname, "build-lock.ts"))});
       const l = acquireBuildLock(${JSON.stringify(path)}); console.log("held"); setTimeout(() => l.release(), 500);`,
    ]);
    await new Promise((resolve) => holder.stdout.once("data", resolve));
    let waitedFor = "";
    const began = performance.now();
    const second = acquireBuildLock(path, (who) => {
      waitedFor = who;
    });
    expect(performance.now() - began).toBeGreaterThan(200);
    expect(waitedFor).toMatch(/^pid \d+ on /);
    second.release();
  }, 20_000);
});
