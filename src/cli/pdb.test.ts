// `puzzle pdb build|status`: builds a small partition into a given folder, reports it present and
// valid, and rejects bad usage with status 2 (one line on stderr, through main as the command runs).
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { main } from "./main.ts";

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
    return { code: await main(["pdb", ...args]), out, err };
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
    // No upper bound before: a typo started that many threads.
    const many = await run(["build", "555", "--dir", dir, "--threads", "100000"]);
    expect(many).toMatchObject({ code: 2, out: "" });
    expect(many.err).toBe('puzzle: --threads needs a whole number from 1 to 256, got "100000"\n');
  });

  it("refuses --dir or --threads without a value, instead of building into PDB_DIR or a folder named --force", async () => {
    // (Each line is also one that the code before this change refused or ran before building.)
    for (const args of [
      ["build", "999", "--dir"],
      ["build", "555", "--dir", "--force", "--threads", "0"],
      ["build", "555", "--threads", "--force"],
      ["build", "999", "--threads"],
      ["status", "--dir", "--force"],
    ]) {
      const result = await run(args);
      expect(result, args.join(" ")).toMatchObject({ code: 2, out: "" });
      expect(result.err).toMatch(/^puzzle: --(dir|threads) needs a value\n$/);
    }
  });

  it("a --dir that is a file, or under one, is bad input naming it, not an internal error", async () => {
    const file = join(dir, "not-a-folder");
    writeFileSync(file, "");
    const onFile = await run(["build", "555", "--dir", file]);
    expect(onFile).toMatchObject({ code: 2, out: "" });
    expect(onFile.err).toBe(`puzzle: the pattern database folder ${file} is not a folder\n`);
    const under = await run(["build", "555", "--dir", join(file, "pdb")]);
    expect(under.code).toBe(2);
    expect(under.err).toBe(
      `puzzle: cannot create the pattern database folder ${join(file, "pdb")} (ENOTDIR)\n`,
    );
  });

  it("rejects an unknown partition or a missing name", async () => {
    expect((await run(["build", "999"])).code).toBe(2);
    expect((await run(["build"])).code).toBe(2);
    expect((await run(["frobnicate"])).err).toMatch(/usage: puzzle pdb build/);
  });
});
