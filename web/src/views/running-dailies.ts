// Which puzzles are today's daily puzzles whose day runs, so that a daily is treated as one wherever it
// is shown (its own /puzzles/:id page, a player's submissions), not only on its daily page. A copy of a
// daily (the same board as another puzzle) is not known here: the server's refusals name it.
import { type DailyPuzzle, todaysDailies } from "../api/operations.ts";

/** The running dailies by puzzle id; empty when the question fails (the server still enforces the rule). */
export async function runningDailies(): Promise<Map<string, DailyPuzzle>> {
  const dailies = await todaysDailies().catch(() => null);
  const running = new Map<string, DailyPuzzle>();
  for (const daily of Object.values(dailies ?? {})) if (daily?.running) running.set(daily.puzzle.id, daily);
  return running;
}
