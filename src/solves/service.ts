// Solving: requestSolve, the solve history, cancellation and live progress. What a distance table
// answers is answered here, within the request; everything else becomes (or joins) a search job for
// the worker processes. Postgres is the source of truth: a request is accepted once its Solve row is
// stored, whether or not Redis takes the job (the reconciler adds missing jobs later).
import { pdbApplies } from "../core/pdb/index.ts";
import { MAX_TABLE_CELLS, tableSolution } from "../core/sliding/table.ts";
import { solveRotation } from "../core/rotation/solve.ts";
import { solvedResult, unsolvableResult } from "../core/results.ts";
import type { Config } from "../config.ts";
import type { PuzzleSpec, SolveResult } from "../core/types.ts";
import type { Solve } from "../generated/prisma/client.ts";
import {
  BadInputError,
  ForbiddenError,
  HeuristicUnavailableError,
  LimitExceededError,
  NotFoundError,
} from "../errors/index.ts";
import type { Redis } from "ioredis";
import type { Logger } from "../logger.ts";
import { fulfilledWithin, withTimeout } from "../with-timeout.ts";
import { QUEUE_CLOSE_MS, closeWithin } from "../redis/close-bullmq.ts";
import { type FleetSize, readFleet } from "./fleet.ts";
import { createReconciler } from "./create-reconciler.ts";
import { newSolveJobId } from "./contracts.ts";
import { puzzleSpec, searchJobData } from "./job-data.ts";
import { DEFAULT_TIME_LIMIT_SECONDS, MAX_TIME_LIMIT_SECONDS, coreHeuristic } from "./search-options.ts";
import type { StoredAlgorithm } from "./search-options.ts";
import type { SolveJobRepository } from "./job-repository.ts";
import { addSearchJob, createSolveQueue, removeUnheldSearch } from "./queue.ts";
import type { SolveQueue } from "./queue.ts";
import type { Puzzle, PuzzleRepository } from "../repositories/puzzles.ts";
import { outcomeOfResult } from "./outcome.ts";
import { OpenSolvesLimitError } from "./repository.ts";
import type { SolvePageQuery, SolveRepository } from "./repository.ts";
import type { NewSolve } from "./solve-rows.ts";
import type { PublicUser } from "../repositories/users.ts";
import type { EventBus } from "../services/events.ts";
import { SolveEvents } from "./events.ts";
import { SolveProgressStream } from "./progress.ts";

export interface RequestSolveOptions {
  readonly algorithm?: StoredAlgorithm | null;
  readonly heuristic?: string | null;
  readonly timeLimitSeconds?: number | null;
  /** Force the split search on (true) or off (false); absent: AUTO (docs/distributed.md). */
  readonly split?: boolean | null;
}

export interface SolveServiceSettings {
  /** requestSolve stops waiting for Redis after this long (the Solve stays QUEUED). */
  readonly enqueueTimeoutMs: number;
  /** QUEUED or RUNNING Solves one user may have (checked before a search is queued or followed). */
  readonly maxOpenSolvesPerUser?: number;
  /** The live workers and the pattern databases they hold (their heartbeats); absent: not checked. */
  readonly fleet?: () => Promise<FleetSize>;
  /** Where a cancelled search's split state is deleted along with its waiting job; absent: left to expire. */
  readonly redis?: Redis;
}

/** Heuristics every worker runs: no table to load. */
const ALWAYS_AVAILABLE = ["AUTO", "MANHATTAN", "LINEAR_CONFLICT"];

/** Whether the pattern database `stored` (e.g. PDB_663) serves this puzzle's board and goal. */
function fits(spec: PuzzleSpec, stored: string): boolean {
  try {
    return spec.kind === "sliding" && pdbApplies(spec, coreHeuristic(stored));
  } catch {
    return false; // a name this process does not know (a newer worker's): not offered
  }
}

/** Boards of at most 9 cells (every 3x3) and every Rotation Game board are answered by a table. */
function answeredByTable(spec: PuzzleSpec): boolean {
  return spec.kind === "rotation" || spec.rows * spec.cols <= MAX_TABLE_CELLS;
}

/** A table lookup: microseconds once the table is built (once per process, lazily). */
function answerFromTable(spec: PuzzleSpec): SolveResult {
  if (spec.kind === "rotation") return solveRotation(spec, { algorithm: "bfs" });
  const began = performance.now();
  const moves = tableSolution(spec.rows, spec.cols, spec.start, spec.goal);
  if (moves === undefined) return unsolvableResult({ algorithm: "bfs-table", nodes: 0, elapsedMs: 0 });
  return solvedResult(moves, { algorithm: "bfs-table", nodes: 0, elapsedMs: performance.now() - began });
}

