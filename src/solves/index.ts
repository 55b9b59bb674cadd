// The Solve lifecycle's one public entry point: request → queued → running → result → event.
// Everything outside src/solves/ (GraphQL resolvers, the application container, workers, tests)
// imports from here; the files behind it are this folder's own business (src/solves/README.md).

// The domain: a Solve's states and a search result as the columns of its row.
export { ACTIVE_STATUSES, isFinished, outcomeOfResult, type SolveOutcome } from "./outcome.ts";

// Request: options, table answers, the service behind the GraphQL fields.
export {
  DEFAULT_TIME_LIMIT_SECONDS,
  MAX_TIME_LIMIT_SECONDS,
  type StoredAlgorithm,
  checkTimeLimit,
  coreAlgorithm,
  coreHeuristic,
} from "./search-options.ts";
export {
  type RequestSolveOptions,
  SolveService,
  type SolveServiceDeps,
  type SolveServiceSettings,
  answerFromTable,
  answeredByTable,
  createSolveService,
} from "./service.ts";

// The rows (Postgres, the source of truth).
export {
  type NewSolve,
  OpenSolvesLimitError,
  type QueueLimits,
  type QueuedSolve,
  type QueuedVia,
  type SolvePageQuery,
  SolveRepository,
  type SolveWithPuzzle,
} from "./repository.ts";

// Queued: the job contract between the API and the workers, the producer, the reconciler.
export {
  type CancelMessage,
  type ProgressMessage,
  SEARCH_JOB,
  SOLVE_CANCEL_TOPIC,
  SOLVE_FINISHED_TOPIC,
  SOLVE_PROGRESS_TOPIC,
  SOLVE_QUEUE,
  type SolveJobData,
  type SolveJobProgress,
  type SolveJobResult,
  type SolveMessageRow,
  type SolvesFinishedMessage,
  isValidJobId,
  newSolveJobId,
  solveFromMessage,
  solveToMessage,
} from "./contracts.ts";
export { puzzleSpec, searchJobData } from "./job-data.ts";
export {
  type QueueSettings,
  SEARCH_JOB_OPTIONS,
  type SolveQueue,
  addSearchJob,
  createSolveQueue,
} from "./queue.ts";
export { type ReconcileReport, Reconciler, type ReconcilerOptions } from "./reconciler.ts";

// Result → event: what workers announce, the API processes' fan-out, one subscriber's stream.
export {
  type JobListener,
  type SolveAnnouncer,
  SolveEvents,
  type SolveListener,
  solveAnnouncer,
} from "./events.ts";
export {
  type ProgressStreamDeps,
  type SolveEvent,
  SolveProgressStream,
  liveEvent,
  storedEvent,
} from "./progress.ts";
