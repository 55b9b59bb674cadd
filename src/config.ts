// The one configuration module: every process (API, worker, CLI helpers, tests) reads its settings
// here, from environment variables validated with zod. A bad value stops start-up with a message
// naming the variable, never a stack trace.
import { availableParallelism } from "node:os";
import { z } from "zod";
import { pdbDirectory } from "./pdb-settings.ts";
import { ON_OFF } from "./on-off.ts";

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

/**
 * A whole number written in decimal digits (blanks around it allowed). Not z.coerce.number(): it
 * reads " " as 0, "0x10" as 16 and "1e3" as 1000, silently.
 */
const int = (min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^-?\d+$/, "must be a whole number (decimal digits)")
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));
const bool = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((v) => v === "true" || v === "1" || v === "yes");

function url(protocols: readonly string[], { database = false } = {}) {
  const expected = `must be a URL starting with ${protocols.map((p) => `${p}//`).join(" or ")}`;
  return z.string().superRefine((value, ctx) => {
    let parsed: URL;
    try {
      parsed = new URL(value);
    } catch {
      ctx.addIssue({ code: "custom", message: expected });
      return;
    }
    if (!protocols.includes(parsed.protocol)) ctx.addIssue({ code: "custom", message: expected });
    else if (database && parsed.pathname.replace(/^\//, "") === "")
      ctx.addIssue({ code: "custom", message: "names no database (…/<database> at the end)" });
  });
}

/** Environment variable -> schema. Defaults make `npm start` work on a fresh machine. */
const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATABASE_URL: url(["postgresql:", "postgres:"], { database: true }).default(
    "postgresql://postgres@127.0.0.1:5432/puzzles",
  ),
  REDIS_URL: url(["redis:", "rediss:"]).default("redis://127.0.0.1:6379"),
  /** Prefix of every Redis key the platform writes (rate limits, queues, events). No ':' inside. */
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,40}$/, "letters, digits, _ and - only (1-40)")
    .default("puzzles"),
  HOST: z.string().min(1).default("127.0.0.1"),
  PORT: int(0, 65535).default(4000),
  LOG_LEVEL: z.enum(LOG_LEVELS).default("info"),
  /** Largest accepted HTTP request body, in bytes. */
  BODY_LIMIT_BYTES: int(1024, 10 * 1024 * 1024).default(100 * 1024),
  /** Behind a reverse proxy, trust X-Forwarded-For for the client IP (rate limits per IP). */
  TRUST_PROXY: bool.default(false),
  /** Every GraphQL request (HTTP) or operation (WebSocket): per user when a token is sent, else per IP. */
  RATE_LIMIT_REQUESTS: int(1, 1_000_000).default(600),
  RATE_LIMIT_WINDOW_SECONDS: int(1, 86_400).default(60),
  /** signUp, per IP. */
  RATE_LIMIT_SIGNUPS: int(1, 1_000_000).default(10),
  RATE_LIMIT_SIGNUP_WINDOW_SECONDS: int(1, 86_400).default(3600),
  /** Mutations that create work (createPuzzle, requestSolve, submitSolution...), per user. */
  RATE_LIMIT_WORK: int(1, 1_000_000).default(60),
  RATE_LIMIT_WORK_WINDOW_SECONDS: int(1, 86_400).default(60),
  /** Failed authentications (a token that matches no user) per IP; beyond it, refused before Postgres. */
  RATE_LIMIT_AUTH_FAILURES: int(1, 1_000_000).default(20),
  RATE_LIMIT_AUTH_FAILURE_WINDOW_SECONDS: int(1, 86_400).default(300),
  GRAPHQL_MAX_DEPTH: int(2, 100).default(10),
  GRAPHQL_MAX_COST: int(10, 1_000_000).default(5000),
  GRAPHQL_MAX_ALIASES: int(0, 1000).default(15),
  GRAPHQL_MAX_TOKENS: int(50, 100_000).default(2000),
  GRAPHQL_INTROSPECTION: bool.default(true),
  /** How long a graceful shutdown waits for requests and sockets before closing them. */
  SHUTDOWN_TIMEOUT_MS: int(0, 600_000).default(10_000),
  /** Solver threads per worker process. */
  SOLVER_THREADS: int(1, 256).default(Math.max(1, availableParallelism())),
  /** Where pattern databases are stored once built. */
  PDB_DIR: z.string().min(1).default(".cache/pdb"),
  /**
   * Only validated here: src/pdb-settings.ts reads it (the CLI too, without this module). 0, false,
   * off or no: tables are read into each process instead of mapped.
   */
  PDB_MMAP: z.string().trim().toLowerCase().pipe(z.enum(ON_OFF)).optional(),
  /**
   * Only validated here: scripts/tuned-node.sh and src/tuned-environment.ts read it, before node
   * starts. 0, false, off or no: searching processes run without huge pages.
   */
  PUZZLE_HUGEPAGES: z.enum(ON_OFF).optional(),
  /** `npm start` spawns one worker process beside the API unless this is false. */
  START_WORKER: bool.default(true),
  // The solving pipeline (docs/pipeline.md).
  /** At most one progress event per running search per this many ms. */
  SOLVE_PROGRESS_INTERVAL_MS: int(20, 60_000).default(250),
  /** A running search checks Postgres this often that some Solve still waits for it. */
  SOLVE_CANCEL_POLL_MS: int(50, 600_000).default(1000),
  /** The Solves followed by solveProgress subscriptions are read again this often (lost events). */
  SOLVE_EVENTS_RECHECK_MS: int(100, 3_600_000).default(60_000),
  /** requestSolve stops waiting for Redis after this long; the Solve stays QUEUED for the reconciler. */
  ENQUEUE_TIMEOUT_MS: int(50, 60_000).default(1000),
  /** A job whose worker stops renewing its lock (killed) is taken again after this long. */
  WORKER_LOCK_DURATION_MS: int(1000, 3_600_000).default(30_000),
  WORKER_STALLED_INTERVAL_MS: int(500, 3_600_000).default(15_000),
  WORKER_MAX_STALLED_COUNT: int(0, 100).default(2),
  /** On SIGTERM, running searches get this long to finish before they go back to the queue. */
  WORKER_SHUTDOWN_GRACE_MS: int(0, 3_600_000).default(10_000),
  /** The reconciler re-adds jobs Redis lost this often; Solves younger than the grace are left alone. */
  RECONCILE_INTERVAL_MS: int(100, 3_600_000).default(5000),
  RECONCILE_GRACE_MS: int(0, 3_600_000).default(2000),
  /**
   * The API runs the reconciler too (workers always do): jobs Redis lost are re-added, and searches past
   * their time limit ended, while no worker process is alive. Tests turn it off unless they test it.
   */
  API_RECONCILER: bool.default(true),
  /** Searches one worker process coordinates at once (main-thread I/O only; threads run their units). */
  WORKER_COORDINATORS: int(1, 10_000).default(64),
  /** Units of a split search kept queued or running per live solver thread of the fleet. */
  SPLIT_UNITS_PER_THREAD: int(1, 64).default(2),
  /** A unit running this long is stopped and split when another user's unit waits (fairness). */
  SPLIT_UNIT_SLICE_MS: int(100, 3_600_000).default(1000),
  /** An AUTO split search first runs whole this long at most (queue wait included), then splits. */
  SPLIT_FIRST_TRY_MS: int(1, 3_600_000).default(250),
  /**
   * A unit of a split search in flight this long has its job looked up (gone for good: queued again).
   * The same default as DEFAULT_LOST_CHECK_MS (workers/coordinator-deps.ts).
   */
  SPLIT_LOST_CHECK_MS: int(1, 3_600_000).default(5000),
  /** Each worker process announces its threads this often (its entry lapses after 3 beats missed). */
  WORKER_HEARTBEAT_MS: int(100, 60_000).default(2000),
  /** Open (QUEUED or RUNNING) Solves one user may have; a request beyond is refused with LIMIT_EXCEEDED. */
  MAX_OPEN_SOLVES_PER_USER: int(1, 1_000_000).default(20),
  /** Operations (subscriptions included) one WebSocket may have open; one more gets LIMIT_EXCEEDED. */
  WS_MAX_SUBSCRIPTIONS_PER_SOCKET: int(1, 100_000).default(100),
  /** Operations one user may have open over all their WebSockets to one API process. */
  WS_MAX_SUBSCRIPTIONS_PER_USER: int(1, 1_000_000).default(300),
  /** WebSockets one client IP may have open to one API process; one more is closed with 4429. */
  WS_MAX_SOCKETS_PER_IP: int(1, 1_000_000).default(50),
  /** A worker process serves GET /metrics on this port (0: any free port, logged); unset: no endpoint. */
  WORKER_METRICS_PORT: int(0, 65535).optional(),
  /** The API serves GET /metrics on this port of its own (0: any free port, logged) instead of its API port. */
  API_METRICS_PORT: int(0, 65535).optional(),
  /** GET /metrics on the API port needs `Authorization: Bearer <METRICS_TOKEN>`; unset (and no API_METRICS_PORT): not served. */
  METRICS_TOKEN: z.string().min(16, "at least 16 characters").optional(),
  /** The queue dashboard (/admin/queues) needs `Authorization: Bearer <ADMIN_TOKEN>`; unset: no dashboard. */
  ADMIN_TOKEN: z.string().min(16, "at least 16 characters").optional(),
  /**
   * Pattern databases each worker process loads (or builds and saves in PDB_DIR) at start-up and
   * shares with its solver threads, comma-separated: 663, 555, 78, 6666; or "none".
   */
  WORKER_PDBS: z
    .string()
    .regex(
      /^(none|(663|555|78|6666)(,(663|555|78|6666))*)$/,
      `"none" or a comma-separated list of 663, 555, 78, 6666`,
    )
    .default("663"),
  /**
   * The secret the daily puzzles are drawn from (HMAC of the date and category): required in
   * production; elsewhere DEVELOPMENT_DAILY_SECRET, so that anyone can predict development dailies.
   */
  DAILY_SECRET: z.string().min(16, "at least 16 characters").optional(),
  /** analyzeSolution and hint wait this long for a worker's proofs before answering PENDING. */
  ANALYSIS_WAIT_MS: int(0, 600_000).default(20_000),
  /** Worker processes schedule, prove and publish the daily puzzles (off: this worker runs none). */
  DAILY_PUZZLES: bool.default(true),
});

