// `puzzle pdb build|status`: builds a small partition into a given folder, reports it present and
// valid, and rejects bad usage with status 2.
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { pdbCommand } from "./pdb.ts";

const dir = mkdtempSync(join(tmpdir(), "pdb-cli-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function run(args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const stdout = vi.spyOn(process.stdout, "write").mockImplementation((chunk) => {
    out += String(chunk);
    return true;
  });
  const stderr = vi.spyOn(process.stderr, "write").mockImplementation((chunk) => {
    err += String(chunk);
    return true;
  });
  try {
    return { code: await pdbCommand(args), out, err };
  } finally {
    stdout.mockRestore();
    stderr.mockRestore();
  }
}

describe("puzzle pdb", () => {
  it("builds a partition with progress and lists it as valid", async () => {
    const build = await run(["build", "555", "--dir", dir, "--force"]);
    expect(build.code).toBe(0);
    expect(build.out).toMatch(/pdb:555 ready/);
    expect(build.err).toMatch(/100\.0%/);
    expect(build.err).toMatch(/saved .*pdb-4x4-1\.2\.3\.6\.7\.pdb/);
    const status = await run(["status", "--dir", dir]);
    expect(status.out).toMatch(/pdb:555\s+pdb-4x4-1\.2\.3\.6\.7\s+[\d.]+ MiB\s+ok/);
    expect(status.out).toMatch(/pdb:78\s+\S+\s+[\d.]+ MiB\s+missing/);
  });

  it("builds a partition's tables on several threads at once, the same files as one thread", async () => {
    const one = join(dir, "one");
    const two = join(dir, "two");
    // --force: the tables of the test above are in this process's registry already.
    const sequential = await run(["build", "555", "--dir", one, "--threads", "1", "--force"]);
    const parallel = await run(["build", "555", "--dir", two, "--threads", "2", "--force"]);
    expect(sequential.code).toBe(0);
    expect(parallel.code).toBe(0);
    expect(parallel.err).toMatch(/100\.0%/);
    const tables = readdirSync(one).filter((file) => file.endsWith(".pdb"));
    expect(tables).toHaveLength(2); // 5-5-5: two distinct tables (the third group is a mirror image)
    expect(readdirSync(two).filter((file) => file.endsWith(".pdb"))).toEqual(tables);
    for (const file of tables)
      expect(readFileSync(join(two, file)).equals(readFileSync(join(one, file)))).toBe(true);
    // Built by the threads, so rebuilt only when forced.
    expect((await run(["build", "555", "--dir", two, "--threads", "2"])).err).not.toMatch(/built pdb/);
  });

  it("rejects a bad thread count", async () => {
    const result = await run(["build", "555", "--dir", dir, "--threads", "0"]);
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/--threads/);
  });

  it("rejects an unknown partition or a missing name", async () => {
    expect((await run(["build", "999"])).code).toBe(2);
    expect((await run(["build"])).code).toBe(2);
    expect((await run(["frobnicate"])).err).toMatch(/usage: puzzle pdb build/);
  });
});
