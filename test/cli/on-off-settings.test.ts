// PDB_MMAP and PUZZLE_HUGEPAGES in a `puzzle solve` / `puzzle pdb` run: a value that is none of the
// on/off spellings is refused with one line naming the variable, status 2, as the platform's
// processes refuse it at start-up (src/config.ts). Before, the CLI took `PDB_MMAP=maybe` or
// `PUZZLE_HUGEPAGES=of` as "on" without a word. In-process through main().

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { runCliInProcess } from "../helpers/cli-in-process.ts";

const pdbDir = mkdtempSync(join(tmpdir(), "cli-on-off-pdb-"));
afterAll(() => rmSync(pdbDir, { recursive: true, force: true }));

const saved = {
  PDB_MMAP: process.env.PDB_MMAP,
  PUZZLE_HUGEPAGES: process.env.PUZZLE_HUGEPAGES,
  PDB_DIR: process.env.PDB_DIR,
};
afterEach(() => setEnv(saved));

/** Sets each variable (undefined: unsets it). */
function setEnv(values: Record<string, string | undefined>): void {
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
}

/** main() with the given settings (undefined: unset) and PDB_DIR at an empty folder. */
async function run(args: readonly string[], env: Record<string, string | undefined>) {
  setEnv({ ...env, PDB_DIR: pdbDir });
  return await runCliInProcess(args);
}

const SOLVE = ["solve", "1", "2", "3", "x", "4", "6", "7", "5", "8", "--json"];
const SPELLINGS = "0, 1, true, false, on, off, yes, no (or unset)";

describe("puzzle: PDB_MMAP and PUZZLE_HUGEPAGES take the platform's on/off spellings", () => {
  it("a bad PDB_MMAP is refused before the solve, naming the variable", async () => {
    expect(await run(SOLVE, { PDB_MMAP: "maybe", PUZZLE_HUGEPAGES: undefined })).toEqual({
      status: 2,
      stdout: "",
      stderr: `puzzle: PDB_MMAP="maybe": expected one of ${SPELLINGS}\n`,
    });
  });

  it("a bad PUZZLE_HUGEPAGES is refused by pdb status before any table is hashed", async () => {
    expect(
      await run(["pdb", "status", "--dir", pdbDir], { PDB_MMAP: undefined, PUZZLE_HUGEPAGES: "of" }),
    ).toEqual({
      status: 2,
      stdout: "",
      stderr: `puzzle: PUZZLE_HUGEPAGES="of": expected one of ${SPELLINGS}\n`,
    });
  });

  it("every listed spelling, PDB_MMAP in any case and with spaces, and empty values are accepted", async () => {
    for (const env of [
      { PDB_MMAP: " OFF ", PUZZLE_HUGEPAGES: "0" },
      { PDB_MMAP: "No", PUZZLE_HUGEPAGES: "yes" },
      { PDB_MMAP: "", PUZZLE_HUGEPAGES: "" },
      { PDB_MMAP: "1", PUZZLE_HUGEPAGES: "off" },
    ]) {
      const result = await run(SOLVE, env);
      expect(result.stderr).toBe("");
      expect(result.status).toBe(0);
      expect(JSON.parse(result.stdout)).toMatchObject({ length: 3, moves: "RDR", status: "solved" });
    }
  });

  it("judge reads neither and is not refused", async () => {
    const result = await run(["judge", "--help"], { PDB_MMAP: "maybe", PUZZLE_HUGEPAGES: "of" });
    expect(result.status).toBe(0);
  });
});
