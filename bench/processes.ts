// Helpers shared by the benchmarks that time whole processes (bench/korf.ts, bench/peers.ts,
// bench/cli-threads.ts): the instance files, one timed child process, and our JSON answers read back.
import { spawn } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const root = join(dirname(fileURLToPath(import.meta.url)), "..");

export interface Instance {
  readonly tiles: number[];
  /** The file's optimal length. */
  readonly optimal: number;
}

/**
 * Korf's instances (korf100.txt or korf24.txt in SHARED_DIR, else in the `shared` folder beside the
 * checkout or beside its parent, as for a worktree): tiles, then the optimal length.
 */
export function korfInstances(side: 4 | 5): { file: string; instances: Instance[] } {
  const name = side === 5 ? "korf24.txt" : "korf100.txt";
  const folders = process.env.SHARED_DIR
    ? [process.env.SHARED_DIR]
    : [join(root, "..", "shared"), join(root, "..", "..", "shared")];
  const candidates = folders.map((folder) => join(folder, name));
  const file = candidates.find((path) => existsSync(path)) ?? candidates[0];
  const instances = readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "" && !line.startsWith("#"))
    .map((line) => {
      const tiles = line.trim().split(/\s+/).map(Number);
      const optimal = tiles.pop() as number;
      return { tiles, optimal };
    });
  return { file, instances };
}

/** Korf's goal: the blank top-left, tile i on cell i. */
export function korfGoal(side: number): string {
  return Array.from({ length: side * side }, (_, i) => i).join(",");
}

export interface ProcessRun {
  /** Spawn to exit. */
  readonly wallMs: number;
  /** User + system CPU time of the process (GNU time's report; NaN without /usr/bin/time or when killed). */
  readonly cpuMs: number;
  readonly stdout: string;
  readonly stderr: string;
  readonly code: number | null;
  /** Killed when `timeoutMs` passed. */
  readonly timedOut: boolean;
}

const GNU_TIME = "/usr/bin/time";
let runs = 0;

/**
 * Runs one process with `input` on its stdin and times it (wall clock, and CPU time through
 * /usr/bin/time when present, which stays meaningful when other work shares the cores); never
 * rejects on a non-zero exit. With `timeoutMs` the process gets a process group of its own, so the
 * timeout kills it and not only the timing wrapper.
 */
export function runProcess(
  command: string,
  args: readonly string[],
  options: { input?: string; cwd?: string; timeoutMs?: number; stderr?: "pipe" | "inherit" } = {},
): Promise<ProcessRun> {
  const report = existsSync(GNU_TIME) ? join(tmpdir(), `bench-time-${process.pid}-${++runs}`) : undefined;
  const [file, argv] =
    report === undefined ? [command, args] : [GNU_TIME, ["-f", "%U %S", "-o", report, command, ...args]];
  return new Promise((resolveRun, reject) => {
    const began = performance.now();
    const child = spawn(file, argv, {
      cwd: options.cwd,
      stdio: ["pipe", "pipe", options.stderr ?? "pipe"],
      detached: options.timeoutMs !== undefined,
    });
    let stdout = "";
    let stderr = "";
    let timedOut = false;
    child.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
    });
    child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk;
    });
    const timer =
      options.timeoutMs === undefined
        ? undefined
        : setTimeout(() => {
            timedOut = true;
            process.kill(-(child.pid as number), "SIGKILL");
          }, options.timeoutMs);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      const wallMs = performance.now() - began;
      let cpuMs = Number.NaN;
      if (report !== undefined && existsSync(report)) {
        const [user, system] = readFileSync(report, "utf8").trim().split(/\s+/).slice(-2).map(Number);
        cpuMs = 1000 * (user + system);
        rmSync(report);
      }
      resolveRun({ wallMs, cpuMs, stdout, stderr, code, timedOut });
    });
    child.stdin?.end(options.input ?? "");
  });
}

/** One measured run: whole process, the searches' own time when the solver reports it, nodes. */
export interface Run {
  readonly wallMs: number;
  /** The whole process's user + system CPU time. */
  readonly cpuMs: number;
  readonly searchMs: number;
  readonly nodes: number;
  /** Empty when every answer had the optimal length. */
  readonly problem: string;
}

/**
 * Our answers (`puzzle solve … --json`, a line each): summed nodes and times, and any answer that is not
 * solved or not the expected length.
 */
export function ours(result: ProcessRun, optimal: readonly (number | undefined)[]): Run {
  const lines = result.stdout
    .trim()
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line));
  const wrong = lines.flatMap((line, i) =>
    line.status !== "solved"
      ? [`#${i + 1} ${line.status ?? line.error}`]
      : optimal[i] !== undefined && line.length !== optimal[i]
        ? [`#${i + 1} length ${line.length}, optimal ${optimal[i]}`]
        : [],
  );
  return {
    wallMs: result.wallMs,
    cpuMs: result.cpuMs,
    searchMs: lines.reduce((sum, line) => sum + (line.ms ?? 0), 0),
    nodes: lines.reduce((sum, line) => sum + (line.nodes ?? 0), 0),
    problem: lines.length < optimal.length ? `only ${lines.length} answers` : wrong.join(", "),
  };
}
