// One builder per table file, across processes and machines sharing PDB_DIR (three workers started
// together on one Docker volume): `<table>.pdb.lock` is created with O_EXCL ("wx"), holding who
// built it; the others wait for it to go, then load the file the holder saved. A lock is stale when
// its holder is a process of this host that no longer runs, or when it was not touched for
// STALE_MS (the holder refreshes it while it builds; a killed container cannot).

import {
  closeSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeSync,
} from "node:fs";
import { hostname } from "node:os";

/** A lock not refreshed for this long is taken over (holders refresh it every few seconds). */
const STALE_MS = 60_000;
/** How often a holder refreshes its lock, at most. */
const REFRESH_MS = 5_000;
const POLL_MS = 200;

/** The locks this process holds now: released by a shutdown that interrupts their builds. */
const held = new Set<string>();

/**
 * Removes every lock this process holds (a process stopping mid-build: its builds end with it, so
 * the others need not wait STALE_MS for its locks). Returns their paths.
 */
export function releaseHeldBuildLocks(): string[] {
  const paths = [...held];
  for (const path of paths) {
    rmSync(path, { force: true });
    held.delete(path);
  }
  return paths;
}

interface Holder {
  readonly pid: number;
  readonly host: string;
  readonly since: string;
}

export interface BuildLock {
  /** Marks the lock alive (cheap; call it from the build's progress callback). */
  readonly refresh: () => void;
  readonly release: () => void;
}

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function readHolder(path: string): Holder | undefined {
  try {
    return JSON.parse(readFileSync(path, "utf8")) as Holder;
  } catch {
    return undefined; // gone, or being written: look again later
  }
}

function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function isStale(path: string, holder: Holder | undefined): boolean {
  if (
    holder !== undefined &&
    holder.host === hostname() &&
    holder.pid !== process.pid &&
    !processRuns(holder.pid)
  )
    return true;
  try {
    return Date.now() - statSync(path).mtimeMs > STALE_MS;
  } catch {
    return false; // gone: the next attempt creates it
  }
}

/** Removes a stale lock: renamed first, so of several processes finding it stale only one removes it. */
function breakLock(path: string): void {
  const aside = `${path}.stale-${process.pid}-${Date.now()}`;
  try {
    renameSync(path, aside);
    rmSync(aside, { force: true });
  } catch {
    // another process broke it first
  }
}

function tryCreate(path: string): boolean {
  let fd: number;
  try {
    fd = openSync(path, "wx");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
  const holder: Holder = { pid: process.pid, host: hostname(), since: new Date().toISOString() };
  writeSync(fd, JSON.stringify(holder));
  closeSync(fd);
  return true;
}

/**
 * Takes the lock `path`, waiting (blocking: builds run before a worker takes jobs) while another
 * live process holds it; `onWait` is called once, with the holder, when it has to wait.
 */
export function acquireBuildLock(path: string, onWait?: (holder: string) => void): BuildLock {
  let waited = false;
  while (!tryCreate(path)) {
    const holder = readHolder(path);
    if (isStale(path, holder)) {
      breakLock(path);
      continue;
    }
    if (!waited) {
      waited = true;
      onWait?.(holder === undefined ? "another process" : `pid ${holder.pid} on ${holder.host}`);
    }
    sleep(POLL_MS);
  }
  held.add(path);
  let refreshed = Date.now();
  return {
    refresh: () => {
      const now = Date.now();
      if (now - refreshed < REFRESH_MS) return;
      refreshed = now;
      try {
        utimesSync(path, new Date(now), new Date(now));
      } catch {
        // removed as stale by someone else: the rename of the finished file is still atomic
      }
    },
    release: () => {
      held.delete(path);
      rmSync(path, { force: true });
    },
  };
}