function checkOptions(
  puzzle: Puzzle,
  spec: PuzzleSpec,
  options: RequestSolveOptions,
): Omit<NewSolve, "puzzleId" | "requestedById" | "canonicalKey"> {
  const algorithm = options.algorithm ?? "AUTO";
  const heuristic = options.heuristic ?? "AUTO";
  const timeLimitSeconds = options.timeLimitSeconds ?? DEFAULT_TIME_LIMIT_SECONDS;
  if (
    !Number.isInteger(timeLimitSeconds) ||
    timeLimitSeconds < 1 ||
    timeLimitSeconds > MAX_TIME_LIMIT_SECONDS
  ) {
    throw new BadInputError(
      `timeLimitSeconds must be from 1 to ${MAX_TIME_LIMIT_SECONDS}, got ${timeLimitSeconds}`,
      "options.timeLimitSeconds",
    );
  }
  if (algorithm === "BFS_TABLE" && !answeredByTable(spec)) {
    throw new BadInputError(
      `no distance table answers ${puzzle.rows}x${puzzle.cols} boards: use AUTO, ASTAR or IDA_STAR`,
      "options.algorithm",
    );
  }
  if (algorithm === "ASTAR" && spec.kind === "rotation") {
    throw new BadInputError(
      "the Rotation Game is solved with AUTO, BFS_TABLE or IDA_STAR",
      "options.algorithm",
    );
  }
  if (spec.kind === "rotation" && heuristic !== "AUTO") {
    // The Rotation Game has its own estimate (centre count); a sliding heuristic would be ignored.
    throw new BadInputError(
      `heuristic ${heuristic} is for sliding puzzles: the Rotation Game is searched with its own (use AUTO)`,
      "options.heuristic",
    );
  }
  const core = coreHeuristic(heuristic);
  if (core.startsWith("pdb:") && (spec.kind !== "sliding" || !pdbApplies(spec, core))) {
    throw new BadInputError(
      `heuristic ${heuristic} does not fit this puzzle (pattern databases serve 4x4 or 5x5 boards whose goal has the blank in a corner)`,
      "options.heuristic",
    );
  }
  return { algorithm, heuristic, timeLimitSeconds, split: options.split ?? null };
}

/** Queue priority of the platform's own searches: behind any user's first few. */
const PLATFORM_PRIORITY = 100;

export class SolveService {
  constructor(
    private readonly solves: SolveRepository,
    private readonly puzzles: PuzzleRepository,
    private readonly queue: SolveQueue,
    private readonly events: SolveEvents,
    private readonly settings: SolveServiceSettings,
    private readonly log: Logger,
  ) {}

  /**
   * Stores a Solve for `puzzleId` and answers it at once or queues its search. `user` is null when the
   * platform asks for itself (e.g. to rank submissions): such searches queue behind users' own.
   * `onBehalfOf` (platform requests only) is the user a platform search is for: it counts toward that
   * user's open solves (LIMIT_EXCEEDED when at the cap, nothing stored), they may cancel it, and its
   * units are theirs for fair share.
   */
  /**
   * Refuses options the puzzle cannot take (BAD_USER_INPUT naming the option), as `request` does: for
   * callers that check other rules first (the daily guard), so bad input is said as such everywhere.
   */
  checkOptions(puzzle: Puzzle, options: RequestSolveOptions): void {
    checkOptions(puzzle, puzzleSpec(puzzle), options);
  }

