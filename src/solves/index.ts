// The Solve lifecycle's one public entry point: request → queued → running → result → event.
// Everything outside src/solves/ (GraphQL resolvers, the application containers, workers, tests)
// imports from here; the files behind it are this folder's own business (src/solves/README.md).
// Only what some caller uses is exported (knip checks it): export more here when a caller needs it.

// The domain: a search result as the columns of its row.
export { outcomeOfResult, type SolveOutcome } from "./outcome.ts";

// Request: the service behind the GraphQL fields, and the stored names of what ran.
export { storedAlgorithmUsed } from "./search-options.ts";
export { type RequestSolveOptions, createSolveService } from "./service.ts";

// The rows (Postgres, the source of truth).
export { SolveJobRepository } from "./job-repository.ts";
export { SolveRepository } from "./repository.ts";
export type { NewSolve } from "./solve-rows.ts";

// Queued: the job contract between the API and the workers, the producer, the reconciler.
export {
  type CancelMessage,
  SOLVE_CANCEL_TOPIC,
  SOLVE_QUEUE,
  type SearchFailure,
  type SolveJobData,
  type SolveJobProgress,
  type SolveJobResult,
  newSolveJobId,
  UNIT_DONE_TOPIC,
  UNIT_JOB,
  UNIT_QUEUE,
  UNIT_STOP_TOPIC,
  WHOLE_JOB,
  type UnitDoneMessage,
  type UnitJobData,
  type UnitOutcome,
  type UnitStopMessage,
  type WorkerBeat,
  LEGACY_EPOCH,
  newPlanEpoch,
  parseUnitJobId,
  searchIdOfUnitJob,
  splitKeys,
  unitJobId,
  wholeJobId,
  workersKey,
} from "./contracts.ts";
export { puzzleSpec } from "./job-data.ts";
export { type FleetSize, readFleet } from "./fleet.ts";
export { type SolveQueue, addSearchJob, createSolveQueue } from "./queue.ts";
export { Reconciler } from "./reconciler.ts";
export { createReconciler } from "./create-reconciler.ts";

// Result → event: what workers announce, one subscriber's stream.
export { type SolveAnnouncer, solveAnnouncer } from "./events.ts";
export type { SolveEvent } from "./progress.ts";
// The finished-Solve topic, for API-side reactions to a proof (ratings: src/services/settle-on-solve.ts).
export { SOLVE_FINISHED_TOPIC, type SolvesFinishedMessage } from "./contracts.ts";
