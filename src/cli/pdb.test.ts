// `puzzle pdb build|status`: builds a small partition into a given folder, reports it present and
// valid, and rejects bad usage with status 2 (one line on stderr, through main as the command runs).
import {
  closeSync,
  copyFileSync,
  existsSync,
  mkdtempSync,
  openSync,
  readFileSync,
  readSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from "node:fs";
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
    const files = readdirSync(dir).filter((file) => file.endsWith(".pdb"));
    const bytes = files.reduce((sum, file) => sum + statSync(join(dir, file)).size, 0);
    // Every file the build left: the tables, their direct-address copies, the 4x4 move machine.
    expect(files).toHaveLength(5);
    expect(build.out).toContain(`(${(bytes / 2 ** 20).toFixed(1)} MiB of files)`);
    const status = await run(["status", "--dir", dir]);
    expect(status.out).toMatch(/pdb:555\s+pdb-4x4-1\.2\.3\.6\.7\s+[\d.]+ MiB\s+ok/);
    expect(status.out).toMatch(/pdb:555\s+pdb-4x4-1\.2\.3\.6\.7@direct\s+1\.0 MiB\s+ok/);
    expect(status.out).toMatch(/4x4\s+move-machine-4x4-12\s+[\d.]+ MiB\s+ok/);
    expect(status.out).toMatch(/pdb:78\s+\S+\s+[\d.]+ MiB\s+missing/);
    expect(status.out).toMatch(/pdb:6666\s+\S+@direct\s+[\d.]+ MiB\s+missing\n/);
  });

  it("status checks the direct-address copies too: a corrupt one is removed, and laid out again by the next load", async () => {
    const path = join(dir, "pdb-4x4-4.5.8.9.12@direct.pdb");
    const fd = openSync(path, "r+");
    try {
      // In place (the file may be mapped by this process): the last entry changed.
      const last = Buffer.alloc(1);
      readSync(fd, last, 0, 1, statSync(path).size - 1);
      writeSync(fd, Buffer.from([last[0] ^ 0xff]), 0, 1, statSync(path).size - 1);
    } finally {
      closeSync(fd);
    }
    const status = await run(["status", "--dir", dir]);
    expect(status.out).toMatch(/pdb:555\s+pdb-4x4-4\.5\.8\.9\.12@direct\s+1\.0 MiB\s+invalid \(removed\)/);
    expect(status.out).toMatch(/pdb:555\s+pdb-4x4-1\.2\.3\.6\.7@direct\s+1\.0 MiB\s+ok/);
    expect(existsSync(path)).toBe(false);
    const again = await run(["status", "--dir", dir]);
    expect(again.out).toMatch(
      /pdb:555\s+pdb-4x4-4\.5\.8\.9\.12@direct\s+1\.0 MiB\s+missing \(laid out at the next load\)/,
    );
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
    // Forced on tables that are there: said as a rebuild (before: `(first run, ~1 s): pdb:555, 2
    // table(s) missing, 1 at a time`), on one thread and on several.
    for (const threads of ["1", "2"]) {
      const forced = await run(["build", "555", "--dir", two, "--threads", threads, "--force"]);
      expect(forced.code).toBe(0);
      expect(forced.err).toContain(
        `rebuilding pattern databases (forced, ~1 s): pdb:555, 2 table(s), ${threads} at a time\n`,
      );
      expect(forced.err).not.toMatch(/first run|missing/);
    }
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

  it("refuses --dir or --threads given twice, and shows bad words escaped and cut", async () => {
    for (const args of [
      ["build", "555", "--threads", "300", "--threads", "1"],
      ["build", "555", "--dir", "/etc/passwd", "--dir", dir],
      ["status", "--dir", dir, "--dir=/tmp"],
    ]) {
      const result = await run(args);
      expect(result, args.join(" ")).toMatchObject({ code: 2, out: "" });
      expect(result.err).toMatch(
        /^puzzle: --(dir|threads) (is given more than once: give it once|needs a whole number.*)\n$/,
      );
    }
    const twice = await run(["build", "555", "--threads", "1", "--threads", "2"]);
    expect(twice.err).toBe("puzzle: --threads is given more than once: give it once\n");
    const escaped = await run(["build", "\u001b[31m555"]);
    expect(escaped).toMatchObject({ code: 2, out: "" });
    expect(escaped.err).toMatch(/^puzzle: unknown partition "\\u001b\[31m555" \(partitions: /);
    const long = await run(["frobnicate".repeat(10_000)]);
    expect(long.err).toMatch(/^puzzle: unknown pdb command "(frobnicate){4}…" \(/);
    const file = join(dir, "escaped\u0007folder");
    writeFileSync(file, "");
    const onFile = await run(["status", "--dir", file]);
    expect(onFile.err).toBe(`puzzle: the pattern database folder ${JSON.stringify(file)} is not a folder\n`);
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

  it("a --dir that cannot be made leaves none of the parent folders it made", async () => {
    // Before: ENAMETOOLONG for the last folder, and leak1/leak2 stayed behind.
    const tooLong = join(dir, "leak1", "leak2", "a".repeat(300));
    const result = await run(["build", "555", "--dir", tooLong]);
    expect(result).toMatchObject({ code: 2, out: "" });
    expect(result.err).toMatch(/^puzzle: cannot create the pattern database folder .* \(ENAMETOOLONG\)\n$/);
    expect(existsSync(join(dir, "leak1"))).toBe(false);
  });

  it("status refuses a --dir that is a file, as build does, instead of listing every table missing", async () => {
    const file = join(dir, "status-on-a-file");
    writeFileSync(file, "");
    const result = await run(["status", "--dir", file]);
    expect(result).toEqual({
      code: 2,
      out: "",
      err: `puzzle: the pattern database folder ${file} is not a folder\n`,
    });
    // A folder that is not there is still every table missing.
    const absent = await run(["status", "--dir", join(dir, "absent")]);
    expect(absent.code).toBe(0);
    expect(absent.out).toMatch(/pdb:555\s+\S+\s+[\d.]+ MiB\s+missing/);
  });

  it("rejects an unknown partition, a missing or extra name and an unknown command, naming it in one line", async () => {
    // Before, each of these printed the two lines of the usage without saying what was wrong.
    for (const [args, line] of [
      [["build", "999"], 'unknown partition "999" (partitions: 78, 555, 663, 6666)'],
      [["build", "pdb:999"], 'unknown partition "pdb:999" (partitions: 78, 555, 663, 6666)'],
      [["build"], "pdb build needs a partition (78, 555, 663, 6666)"],
      [["build", "555", "663"], 'unexpected argument "663": pdb build takes one partition'],
      // After `--` a word is the partition's name, not an option (before: unknown option --).
      [["build", "--", "--force"], 'unknown partition "--force" (partitions: 78, 555, 663, 6666)'],
      [["status", "--", "555"], 'unexpected argument "555": pdb status takes only --dir DIR'],
      [
        ["frobnicate"],
        'unknown pdb command "frobnicate" (commands: build, status; `puzzle pdb --help` shows the usage)',
      ],
    ] as const) {
      const result = await run([...args]);
      expect(result, args.join(" ")).toEqual({ code: 2, out: "", err: `puzzle: ${line}\n` });
    }
    // `puzzle pdb` alone is the usage on stderr, status 2, as `puzzle` alone is.
    const bare = await run([]);
    expect(bare).toMatchObject({ code: 2, out: "" });
    expect(bare.err).toMatch(/^usage: puzzle pdb build/);
  });

  it("--help prints the usage on stdout with status 0, for pdb and each of its commands, and runs nothing", async () => {
    // A file that `status` would hash, find invalid and delete, and that a build would replace.
    const folder = mkdtempSync(join(dir, "help-"));
    const table = join(folder, "pdb-4x4-1.2.3.6.7.pdb");
    writeFileSync(table, "not a table");
    // PDB_DIR too: `status --help` used to run status there (the default is the project's tables).
    vi.stubEnv("PDB_DIR", folder);
    const runs = [];
    try {
      for (const args of [
        ["--help"],
        ["-h"],
        ["build", "--help"],
        ["build", "555", "--dir", folder, "--force", "--help"],
        ["status", "--help"],
        ["status", "--dir", folder, "-h"],
      ])
        runs.push({ args: args.join(" "), ...(await run(args)) });
    } finally {
      vi.unstubAllEnvs();
    }
    for (const result of runs) {
      // Before: status 2 and the usage on stderr; `status --help` ran status.
      expect(result).toMatchObject({ code: 0, err: "" });
      expect(result.out, result.args).toMatch(/^usage: puzzle pdb build <78\|555\|663\|6666>/);
      expect(result.out).toBe(runs[0].out);
    }
    // The usage says what status does to the files.
    expect(runs[0].out).toMatch(/status +lists every file.*Not read-only/s);
    expect(runs[0].out).toMatch(/rewrites its \.verified stamp, and\s+deletes a file that fails/);
    expect(readdirSync(folder)).toEqual(["pdb-4x4-1.2.3.6.7.pdb"]);
    expect(readFileSync(table, "utf8")).toBe("not a table");
  });

  it("an unknown option, a flag given a value or a build option given to status is one line naming it, before anything runs", async () => {
    const folder = mkdtempSync(join(dir, "bad-"));
    const table = join(folder, "pdb-4x4-1.2.3.6.7.pdb");
    writeFileSync(table, "not a table");
    for (const [args, line] of [
      // Before: the usage with no reason (build), or silently ignored (status hashed and deleted).
      [["build", "555", "--force", "--dir", folder, "--bogus"], "unknown option --bogus"],
      [["build", "555", "--force", "--dir", folder, "--thread", "2"], "unknown option --thread"],
      [["build", "555", "--dir", folder, "--force=no"], "--force takes no value"],
      [["build", "555", "--dir", folder, "--help=no"], "--help takes no value"],
      [["build", "555", "--dir="], "--dir needs a value"],
      [["status", "--dir", folder, "--bogus"], "unknown option --bogus"],
      [["status", "--bogus=1", "--dir", folder], "unknown option --bogus=1"],
      [["status", "--dir", folder, "-x"], "unknown option -x"],
      [["status", "--dir", folder, "--force"], "--force is an option of pdb build, not pdb status"],
      [["status", "--dir", folder, "--threads", "2"], "--threads is an option of pdb build, not pdb status"],
      [["status", "--dir", folder, "555"], 'unexpected argument "555": pdb status takes only --dir DIR'],
      [["--help=no"], "--help takes no value"],
    ] as const) {
      const result = await run([...args]);
      expect(result, args.join(" ")).toEqual({ code: 2, out: "", err: `puzzle: ${line}\n` });
    }
    expect(readdirSync(folder)).toEqual(["pdb-4x4-1.2.3.6.7.pdb"]);
    expect(readFileSync(table, "utf8")).toBe("not a table");
  });

  it("status hashes every table there (writing its stamp), removes an invalid one, and takes --dir=DIR", async () => {
    const folder = mkdtempSync(join(dir, "status-"));
    // A valid table (built by the first test) copied without its stamp, and a corrupt one.
    const good = "pdb-4x4-1.2.3.6.7.pdb";
    copyFileSync(join(dir, good), join(folder, good));
    writeFileSync(join(folder, "pdb-4x4-4.5.8.9.12.pdb"), "not a table");
    // A direct-address copy of the corrupt table: nothing to check it against, so left alone.
    writeFileSync(join(folder, "pdb-4x4-4.5.8.9.12@direct.pdb"), "a copy");
    const status = await run(["status", `--dir=${folder}`]);
    expect(status.code).toBe(0);
    expect(status.out.startsWith(`PDB_DIR ${folder}\n`)).toBe(true);
    expect(status.out).toMatch(/pdb:555\s+pdb-4x4-1\.2\.3\.6\.7\s+[\d.]+ MiB\s+ok\n/);
    expect(status.out).toMatch(/pdb:555\s+pdb-4x4-4\.5\.8\.9\.12\s+[\d.]+ MiB\s+invalid \(removed\)\n/);
    expect(status.out).toMatch(
      /pdb:555\s+pdb-4x4-4\.5\.8\.9\.12@direct\s+[\d.]+ MiB\s+not checked \(its table is not ok\)\n/,
    );
    expect(readdirSync(folder).sort()).toEqual([good, `${good}.verified`, "pdb-4x4-4.5.8.9.12@direct.pdb"]);
  });
});
