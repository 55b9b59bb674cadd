// The move machine kept in PDB_DIR: laid out and saved when missing, read back (and used by the
// search's registry) when present, and laid out again when the file was written by other code (its
// fingerprint) or is corrupt. Board sizes here are ones nothing else in this file touches, so each
// test meets an empty registry for its board.
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { compileMoveMachine, forbiddenSequences, moveMachine } from "../core/pdb/move-machine.ts";
import { MOVE_MACHINE_SOURCE } from "../core/pdb/move-machine-source.ts";
import { storedMachineTable } from "../core/pdb/index.ts";
import { readTableFile, type StoredTable, writeTableFile } from "./file-format.ts";
import type { PdbEvent } from "./load-table.ts";
import { loadMoveMachine } from "./move-machine-file.ts";

const dir = mkdtempSync(join(tmpdir(), "move-machine-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const sequences = forbiddenSequences(12);

const laidOutBytes = new Map<string, Uint8Array>();

/** The machine's bytes as the core lays it out, without touching the registry. */
function laidOut(rows: number, cols: number): Uint8Array {
  const key = `${rows}x${cols}`;
  let bytes = laidOutBytes.get(key);
  if (bytes === undefined) {
    bytes = new Uint8Array(compileMoveMachine(rows, cols, sequences).step.buffer);
    laidOutBytes.set(key, bytes);
  }
  return bytes;
}

function stored(rows: number, cols: number, source = storedMachineTable(rows, cols).source): StoredTable {
  const { key, bytes } = storedMachineTable(rows, cols);
  return { key, rows, cols, cells: [], entries: bytes, encoding: "move-machine", source };
}

function load(rows: number, cols: number): PdbEvent["kind"][] {
  const events: PdbEvent[] = [];
  loadMoveMachine(rows, cols, { dir, onEvent: (event) => events.push(event) });
  return events.map((event) => event.kind);
}

describe("the move machine in PDB_DIR", () => {
  it("names the fingerprint of the code that lays it out (update move-machine-source.ts when this fails)", () => {
    const hash = createHash("sha256");
    for (const file of ["move-sequences.ts", "move-automaton.ts", "move-machine.ts"])
      hash.update(readFileSync(join(import.meta.dirname, "..", "core", "pdb", file)));
    expect(MOVE_MACHINE_SOURCE).toBe(`sha256:${hash.digest("hex").slice(0, 16)}`);
  });

  it("missing: laid out, saved, and the saved bytes are the machine's", () => {
    expect(load(3, 4)).toEqual(["derived"]);
    const file = readTableFile(join(dir, `${storedMachineTable(3, 4).key}.pdb`), stored(3, 4), {
      map: false,
    });
    expect(file.data).toEqual(laidOut(3, 4));
    expect(new Uint8Array(moveMachine(3, 4, 12).step.buffer)).toEqual(laidOut(3, 4));
  });

  it("present: read, not laid out, and the search's machine is the file's", () => {
    writeTableFile(
      join(dir, `${storedMachineTable(2, 3).key}.pdb`),
      stored(2, 3),
      "move-machine",
      laidOut(2, 3),
    );
    expect(load(2, 3)).toEqual(["loaded"]);
    expect(new Uint8Array(moveMachine(2, 3, 12).step.buffer)).toEqual(laidOut(2, 3));
  });

  it("written by other code (another fingerprint): rejected, laid out again and saved over", () => {
    const path = join(dir, `${storedMachineTable(3, 3).key}.pdb`);
    const other = laidOut(3, 3).map((byte, i) => (i === 100 ? byte ^ 1 : byte));
    writeTableFile(path, stored(3, 3, "sha256:0123456789abcdef"), "move-machine", other);
    expect(load(3, 3)).toEqual(["rejected", "derived"]);
    expect(readTableFile(path, stored(3, 3), { map: false }).data).toEqual(laidOut(3, 3));
  });

  it("corrupt (a flipped byte): rejected, laid out again", () => {
    const path = join(dir, `${storedMachineTable(4, 5).key}.pdb`);
    writeTableFile(path, stored(4, 5), "move-machine", laidOut(4, 5));
    const bytes = readFileSync(path);
    bytes[bytes.length - 7] ^= 1;
    writeFileSync(path, bytes); // a new version of the file: its checksum is computed again
    expect(load(4, 5)).toEqual(["rejected", "derived"]);
    expect(new Uint8Array(moveMachine(4, 5, 12).step.buffer)).toEqual(laidOut(4, 5));
  });
});
