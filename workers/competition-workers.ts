// The competition's jobs in a worker process: the daily puzzles' scheduler and the analysis proofs.
// One call from workers/main.ts, after the solve worker has prepared the shared tables.
import type { Config } from "../src/config.ts";
import { AnalysisWorker } from "./analysis-worker.ts";
import type { WorkerContainer } from "./container.ts";
import { DailyScheduler } from "./daily-scheduler.ts";

export async function startCompetitionWorkers(
  config: Config,
  container: WorkerContainer,
): Promise<{ close(): Promise<void> }> {
  const analysis = AnalysisWorker.start(config, container);
  const daily = config.dailyPuzzles ? await DailyScheduler.start(config, container) : undefined;
  return {
    async close() {
      await daily?.close();
      await analysis.close();
    },
  };
}