  async request(
    user: PublicUser | null,
    puzzleId: number,
    options: RequestSolveOptions = {},
    onBehalfOf?: PublicUser,
  ): Promise<Solve> {
    // Kept by the repository once created or read: usually no query.
    const puzzle = await this.puzzles.findById(puzzleId);
    if (!puzzle) throw new NotFoundError(`no puzzle with id ${puzzleId}`);
    const spec = puzzleSpec(puzzle);
    const checked = checkOptions(puzzle, spec, options);
    await this.checkHeuristicOffered(checked.heuristic, spec);
    const solve: NewSolve = {
      puzzleId,
      requestedById: user?.id ?? null,
      onBehalfOfId: user === null ? (onBehalfOf?.id ?? null) : null,
      canonicalKey: puzzle.canonicalKey,
      ...checked,
    };
    if (!puzzle.solvable)
      return this.solves.createFinished(solve, { status: "UNSOLVABLE", algorithmUsed: "solvability" });
    if (answeredByTable(spec) && (checked.algorithm === "AUTO" || checked.algorithm === "BFS_TABLE")) {
      return this.solves.createFinished(solve, outcomeOfResult(answerFromTable(spec)));
    }
    const {
      solve: created,
      via,
      openBefore,
    } = await this.solves
      .createQueued(solve, newSolveJobId(), { maxOpenPerUser: this.settings.maxOpenSolvesPerUser })
      .catch((error: unknown) => {
        if (!(error instanceof OpenSolvesLimitError)) throw error;
        throw new LimitExceededError(
          `${error.message}: wait for one to finish or cancel one`,
          error.limit,
          error.open,
        );
      });
    // Fairness: a user's n-th open Solve gets priority n (1 runs first), so one user's backlog does
    // not hold back another user's first search.
    const priority =
      via === "cached" ? undefined : via !== "new" ? 1 : user === null ? PLATFORM_PRIORITY : openBefore + 1;
    // The row is committed, maybe not yet on disk: the job goes to Redis while Postgres flushes it, and
    // the request is answered (the Solve accepted) once it is durable.
    await Promise.all([
      this.solves.flushed(),
      priority === undefined ? undefined : this.enqueue(created, spec, priority),
    ]);
    return created;
  }

  /**
   * A PDB_* heuristic must be held by a live worker: one that is not would be built inside the search
   * (gigabytes, minutes). With no worker online, or Redis away, the request is accepted and queued like
   * any search (the workers that come up decide; theirs refuse to build, see workers/solver-thread.ts).
   * The refusal's `available` lists only what fits this puzzle (a 4x4's 6-6-3 is no answer for a 5x5).
   */
  private async checkHeuristicOffered(heuristic: string, spec: PuzzleSpec): Promise<void> {
    if (!heuristic.startsWith("PDB_") || this.settings.fleet === undefined) return;
    let fleet: FleetSize;
    try {
      fleet = await withTimeout(this.settings.fleet(), this.settings.enqueueTimeoutMs, "fleet read");
    } catch (error) {
      this.log.debug({ err: error }, "fleet not read; heuristic not checked");
      return;
    }
    if (fleet.workers === 0) return;
    const offered = fleet.pdbs.map((name) => `PDB_${name.toUpperCase().replace(/-/g, "_")}`);
    if (offered.includes(heuristic)) return;
    const available = [...ALWAYS_AVAILABLE, ...offered.filter((name) => fits(spec, name))];
    throw new HeuristicUnavailableError(
      `heuristic ${heuristic} is not loaded by any worker: use one of ${available.join(", ")}`,
      available,
    );
  }

  /** Adds the Solve's job; never fails (without Redis, the Solve stays QUEUED for the reconciler). */
  private async enqueue(solve: Solve, spec: PuzzleSpec, priority: number): Promise<void> {
    try {
      await addSearchJob(this.queue, solve.jobId as string, searchJobData(solve, spec), {
        priority: Math.min(priority, 2_000_000),
        timeoutMs: this.settings.enqueueTimeoutMs,
      });
    } catch (error) {
      this.log.warn(
        { err: error, solveId: solve.id, jobId: solve.jobId },
        "job not enqueued; the reconciler will add it",
      );
    }
  }

  findById(id: number): Promise<Solve | null> {
    return this.solves.findById(id);
  }

  findByIds(ids: readonly number[]): Promise<Solve[]> {
    return this.solves.findByIds(ids);
  }

  page(query: SolvePageQuery): Promise<Solve[]> {
    return this.solves.page(query);
  }

  /**
   * Cancels the user's Solve (one they requested, or a platform one started for their submission) if it still waits. The search stops (wherever it runs) when no other
   * Solve follows it; otherwise it goes on for them.
   */
  async cancel(user: PublicUser, id: number): Promise<Solve> {
    const existing = await this.solves.findById(id);
    if (!existing) throw new NotFoundError(`no solve with id ${id}`);
    if (existing.requestedById !== user.id && existing.onBehalfOfId !== user.id)
      throw new ForbiddenError(
        "only the user who requested a solve (or whose submission started it) can cancel it",
      );
    const result = await this.solves.cancel(id);
    if (!result) throw new NotFoundError(`no solve with id ${id}`);
    if (result.cancelled) {
      const jobId = result.solve.jobId;
      await this.tellRedis(
        id,
        jobId && result.stillFollowing === 0 ? this.stopSearch(jobId) : undefined,
        this.events.solvesFinished([result.solve]),
      );
    }
    return result.solve;
  }

