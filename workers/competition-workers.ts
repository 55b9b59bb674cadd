// The competition's jobs in a worker process: the daily puzzles' scheduler and the analysis proofs.
// One call from workers/main.ts, after the solve worker has prepared the shared tables.
import type { Config } from "../src/config.ts";
import { CLOSE_STEP_MS } from "../src/worker-shutdown.ts";
import { AnalysisWorker } from "./analysis-worker.ts";
import type { WorkerContainer } from "./container.ts";
import { DailyScheduler } from "./daily-scheduler.ts";

/** A running analysis job's time to finish when close() is given none. */
const DEFAULT_GRACE_MS = 30_000;

export interface CompetitionWorkers {
  /** Takes no further job, at once (analysis and daily jobs alike). */
  stopIntake(): void;
  /**
   * Gives a running analysis job `graceMs`, then hands it back to the queue (AnalysisWorker.close),
   * and closes everything, each step bounded by `stepMs`.
   */
  close(graceMs?: number, stepMs?: number): Promise<void>;
  /** The analysis jobs close() had to abandon. */
  abandoned(): readonly string[];
}

export async function startCompetitionWorkers(
  config: Config,
  container: WorkerContainer,
): Promise<CompetitionWorkers> {
  const analysis = AnalysisWorker.start(config, container);
  const daily = config.dailyPuzzles ? await DailyScheduler.start(config, container) : undefined;
  let abandoned: readonly string[] = [];
  return {
    stopIntake() {
      analysis.stopIntake();
      daily?.stopIntake();
    },
    async close(graceMs = DEFAULT_GRACE_MS, stepMs = CLOSE_STEP_MS) {
      [abandoned] = await Promise.all([analysis.close(graceMs), daily?.close(stepMs)]);
    },
    abandoned: () => abandoned,
  };
}