/** DAILY_SECRET outside production when unset (docs/competition.md): public, so never for real play. */
const DEVELOPMENT_DAILY_SECRET = "development-daily-secret-not-for-production";

/** Every environment variable the platform reads (the README documents each one). */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(envSchema.shape);

export type Config = Readonly<{
  nodeEnv: "development" | "production" | "test";
  databaseUrl: string;
  redisUrl: string;
  redisPrefix: string;
  host: string;
  port: number;
  logLevel: (typeof LOG_LEVELS)[number];
  bodyLimitBytes: number;
  trustProxy: boolean;
  websocket: Readonly<{
    maxSubscriptionsPerSocket: number;
    maxSubscriptionsPerUser: number;
    maxSocketsPerIp: number;
  }>;
  rateLimits: Readonly<{
    requests: number;
    windowSeconds: number;
    signUps: number;
    signUpWindowSeconds: number;
    work: number;
    workWindowSeconds: number;
    authFailures: number;
    authFailureWindowSeconds: number;
  }>;
  graphql: Readonly<{
    maxDepth: number;
    maxCost: number;
    maxAliases: number;
    maxTokens: number;
    introspection: boolean;
  }>;
  shutdownTimeoutMs: number;
  solverThreads: number;
  /** Absolute: PDB_DIR from the working directory, or the project's `.cache/pdb` by default. */
  pdbDir: string;
  startWorker: boolean;
  pipeline: Readonly<{
    progressIntervalMs: number;
    cancelPollMs: number;
    eventsRecheckMs: number;
    enqueueTimeoutMs: number;
    lockDurationMs: number;
    stalledIntervalMs: number;
    maxStalledCount: number;
    shutdownGraceMs: number;
    reconcileIntervalMs: number;
    reconcileGraceMs: number;
    /** API_RECONCILER: the API process runs the reconciler as well. */
    apiReconciler: boolean;
    workerPdbs: readonly string[];
    maxOpenSolvesPerUser: number;
    coordinators: number;
    unitsPerThread: number;
    heartbeatMs: number;
    unitSliceMs: number;
    lostCheckMs: number;
    firstTryMs: number;
  }>;
  /** undefined: the worker serves no metrics endpoint. */
  workerMetricsPort: number | undefined;
  /** undefined: the API's metrics are on its own port only with a token, else nowhere. */
  apiMetricsPort: number | undefined;
  metricsToken: string | undefined;
  /** undefined: no queue dashboard. */
  adminToken: string | undefined;
  /** DAILY_SECRET, or DEVELOPMENT_DAILY_SECRET outside production. */
  dailySecret: string;
  analysisWaitMs: number;
  dailyPuzzles: boolean;
}>;

