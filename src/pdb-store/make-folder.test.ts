import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { makeFolder } from "./make-folder.ts";

const root = mkdtempSync(join(tmpdir(), "make-folder-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("makeFolder", () => {
  it("makes a folder and its missing parents, and leaves an existing one alone", () => {
    const deep = join(root, "a", "b", "c");
    makeFolder(deep);
    expect(statSync(deep).isDirectory()).toBe(true);
    makeFolder(deep);
    makeFolder(join(root, "a"));
    expect(statSync(deep).isDirectory()).toBe(true);
  });

  it("throws the file system's error where a folder cannot be made", () => {
    const file = join(root, "a-file");
    writeFileSync(file, "");
    expect(() => makeFolder(join(file, "x"))).toThrow(expect.objectContaining({ code: "ENOTDIR" }));
  });

  it("leaves no parent it made behind when the folder cannot be made", () => {
    // Before: `pdb build 555 --dir /tmp/x/leak1/leak2/<300 characters>` failed (ENAMETOOLONG) and
    // left /tmp/x/leak1/leak2.
    const tooLong = join(root, "leak1", "leak2", "a".repeat(300));
    expect(() => makeFolder(tooLong)).toThrow(expect.objectContaining({ code: "ENAMETOOLONG" }));
    expect(existsSync(join(root, "leak1"))).toBe(false);
    expect(existsSync(root)).toBe(true); // there before: kept
  });

  // Node 20's recursive mkdirSync never returns here: tried in a child process with a deadline, so
  // that a regression fails this test instead of hanging the suite.
  it.runIf(process.platform === "linux")("refuses a folder under /proc at once", () => {
    const module = fileURLToPath(new URL("./make-folder.ts", import.meta.url));
    const script = `import(${JSON.stringify(module)}).then((m) => m.makeFolder("/proc/no-such-folder/x")).catch((e) => { console.log(e.code); });`;
    const run = spawnSync(process.execPath, ["--import", "tsx", "-e", script], {
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(run.signal).toBeNull();
    expect(run.stdout.trim()).toBe("ENOENT");
  });
});
