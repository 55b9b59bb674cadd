// Making a folder and its missing parents. Node 20's `mkdirSync(dir, { recursive: true })` never
// returns for a folder under /proc (`/proc/nope/x`): the kernel answers ENOENT for the missing
// child, Node makes the parent again, finds it there and tries the child again, for ever. Made one
// level at a time here, from the deepest folder that exists, so that such a refusal is an error.
import { mkdirSync, rmdirSync, statSync } from "node:fs";
import { dirname, resolve } from "node:path";

/**
 * Makes `dir` and its missing parents; throws the file system's error when one cannot be made, after
 * removing the parents this call made (`--dir /tmp/a/b/<300 characters>` left /tmp/a/b behind).
 */
export function makeFolder(dir: string): void {
  const missing: string[] = [];
  for (let at = resolve(dir); !exists(at); at = dirname(at)) {
    missing.push(at);
    if (dirname(at) === at) break;
  }
  const made: string[] = [];
  for (const folder of missing.reverse()) {
    try {
      mkdirSync(folder);
      made.push(folder);
    } catch (error) {
      // Made meanwhile by another process (two workers building tables at once): fine.
      if ((error as NodeJS.ErrnoException).code === "EEXIST") continue;
      removeMade(made);
      throw error;
    }
  }
}

/** Removes the folders made, deepest first; one that another process put something in stays. */
function removeMade(made: readonly string[]): void {
  for (const folder of [...made].reverse()) {
    try {
      rmdirSync(folder);
    } catch {
      return; // not empty (or gone): its parents are not empty either
    }
  }
}

function exists(path: string): boolean {
  try {
    statSync(path);
    return true;
  } catch {
    return false;
  }
}
