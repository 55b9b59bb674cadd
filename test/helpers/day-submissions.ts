// Submissions of a daily puzzle's day for tests that cannot wait for midnight: longer solutions of
// chosen lengths, and a stored submission set back into its day, as one made then would be stored.
import type { PrismaClient } from "../../src/db/client.ts";

const INVERSE: Record<string, string> = { U: "D", D: "U", L: "R", R: "L" };

/**
 * `solution` (blank moves) of a sliding board `start` with `cols` columns made `2 * pairs` moves
 * longer: a legal move from the start and back, `pairs` times.
 */
export function padded(start: readonly number[], cols: number, solution: string, pairs: number): string {
  const move = Math.floor(start.indexOf(0) / cols) > 0 ? "U" : "D";
  return `${move}${INVERSE[move]}`.repeat(pairs) + solution;
}

/** Sets a stored submission, and the leaderboard entry it is if any, back to `at` (ISO): made then. */
export async function madeAt(prisma: PrismaClient, submissionId: string, at: string): Promise<void> {
  const id = Number(submissionId);
  const time = new Date(at);
  await prisma.$executeRaw`UPDATE submissions SET created_at = ${time} WHERE id = ${id}`;
  await prisma.$executeRaw`UPDATE leaderboard_entries SET created_at = ${time} WHERE submission_id = ${id}`;
}
