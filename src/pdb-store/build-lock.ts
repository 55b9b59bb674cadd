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
import { setTimeout as delay } from "node:timers/promises";

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

/** One try at the lock: true when taken; otherwise the live holder to wait for (a stale one is broken). */
function tryTake(path: string): true | string | undefined {
  if (tryCreate(path)) return true;
  const holder = readHolder(path);
  if (isStale(path, holder)) {
    breakLock(path);
    return undefined; // try again at once
  }
  return holder === undefined ? "another process" : `pid ${holder.pid} on ${holder.host}`;
}

/** `onWait`, called the first time only. */
function once(onWait: ((holder: string) => void) | undefined): (holder: string) => void {
  let called = false;
  return (holder) => {
    if (called) return;
    called = true;
    onWait?.(holder);
  };
}

function heldLock(path: string): BuildLock {
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

/**
 * Takes the lock `path`, waiting (blocking the thread) while another live process holds it;
 * `onWait` is called once, with the holder, when it has to wait. For callers that cannot await
 * (ensurePdb); a worker's start-up waits with acquireBuildLockAsync, so that a signal still stops it.
 */
export function acquireBuildLock(path: string, onWait?: (holder: string) => void): BuildLock {
  const waiting = once(onWait);
  for (let taken = tryTake(path); taken !== true; taken = tryTake(path)) {
    if (taken === undefined) continue;
    waiting(taken);
    sleep(POLL_MS);
  }
  return heldLock(path);
}

/** acquireBuildLock without blocking the thread: the event loop runs while it waits. */
export async function acquireBuildLockAsync(
  path: string,
  onWait?: (holder: string) => void,
): Promise<BuildLock> {
  const waiting = once(onWait);
  for (let taken = tryTake(path); taken !== true; taken = tryTake(path)) {
    if (taken === undefined) continue;
    waiting(taken);
    await delay(POLL_MS);
  }
  return heldLock(path);
}
