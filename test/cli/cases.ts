// Reads the shared judge cases (../shared/cases/*.txt beside the repository, or CASES_DIR): blocks of
// "# " metadata lines, "INPUT:" + stdin lines, "EXPECTED:" + stdout lines, then "---".

import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";

export interface JudgeCase {
  readonly name: string;
  readonly input: string;
  readonly expected: string;
}

const CASES_DIR = resolve(
  process.env.CASES_DIR ?? join(import.meta.dirname, "..", "..", "..", "shared", "cases"),
);

export const CASE_FILES = {
  hihocoder: "hihocoder1312.txt",
  acwing: "acwing845.txt",
  lanqiao: "lanqiao-jiugong.txt",
  rotation: "rotation-game.txt",
} as const;

export function readCases(file: string): JudgeCase[] {
  const cases: JudgeCase[] = [];
  let name = "";
  let section: "none" | "input" | "expected" = "none";
  let input: string[] = [];
  let expected: string[] = [];
  for (const line of readFileSync(join(CASES_DIR, file), "utf8").split("\n")) {
    if (line === "INPUT:") section = "input";
    else if (line === "EXPECTED:") section = "expected";
    else if (line === "---") {
      cases.push({
        name,
        input: input.map((l) => `${l}\n`).join(""),
        expected: expected.map((l) => `${l}\n`).join(""),
      });
      [section, name, input, expected] = ["none", "", [], []];
    } else if (section === "input") input.push(line);
    else if (section === "expected") expected.push(line);
    else if (line.startsWith("# case:")) name = line.slice("# case:".length).trim();
  }
  if (section !== "none") throw new Error(`${file}: last case is not ended by ---`);
  return cases;
}
