// The settings the product applies to the processes that search, as an environment for a child process
// (src/main.ts spawns the worker with it). scripts/tuned-node.sh applies the same rule to `puzzle`,
// `npm run worker` and the container, which exec node themselves (docs/pdb.md, "Settings the product
// applies"). glibc.malloc.hugetlb=1 makes glibc ask for transparent huge pages on its large allocations
// (the pattern databases); glibc reads it only when a process starts, so it must be in the child's
// environment from the start.

import { OFF } from "./on-off.ts";

const HUGE_PAGES = "glibc.malloc.hugetlb=1";

/**
 * `env` with glibc.malloc.hugetlb=1 appended to GLIBC_TUNABLES (a value of the user's is kept, and a
 * hugetlb setting of theirs wins); `env` unchanged when PUZZLE_HUGEPAGES is 0/false/off/no.
 */
export function tunedEnvironment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  if (OFF.includes(env.PUZZLE_HUGEPAGES ?? "")) return env;
  const tunables = env.GLIBC_TUNABLES ?? "";
  if (tunables.split(":").some((tunable) => tunable.startsWith("glibc.malloc.hugetlb="))) return env;
  return { ...env, GLIBC_TUNABLES: tunables === "" ? HUGE_PAGES : `${tunables}:${HUGE_PAGES}` };
}
