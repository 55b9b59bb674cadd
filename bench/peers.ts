// Side by side with other solvers (docs/pdb.md, "Side by side"): our command, one thread, whole
// processes, and — when an environment variable points at a peer's built binary — the peer on the
// same instances, runs interleaved (ours, theirs, ours, ...). Peer code is never part of this
// repository: fetch and build it elsewhere (docs/pdb.md says how).
//
//   npm run bench:peers -- korf100 [--rounds 5] [--peer-rounds 1] [--heuristic pdb:78]   (default pdb:663)
//       PEER_15PUZZLE=…/15puzzle/bin/puzzle   MichaelKim/15puzzle; PEER_15PUZZLE_DB (default
//       …/15puzzle/databases/663-reg), run in the folder above the database's (it reads and writes
//       its tables as databases/663-reg-N.dat there). Where those are missing, its first run builds
//       them: that run is printed but not counted, as our own tables are prebuilt
//   npm run bench:peers -- korf24 [--instances 38,40,25,32] [--rounds 3] [--peer-rounds 1]
//       [--peer-time-limit 300]   (the peer's CPU seconds)
//       PEER_24PUZZLE=…/24puzzle/cmd/pdbsearch   clausecker/24puzzle; PEER_24PUZZLE_PDB_DIR (its
//       prebuilt tables; both sides' table files are read once first, so that no first run reads
//       them from disk), PEER_24PUZZLE_CATALOGUE (default …/24puzzle/catalogues/small-compound.cat)
//   npm run bench:peers -- random15 [--file bench/data/random15-seed1.txt] [--rounds 5] [--threads 2] [--heuristic pdb:663]
//   any of them [--cpu N]   (both sides pinned to CPU N)
//
// Ours: bin/puzzle.mjs run as a program (the product's settings), `--threads 1` unless --threads is
// given; Korf's files with their goal (blank top-left); korf100 with pdb:663, the others with the
// default heuristic (the strongest tables present). The load average is printed with every run.
// `--cpu N` pins ours and the peer alike to CPU N (`taskset -c N`): a host whose vCPUs run at
// different speeds (docs/measurements/pdb-history.md, "Fourteenth session") then compares both on the same one.
import { closeSync, existsSync, fstatSync, openSync, readSync, readdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { type Instance, korfGoal, korfInstances, ours, type Run, root, runProcess } from "./processes.ts";
import { pdbDirectory } from "../src/pdb-settings.ts";
import { mapFileRange } from "../src/pdb-store/mapped-file.ts";
import { loadAverage, median, option } from "./stats.ts";

const suite = process.argv[2];
const rounds = Math.max(1, Number(option("rounds") ?? "3"));
const peerRounds = Math.max(0, Number(option("peer-rounds") ?? "1"));
const threads = option("threads") ?? "1";
const cpu = option("cpu") ?? "";
if (cpu !== "" && !/^\d+$/.test(cpu)) {
  console.error(`bench/peers.ts: --cpu ${cpu}: give a CPU number (0, 1, …)`);
  process.exit(2);
}

/** The command and its arguments, run through `taskset -c <cpu>` when --cpu is given. */
function pinned(command: string, args: readonly string[]): [string, readonly string[]] {
  return cpu === "" ? [command, args] : ["taskset", ["-c", cpu, command, ...args]];
}
const puzzle = join(root, "bin", "puzzle.mjs");

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

function report(label: string, run: Run): void {
  if (run.problem !== "" && !run.problem.startsWith("stopped")) process.exitCode = 1;
  const problem = run.problem === "" ? "" : `  ${run.problem}`;
  console.log(
    `${label}: process ${seconds(run.wallMs)} (CPU ${seconds(run.cpuMs)}), search ${seconds(run.searchMs)}, ` +
      `${run.nodes.toLocaleString("en")} nodes, load ${loadAverage()}${problem}`,
  );
}

/** The pattern database MichaelKim/15puzzle reads (PEER_15PUZZLE_DB, or its own 6-6-3). */
function michaelKimDatabase(binary: string): string {
  return process.env.PEER_15PUZZLE_DB ?? join(dirname(binary), "..", "databases", "663-reg");
}

/**
 * Brings every file in `dir` whose name `keep` accepts into the page cache once, so that both sides'
 * first measured run finds its tables there, as every later run does (clausecker's first run
 * otherwise reads its 2.4 GB from disk: 3.7 s against 2.0 s warm on the fifteenth session's host).
 * `mapped`: through the product's own mapping (huge-page advice), so that a file not yet cached
 * comes in 2 MiB folios as the product's first run would bring it; a plain read would cache it in
 * small folios, which every later mapping then maps with 4 KiB entries (docs/pdb.md, "Huge pages
 * for mapped tables": 5-7% slower searches). A file already cached stays as it is.
 */
function warmPageCache(label: string, dir: string, keep: (name: string) => boolean, mapped: boolean): void {
  const began = performance.now();
  const chunk = Buffer.allocUnsafe(64 << 20);
  let bytes = 0;
  const files = readdirSync(dir).filter(keep);
  for (const name of files) {
    const fd = openSync(join(dir, name), "r");
    try {
      const map = mapped ? mapFileRange(fd, 0, fstatSync(fd).size) : null;
      if (map !== null) {
        // Copied out through the mapping: every page faulted in the way the product faults it.
        for (let at = 0; at < map.length; at += chunk.length) chunk.set(map.subarray(at, at + chunk.length));
        bytes += map.length;
      } else for (let got = readSync(fd, chunk); got > 0; got = readSync(fd, chunk)) bytes += got;
    } finally {
      closeSync(fd);
    }
  }
  const took = ((performance.now() - began) / 1000).toFixed(1);
  console.log(
    `${label}: ${files.length} table files ${mapped ? "mapped" : "read"} into the page cache (${(bytes / 2 ** 30).toFixed(2)} GiB, ${took} s)`,
  );
}

/** MichaelKim/15puzzle: goal blank bottom-right, so Korf's boards are turned 180° and relabelled x → 16 − x. */
async function michaelKim(binary: string, instances: readonly Instance[]): Promise<Run> {
  const database = michaelKimDatabase(binary);
  const boards = instances.map(({ tiles }) => {
    const turned = tiles.map((_, cell) => tiles[15 - cell]).map((tile) => (tile === 0 ? 0 : 16 - tile));
    return [0, 4, 8, 12].map((row) => turned.slice(row, row + 4).join(" ")).join("\n");
  });
  const input = `4 4 ${boards.length}\n\n${boards.join("\n\n")}\n`;
  const result = await runProcess(...pinned(binary, ["-d", resolve(database)]), {
    input,
    cwd: dirname(dirname(database)),
  });
  const lengths = [...result.stdout.matchAll(/Solution: (\d+) moves/g)].map((m) => Number(m[1]));
  const nodes = [...result.stdout.matchAll(/Nodes expanded: (\d+)/g)].reduce(
    (sum, m) => sum + Number(m[1]),
    0,
  );
  const wrong = instances.flatMap(({ optimal }, i) => (lengths[i] === optimal ? [] : [`#${i + 1}`]));
  return {
    wallMs: result.wallMs,
    cpuMs: result.cpuMs,
    searchMs: Number.NaN,
    nodes,
    problem: wrong.length ? `wrong ${wrong}` : "",
  };
}

/**
 * clausecker/24puzzle's pdbsearch: one instance on stdin, its verbose report on stderr. It is stopped
 * after `limitSeconds` of CPU time (prlimit), so a loaded machine does not cut it short; a wall-clock
 * limit of four times that is the backstop.
 */
async function clausecker(binary: string, instance: Instance, limitSeconds: number): Promise<Run> {
  const pdbDir = process.env.PEER_24PUZZLE_PDB_DIR;
  if (pdbDir === undefined) throw new Error("PEER_24PUZZLE_PDB_DIR: the folder of its prebuilt tables");
  const catalogue =
    process.env.PEER_24PUZZLE_CATALOGUE ?? join(dirname(binary), "..", "catalogues", "small-compound.cat");
  const args = [`--cpu=${limitSeconds}`, binary, "-j", "1", "-d", pdbDir, catalogue];
  const result = await runProcess(...pinned("prlimit", args), {
    input: `${instance.tiles.join(",")}\n`,
    timeoutMs: 4000 * limitSeconds,
  });
  if (result.timedOut || result.code !== 0) {
    return { ...result, searchMs: Number.NaN, nodes: Number.NaN, problem: `stopped (status ${result.code})` };
  }
  const path = /Solution found: ([\d,]+)/.exec(result.stdout)?.[1] ?? "";
  const length = path.split(",").length;
  return {
    wallMs: result.wallMs,
    cpuMs: result.cpuMs,
    // Its own figure: the search thread's CPU time.
    searchMs: 1000 * Number(/Spent ([\d.]+) seconds in total/.exec(result.stderr)?.[1]),
    nodes: Number(/Expanded (\d+) nodes in total/.exec(result.stderr)?.[1]),
    problem: length === instance.optimal ? "" : `length ${length}, optimal ${instance.optimal}`,
  };
}

function summary(label: string, runs: readonly Run[]): string {
  if (runs.length === 0) return `${label}: not run`;
  const walls = runs.map((r) => r.wallMs).sort((a, b) => a - b);
  return (
    `${label}: median process ${seconds(median(walls))} (${walls.map((w) => (w / 1000).toFixed(2)).join(", ")}), ` +
    `median CPU ${seconds(median(runs.map((r) => r.cpuMs)))}, ` +
    `median search ${seconds(median(runs.map((r) => r.searchMs)))}, ${runs[0].nodes.toLocaleString("en")} nodes`
  );
}

/** Runs ours `rounds` times and the peer `peerRounds` times, alternating, and prints both. */
async function sideBySide(
  name: string,
  runOurs: () => Promise<Run>,
  runPeer?: () => Promise<Run>,
): Promise<void> {
  const mine: Run[] = [];
  const theirs: Run[] = [];
  for (let round = 1; round <= Math.max(rounds, runPeer ? peerRounds : 0); round++) {
    if (round <= rounds) {
      mine.push(await runOurs());
      report(`${name} ours #${round}`, mine[mine.length - 1]);
    }
    if (runPeer && round <= peerRounds) {
      theirs.push(await runPeer());
      report(`${name} peer #${round}`, theirs[theirs.length - 1]);
    }
  }
  console.log(summary(`${name} ours`, mine));
  if (runPeer && theirs.length > 0) {
    console.log(summary(`${name} peer`, theirs));
    const ratio = (key: "wallMs" | "cpuMs") =>
      (median(theirs.map((r) => r[key])) / median(mine.map((r) => r[key]))).toFixed(1);
    console.log(
      `${name}: peer / ours, median process time ${ratio("wallMs")}×, median CPU time ${ratio("cpuMs")}×`,
    );
  }
}

if (suite === "korf100") {
  const { instances } = korfInstances(4);
  const input = instances.map(({ tiles }) => `${tiles.join(" ")}\n`).join("");
  const args = [
    "solve",
    "--batch",
    "-",
    "--goal",
    korfGoal(4),
    "--heuristic",
    option("heuristic") ?? "pdb:663",
    "--threads",
    threads,
  ];
  const peer = process.env.PEER_15PUZZLE;
  // Its first run builds its tables (the same answers, ~10 s more): our tables are prebuilt, so
  // theirs are built before the rounds that count.
  if (peer && !existsSync(`${michaelKimDatabase(peer)}-0.dat`)) {
    report("korf100 peer, building its database (not counted)", await michaelKim(peer, instances));
  }
  await sideBySide(
    "korf100",
    async () =>
      ours(
        await runProcess(...pinned(puzzle, args), { input }),
        instances.map((i) => i.optimal),
      ),
    peer ? () => michaelKim(peer, instances) : undefined,
  );
} else if (suite === "korf24") {
  const { instances } = korfInstances(5);
  const peer = process.env.PEER_24PUZZLE;
  const limit = Number(option("time-limit") ?? "300");
  const peerLimit = Number(option("peer-time-limit") ?? "300");
  warmPageCache("ours", pdbDirectory(), (name) => /^(pdb|move-machine)-5x5-.*\.pdb$/.test(name), true);
  const peerTables = process.env.PEER_24PUZZLE_PDB_DIR;
  if (peer && peerTables) warmPageCache("peer", peerTables, (name) => name.endsWith(".pdb"), false);
  for (const number of (option("instances") ?? "38,40,25,32").split(",").map(Number)) {
    const instance = instances[number - 1];
    const args = ["solve", instance.tiles.join(","), "--size", "5x5", "--goal", korfGoal(5)];
    args.push("--threads", threads, "--json", "--quiet", "--time-limit", String(limit));
    await sideBySide(
      `#${number}`,
      async () => ours(await runProcess(...pinned(puzzle, args)), [instance.optimal]),
      peer ? () => clausecker(peer, instance, peerLimit) : undefined,
    );
  }
} else if (suite === "random15") {
  const file = resolve(option("file") ?? join(root, "bench", "data", "random15-seed1.txt"));
  const args = ["solve", "--batch", file, "--threads", threads, "--heuristic", option("heuristic") ?? "auto"];
  await sideBySide("random15", async () => ours(await runProcess(...pinned(puzzle, args)), []));
} else {
  console.error("bench/peers.ts: korf100 | korf24 | random15 (see the head of the file)");
  process.exitCode = 2;
}
