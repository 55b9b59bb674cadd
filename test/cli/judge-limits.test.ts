// `puzzle judge` on hostile input, as real processes (bin/puzzle.mjs running dist/: `npm test` builds
// first): endless stdin is refused at a cap instead of read until memory runs out, and a million
// Rotation Game boards fit in a small heap.

import { spawn, spawnSync } from "node:child_process";
import { closeSync, mkdtempSync, openSync, rmSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..", "..");
const BIN = join(ROOT, "bin", "puzzle.mjs");

type EndlessRun = { status: number | null; stdout: string; stderr: string; ms: number; written: number };

/**
 * Runs `puzzle judge <format>` with stdin fed `chunk` again and again until the process ends, or
 * 80 MiB are written (then stdin is closed: a command that reads it all still ends, its memory bounded).
 * `written`: the bytes handed to the pipe, a little more than the command read (the pipe buffers some).
 */
function judgeEndless(format: string, chunk: string) {
  return new Promise<EndlessRun>((done) => {
    const started = Date.now();
    const child = spawn(process.execPath, [BIN, "judge", format]);
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (data: Buffer) => (stdout += data.toString()));
    child.stderr.on("data", (data: Buffer) => (stderr += data.toString()));
    const block = Buffer.from(chunk.repeat(Math.ceil(65_536 / chunk.length)));
    let open = true;
    let written = 0;
    child.stdin.on("error", () => (open = false)); // EPIPE once the command stops reading
    const feed = () => {
      while (open && written < 80 * 1024 * 1024) {
        written += block.length;
        if (!child.stdin.write(block)) return;
      }
      if (open) child.stdin.end();
      open = false;
    };
    child.stdin.on("drain", feed);
    feed();
    const killer = setTimeout(() => child.kill("SIGKILL"), 20_000);
    child.on("close", (status) => {
      open = false;
      clearTimeout(killer);
      done({ status, stdout, stderr, ms: Date.now() - started, written });
    });
  });
}

describe("puzzle judge: hostile input", () => {
  it("endless stdin in the rotation format (`yes … | puzzle judge rotation`) stops at 64 MiB", async () => {
    // Before: read without end (2.9 GB resident after 6 s), until the machine ran out of memory.
    const run = await judgeEndless("rotation", "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3\n");
    expect(run).toMatchObject({
      status: 2,
      stdout: "",
      stderr:
        "puzzle: the input holds more than 64 MiB (the most one run reads): split it into several runs\n",
    });
  }, 70_000);

  it("endless stdin in a 3x3 format (`yes | puzzle judge acwing`) stops at its own 1 MiB", async () => {
    // Before: read 64 MiB (118 MB resident), then said `more than 64 MiB`, not the format's 1 MiB.
    const run = await judgeEndless("acwing", "y\n");
    expect(run).toMatchObject({
      status: 2,
      stdout: "",
      stderr: "puzzle: the input holds more than 1 MiB (an input of acwing is a few hundred characters)\n",
    });
    expect(run.written).toBeLessThan(16 * 1024 * 1024); // the rest refused by a closed pipe
    for (const format of ["hihocoder", "lanqiao"]) {
      const zero = openSync("/dev/zero", "r");
      try {
        const fromZero = spawnSync(process.execPath, [BIN, "judge", format], {
          stdio: [zero, "pipe", "pipe"],
          encoding: "utf8",
          timeout: 30_000,
        });
        expect(fromZero, format).toMatchObject({
          status: 2,
          stdout: "",
          stderr: `puzzle: the input holds more than 1 MiB (an input of ${format} is a few hundred characters)\n`,
        });
      } finally {
        closeSync(zero);
      }
    }
  }, 70_000);

  it("300,000 rotation boards are answered in a 64 MB heap (before: 128 MB ran out of memory)", () => {
    const board = "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3\n";
    const run = spawnSync(process.execPath, ["--max-old-space-size=64", BIN, "judge", "rotation"], {
      input: `${board.repeat(300_000)}0\n`,
      encoding: "utf8",
      timeout: 60_000,
      maxBuffer: 1 << 26,
    });
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(run.stdout).toBe("AC\n2\n".repeat(300_000));
  }, 70_000);
});

describe("puzzle solve --batch FILE: hostile input", () => {
  const TOO_LONG =
    "puzzle: the input holds more than 64 MiB (the most one run reads): split it into several runs\n";

  it("a file over 64 MiB is refused by its size, before it is read", () => {
    // Before: read whole (a 1 GB file took gigabytes; over 2 GB, "cannot read the file").
    const dir = mkdtempSync(join(tmpdir(), "batch-cap-"));
    try {
      const path = join(dir, "huge.txt");
      writeFileSync(path, "");
      truncateSync(path, 65 * 1024 * 1024); // sparse: no disk used
      const run = spawnSync(process.execPath, [BIN, "solve", "--batch", path], {
        encoding: "utf8",
        timeout: 30_000,
      });
      expect(run).toMatchObject({ status: 2, stdout: "", stderr: TOO_LONG });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("an endless device (/dev/zero) stops at 64 MiB", () => {
    const run = spawnSync(process.execPath, [BIN, "solve", "--batch", "/dev/zero"], {
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(run).toMatchObject({ status: 2, stdout: "", stderr: TOO_LONG });
  });
});
