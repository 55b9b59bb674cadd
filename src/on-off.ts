// The on/off spellings of the two settings every searching process reads, PDB_MMAP and
// PUZZLE_HUGEPAGES: one list for src/config.ts (the platform's processes), src/pdb-settings.ts and
// the `puzzle` command (which do not load config.ts and its zod), and src/tuned-environment.ts.
// scripts/tuned-node.sh spells the same "off" words in shell.

/** Every accepted value (PDB_MMAP also trimmed and in any case; empty counts as unset). */
export const ON_OFF = ["0", "1", "true", "false", "on", "off", "yes", "no"] as const;

/** The values that turn a setting off. */
export const OFF: readonly string[] = ["0", "false", "off", "no"];

/** Whether `value` is one of the accepted spellings. */
export function isOnOff(value: string): boolean {
  return (ON_OFF as readonly string[]).includes(value);
}