  /**
   * Waits at most ENQUEUE_TIMEOUT_MS for a cancel's Redis steps (removing the job, the stop message,
   * the announcement): the cancel is done once its row is CANCELLED, and these only make it take effect
   * sooner. A Redis that hangs (connected, not answering) would otherwise hold the answer as long as it
   * hangs. The steps go on meanwhile: sent on connections that stay open, they take effect once Redis
   * answers again; and without them the search still stops (its worker's poll finds no Solve waiting
   * within SOLVE_CANCEL_POLL_MS) and subscribers still get the row (SolveEvents' re-check).
   */
  private async tellRedis(solveId: number, ...steps: (Promise<void> | undefined)[]): Promise<void> {
    if (await fulfilledWithin(Promise.all(steps), this.settings.enqueueTimeoutMs)) return;
    this.log.warn({ solveId }, "Redis did not answer in time: the cancel is told to it when it does");
  }

  /** The stored state, then live events until the Solve ends; null when there is no such Solve. */
  progress(solveId: number): Promise<SolveProgressStream | null> {
    return SolveProgressStream.open(solveId, {
      // A final row this process saw announced is what Postgres holds: no read.
      load: async (id) => this.events.finishedSolve(id) ?? this.solves.findById(id),
      events: this.events,
      log: this.log,
    });
  }

  async close(): Promise<void> {
    await this.events.close();
    await closeWithin(this.queue, QUEUE_CLOSE_MS); // Redis away: dropped, not left reconnecting
  }

  private async stopSearch(jobId: string): Promise<void> {
    try {
      // A waiting job is removed (with any split state it left); a running one is locked (remove
      // throws) and gets the cancel message.
      await removeUnheldSearch(this.queue, jobId, this.settings.redis);
    } catch (error) {
      this.log.debug({ err: error, jobId }, "job not removed");
    }
    await this.events.cancelJob(jobId);
  }
}

export interface SolveServiceDeps {
  readonly config: Pick<Config, "redisUrl" | "redisPrefix" | "pipeline">;
  readonly logger: Logger;
  readonly events: EventBus;
  /** Where the workers' heartbeats are read (a PDB heuristic no worker holds is refused); absent: not checked. */
  readonly redis?: Redis;
  readonly repositories: { readonly solves: SolveRepository; readonly puzzles: PuzzleRepository };
  readonly onClose: (close: () => Promise<void>) => void;
  /**
   * Given, a reconciler runs on the service's queue with these rows (the API's, with API_RECONCILER;
   * needs `redis`). Absent (the default): none.
   */
  readonly reconcileJobs?: SolveJobRepository;
}

/** How long closing waits for the reconciler's pass in progress (a hung Redis: 2 s per look-up). */
const RECONCILER_STOP_MS = 2000;

/** The service with its queue producer and event fan-out (for the application container). */
export function createSolveService({
  config,
  logger,
  events,
  redis,
  repositories,
  onClose,
  reconcileJobs,
}: SolveServiceDeps): SolveService {
  const settings = { redisUrl: config.redisUrl, prefix: config.redisPrefix };
  const queue = createSolveQueue(settings);
  queue.on("error", (error) => logger.debug({ err: error }, "solve queue: Redis error"));
  const service = new SolveService(
    repositories.solves,
    repositories.puzzles,
    queue,
    new SolveEvents(events, logger, {
      reread: (ids) => repositories.solves.findByIds(ids),
      recheckMs: config.pipeline.eventsRecheckMs,
    }),
    {
      enqueueTimeoutMs: config.pipeline.enqueueTimeoutMs,
      maxOpenSolvesPerUser: config.pipeline.maxOpenSolvesPerUser,
      fleet: redis && (() => readFleet(redis, config.redisPrefix)),
      redis,
    },
    logger,
  );
  onClose(() => service.close());
  if (reconcileJobs !== undefined && redis !== undefined) {
    const reconciler = createReconciler({
      intervalMs: config.pipeline.reconcileIntervalMs,
      graceMs: config.pipeline.reconcileGraceMs,
      logger,
      events,
      redis,
      jobs: reconcileJobs,
      queue,
    });
    reconciler.start();
    // Registered after the service: closed before it, and so before its queue.
    onClose(async () => {
      if (!(await fulfilledWithin(reconciler.stop(), RECONCILER_STOP_MS)))
        logger.warn("the reconciler's pass did not end in time: closing under it");
    });
  }
  return service;
}