export class ConfigError extends Error {
  override readonly name = "ConfigError";
}

/**
 * Variables whose value is a secret: an error names them and says the value's length, never the value.
 * The whole last word of the name (METRICS_TOKEN, DAILY_SECRET), so that GRAPHQL_MAX_TOKENS, a count,
 * is shown like any other limit.
 */
const SECRET_NAME = /(^|_)(SECRET|TOKEN|PASSWORD)$/;

/**
 * A bad value as an error shows it: quoted, with a URL's password (and `password` parameter) masked,
 * a secret's not at all. A URL too broken to read is not shown if it may hold credentials (an `@`).
 */
function shownValue(name: string, value: string): string {
  if (SECRET_NAME.test(name)) return ` (${value.length} characters, not shown)`;
  if (name.endsWith("_URL")) {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return value.includes("@")
        ? " (not a URL, not shown: it may hold a password)"
        : `=${JSON.stringify(value)}`;
    }
    if (url.password !== "") url.password = "***";
    for (const key of [...url.searchParams.keys()]) if (/pass/i.test(key)) url.searchParams.set(key, "***");
    return `=${JSON.stringify(url.toString())}`;
  }
  return `=${JSON.stringify(value)}`;
}

/** Reads the configuration from `env`; throws ConfigError listing every bad variable. */
export function loadConfig(env: Readonly<Record<string, string | undefined>> = process.env): Config {
  // Empty strings count as unset, as in most shells' `VAR= cmd`.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = envSchema.safeParse(present);
  const invalid = (lines: readonly string[]) =>
    new ConfigError(`invalid configuration:\n${lines.map((line) => `  ${line}`).join("\n")}`);
  if (!parsed.success) {
    throw invalid(
      parsed.error.issues.map((issue) => {
        const name = String(issue.path[0] ?? "?");
        const value = present[name];
        return `${name}${value === undefined ? "" : shownValue(name, value)}: ${issue.message}`;
      }),
    );
  }
  const e = parsed.data;
  const conflicts: string[] = [];
  if (e.NODE_ENV === "production" && e.DAILY_SECRET === undefined) {
    conflicts.push("DAILY_SECRET: required in production (the daily puzzles are drawn from it)");
  }
  // Both listen on HOST: the same port twice cannot work (0 is any free port, a different one each).
  if (e.API_METRICS_PORT !== undefined && e.API_METRICS_PORT !== 0 && e.API_METRICS_PORT === e.PORT) {
    conflicts.push(
      `API_METRICS_PORT=${e.API_METRICS_PORT}: the same port as PORT=${e.PORT}; the metrics need a port of their own (or 0: any free port)`,
    );
  }
  if (conflicts.length > 0) throw invalid(conflicts);
  return Object.freeze({
    nodeEnv: e.NODE_ENV,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    host: e.HOST,
    port: e.PORT,
    logLevel: e.LOG_LEVEL,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    trustProxy: e.TRUST_PROXY,
    websocket: Object.freeze({
      maxSubscriptionsPerSocket: e.WS_MAX_SUBSCRIPTIONS_PER_SOCKET,
      maxSubscriptionsPerUser: e.WS_MAX_SUBSCRIPTIONS_PER_USER,
      maxSocketsPerIp: e.WS_MAX_SOCKETS_PER_IP,
    }),
    rateLimits: Object.freeze({
      requests: e.RATE_LIMIT_REQUESTS,
      windowSeconds: e.RATE_LIMIT_WINDOW_SECONDS,
      signUps: e.RATE_LIMIT_SIGNUPS,
      signUpWindowSeconds: e.RATE_LIMIT_SIGNUP_WINDOW_SECONDS,
      work: e.RATE_LIMIT_WORK,
      workWindowSeconds: e.RATE_LIMIT_WORK_WINDOW_SECONDS,
      authFailures: e.RATE_LIMIT_AUTH_FAILURES,
      authFailureWindowSeconds: e.RATE_LIMIT_AUTH_FAILURE_WINDOW_SECONDS,
    }),
    graphql: Object.freeze({
      maxDepth: e.GRAPHQL_MAX_DEPTH,
      maxCost: e.GRAPHQL_MAX_COST,
      maxAliases: e.GRAPHQL_MAX_ALIASES,
      maxTokens: e.GRAPHQL_MAX_TOKENS,
      introspection: e.GRAPHQL_INTROSPECTION,
    }),
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    solverThreads: e.SOLVER_THREADS,
    pdbDir: pdbDirectory(present),
    startWorker: e.START_WORKER,
    pipeline: Object.freeze({
      progressIntervalMs: e.SOLVE_PROGRESS_INTERVAL_MS,
      cancelPollMs: e.SOLVE_CANCEL_POLL_MS,
      eventsRecheckMs: e.SOLVE_EVENTS_RECHECK_MS,
      enqueueTimeoutMs: e.ENQUEUE_TIMEOUT_MS,
      lockDurationMs: e.WORKER_LOCK_DURATION_MS,
      stalledIntervalMs: e.WORKER_STALLED_INTERVAL_MS,
      maxStalledCount: e.WORKER_MAX_STALLED_COUNT,
      shutdownGraceMs: e.WORKER_SHUTDOWN_GRACE_MS,
      reconcileIntervalMs: e.RECONCILE_INTERVAL_MS,
      reconcileGraceMs: e.RECONCILE_GRACE_MS,
      apiReconciler: e.API_RECONCILER,
      workerPdbs: Object.freeze(e.WORKER_PDBS === "none" ? [] : e.WORKER_PDBS.split(",")),
      maxOpenSolvesPerUser: e.MAX_OPEN_SOLVES_PER_USER,
      coordinators: e.WORKER_COORDINATORS,
      unitsPerThread: e.SPLIT_UNITS_PER_THREAD,
      heartbeatMs: e.WORKER_HEARTBEAT_MS,
      unitSliceMs: e.SPLIT_UNIT_SLICE_MS,
      lostCheckMs: e.SPLIT_LOST_CHECK_MS,
      firstTryMs: e.SPLIT_FIRST_TRY_MS,
    }),
    workerMetricsPort: e.WORKER_METRICS_PORT,
    apiMetricsPort: e.API_METRICS_PORT,
    metricsToken: e.METRICS_TOKEN,
    adminToken: e.ADMIN_TOKEN,
    dailySecret: e.DAILY_SECRET ?? DEVELOPMENT_DAILY_SECRET,
    analysisWaitMs: e.ANALYSIS_WAIT_MS,
    dailyPuzzles: e.DAILY_PUZZLES,
  });
}

/** For process entry points: the configuration, or a clear message on stderr and exit status 2. */
export function loadConfigOrExit(env: Readonly<Record<string, string | undefined>> = process.env): Config {
  try {
    return loadConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(2);
  }
}
