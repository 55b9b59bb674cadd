// An invalid table file in a folder the user cannot write: `puzzle pdb status` still lists every
// file (that one "not removed"), and `puzzle solve` names the file and answers with status 2 —
// before, both stopped with "internal error: EACCES … unlink" (status 1). Real processes (bin/puzzle.mjs,
// `npm test` builds first); as root the commands run as the user nobody, whom permissions bind.

import { type SpawnSyncOptions, spawnSync } from "node:child_process";
import { chmodSync, cpSync, existsSync, mkdtempSync, rmSync, statSync, truncateSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..", "..");
const BIN = join(ROOT, "bin", "puzzle.mjs");
const NOBODY = 65534;
const parent = mkdtempSync(join(tmpdir(), "pdb-read-only-"));
const dir = join(parent, "tables");
const corrupt = join(dir, "pdb-4x4-1.2.3.6.7.pdb");

function puzzle(args: string[], options: { asReader?: boolean; env?: Record<string, string> } = {}) {
  const spawnOptions: SpawnSyncOptions = {
    encoding: "utf8",
    timeout: 60_000,
    env: { ...process.env, ...options.env },
  };
  const asNobody = options.asReader === true && process.getuid?.() === 0;
  const run = spawnSync(process.execPath, [BIN, ...args], {
    ...spawnOptions,
    ...(asNobody ? { uid: NOBODY, gid: NOBODY } : {}),
  });
  return { status: run.status, stdout: String(run.stdout), stderr: String(run.stderr) };
}

beforeAll(() => {
  if (!existsSync(join(ROOT, "dist", "bundle", "cli.js")))
    throw new Error("dist/ is missing: run npm run build");
  const build = puzzle(["pdb", "build", "555", "--dir", dir]);
  expect(build.status, build.stderr).toBe(0);
  truncateSync(corrupt, statSync(corrupt).size - 1);
  // Readable and searchable by everyone, writable by no one but root (who runs nothing here).
  chmodSync(parent, 0o755);
  chmodSync(dir, 0o555);
});

afterAll(() => {
  chmodSync(dir, 0o755);
  rmSync(parent, { recursive: true, force: true });
});

describe("an invalid table in a read-only folder", () => {
  it("pdb status lists every file, that one as invalid and not removed", () => {
    const run = puzzle(["pdb", "status", "--dir", dir], { asReader: true });
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(
      /pdb:555\s+pdb-4x4-1\.2\.3\.6\.7\s+[\d.]+ MiB\s+invalid \(not removed: EACCES\)\n/,
    );
    // The listing goes on past it: the other tables, then the last line (the 5x5 move machine).
    expect(run.stdout).toMatch(/pdb:555\s+pdb-4x4-4\.5\.8\.9\.12\s+[\d.]+ MiB\s+ok\n/);
    expect(run.stdout).toMatch(/5x5\s+move-machine-5x5-12\s+[\d.]+ MiB\s+\S.*\n$/);
    expect(existsSync(corrupt)).toBe(true);
  });

  it("solve with that partition names the file and says it is not built, status 2", () => {
    const board = "1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15";
    const run = puzzle(["solve", board, "--heuristic", "pdb:555"], {
      asReader: true,
      env: { PDB_DIR: dir },
    });
    expect(run.status).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toContain(`puzzle: rejected ${corrupt}: `);
    expect(run.stderr).toContain("could not remove it (EACCES)");
    expect(run.stderr).toMatch(/pdb:555 is not built/);
    expect(run.stderr).not.toMatch(/internal error/);
  });

  it("solve with auto says so too, and answers without the partition", () => {
    const board = "1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15";
    const run = puzzle(["solve", board, "--json"], { asReader: true, env: { PDB_DIR: dir } });
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ status: "solved", length: 1 });
    expect(run.stderr).toContain("could not remove it (EACCES)");
  });

  it("in a folder it can write, solve removes the file and says so", () => {
    const writable = join(parent, "writable");
    cpSync(dir, writable, { recursive: true });
    chmodSync(writable, 0o755);
    const copy = join(writable, "pdb-4x4-1.2.3.6.7.pdb");
    const board = "1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15";
    const run = puzzle(["solve", board, "--heuristic", "pdb:555"], { env: { PDB_DIR: writable } });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(`puzzle: rejected ${copy}: `);
    expect(run.stderr).toMatch(/; removed\n/);
    expect(existsSync(copy)).toBe(false);
  });
});
