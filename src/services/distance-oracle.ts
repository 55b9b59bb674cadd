// Exact optimal distances to a puzzle's goal, for analyses and hints. Boards a table answers (sliding
// boards of at most 9 cells, every Rotation Game board) are answered within the request; sliding
// boards of up to 16 cells (4x4) become a job of many short proofs for the workers
// (src/services/analysis-jobs.ts), waited for up to ANALYSIS_WAIT_MS (or until the API begins
// draining), else PENDING (the caller asks again and joins the same job); larger boards are refused:
// no proof would come in time. A Redis that is away or hangs (connected, not answering) answers PENDING
// too: adding the job and reading its progress wait at most ENQUEUE_TIMEOUT_MS each, the wait for the
// proof at most ANALYSIS_WAIT_MS + ENQUEUE_TIMEOUT_MS (BullMQ's connections have no command deadline).
// What was sent stays sent: once Redis answers, the job is there, and asking again joins it.
import { QueueEvents, Queue } from "bullmq";
import { rotationTable } from "../core/rotation/table.ts";
import { answerFromTable } from "../core/rotation/table-solver.ts";
import { rankMask, symbolMask } from "../core/rotation/masks.ts";
import { MAX_TABLE_CELLS, tableDistance, tableSolution } from "../core/sliding/table.ts";
import type { PuzzleSpec } from "../core/types.ts";
import { AnalysisUnavailableError } from "../errors/index.ts";
import type { Logger } from "../logger.ts";
import { QUEUE_CLOSE_MS, closeWithin } from "../redis/close-bullmq.ts";
import { consumerRedisOptions, producerRedisOptions } from "../redis/connection.ts";
import {
  ANALYSIS_JOB,
  ANALYSIS_QUEUE,
  type AnalysisJobData,
  type AnalysisJobProgress,
  type AnalysisJobResult,
  analysisJobId,
} from "./analysis-jobs.ts";
import { valueWithin } from "../with-timeout.ts";
import { JobFailedError, waitForJob } from "./wait-for-job.ts";

/** Sliding boards with more cells than this are not analysed (5x5 proofs can take minutes each). */
const MAX_ANALYSED_CELLS = 16;

export type Distances =
  | {
      readonly status: "READY";
      readonly distances: readonly number[];
      readonly firstMoves: readonly string[];
    }
  | { readonly status: "PENDING"; readonly progress: number };

/** What a Redis step that ran out of time or failed (Redis away or hanging) gives instead of its value. */
const NO_ANSWER = Symbol("Redis did not answer");

export interface OracleSettings {
  readonly redisUrl: string;
  readonly prefix: string;
  readonly waitMs: number;
  /**
   * How long one Redis step (adding the job, reading its progress) may take, and how far past `waitMs`
   * the wait for the proof may run, before the answer is PENDING (ENQUEUE_TIMEOUT_MS).
   */
  readonly redisWaitMs: number;
  readonly logger: Logger;
  /** Aborted when the API begins draining: waits end at once and answer PENDING (src/app.ts). */
  readonly stop?: AbortSignal;
}

function rotationDistance(board: readonly number[]): number {
  const table = rotationTable();
  return Math.min(...[1, 2, 3].map((symbol) => table[rankMask(symbolMask(board, symbol))]));
}

export class DistanceOracle {
  private queue: Queue<AnalysisJobData, AnalysisJobResult> | undefined;
  private events: QueueEvents | undefined;

  constructor(private readonly settings: OracleSettings) {}

  /** Refuses (ANALYSIS_UNAVAILABLE) boards whose distances cannot be proved in time. */
  check(spec: PuzzleSpec): void {
    if (spec.kind === "sliding" && spec.rows * spec.cols > MAX_ANALYSED_CELLS) {
      throw new AnalysisUnavailableError(
        `exact distances are not available for ${spec.rows}x${spec.cols} boards (at most ${MAX_ANALYSED_CELLS} cells): proofs there can take minutes each`,
      );
    }
  }

  /** The optimal distance from each position to the spec's goal, and a first optimal move from each. */
  async distances(spec: PuzzleSpec, positions: readonly (readonly number[])[]): Promise<Distances> {
    this.check(spec);
    if (spec.kind === "rotation") {
      return {
        status: "READY",
        distances: positions.map(rotationDistance),
        firstMoves: positions.map((board) => answerFromTable([...board], rotationTable()).moves.slice(0, 1)),
      };
    }
    const { rows, cols, goal } = spec;
    if (rows * cols <= MAX_TABLE_CELLS) {
      return {
        status: "READY",
        distances: positions.map((board) => tableDistance(rows, cols, board, goal)),
        firstMoves: positions.map((board) => (tableSolution(rows, cols, board, goal) ?? "").slice(0, 1)),
      };
    }
    return this.fromWorkers({ rows, cols, goal, positions });
  }

  private async fromWorkers(data: AnalysisJobData): Promise<Distances> {
    // Distinct positions only; the answer is spread back over the list.
    const keys = data.positions.map((board) => board.join(","));
    const distinct = [...new Set(keys)];
    const positions = distinct.map((key) => key.split(",").map(Number));
    const jobId = analysisJobId({ ...data, positions });
    const { redisWaitMs, waitMs, stop } = this.settings;
    const job = await this.unlessRedisFails(
      jobId,
      "adding the analysis job",
      redisWaitMs,
      this.jobs().add(
        ANALYSIS_JOB,
        { ...data, positions },
        { jobId, removeOnComplete: { age: 3600 }, removeOnFail: { age: 60 }, attempts: 2 },
      ),
    );
    if (job === NO_ANSWER) return { status: "PENDING", progress: 0 };
    const finished = await this.unlessRedisFails(
      jobId,
      "waiting for the analysis job",
      waitMs + redisWaitMs,
      waitForJob(this.jobs(), job, this.queueEvents(), waitMs, { stop }),
    );
    if (finished === NO_ANSWER) return { status: "PENDING", progress: 0 };
    if (finished === undefined) {
      const read = await this.unlessRedisFails(
        jobId,
        "reading the analysis job's progress",
        redisWaitMs,
        this.jobs().getJob(jobId),
      );
      const progress = read === NO_ANSWER ? undefined : (read?.progress as AnalysisJobProgress | undefined);
      return { status: "PENDING", progress: progress?.total ? progress.done / progress.total : 0 };
    }
    const { result } = finished;
    const at = new Map(distinct.map((key, i) => [key, i]));
    return {
      status: "READY",
      distances: keys.map((key) => result.distances[at.get(key) as number]),
      firstMoves: keys.map((key) => result.firstMoves[at.get(key) as number]),
    };
  }

  /**
   * `step`'s value, or NO_ANSWER (logged) when Redis did not answer within `ms` or failed: the caller
   * answers PENDING and the client asks again. The step is not stopped: a command sent on a connection
   * that stays open takes effect once Redis answers. The job's own failure (JobFailedError: its state
   * "failed", src/services/wait-for-job.ts) still rejects; a job gone from Redis answers PENDING.
   */
  private async unlessRedisFails<T>(
    jobId: string,
    what: string,
    ms: number,
    step: Promise<T>,
  ): Promise<T | typeof NO_ANSWER> {
    try {
      const value = await valueWithin(step, ms, NO_ANSWER);
      if (value === NO_ANSWER) {
        this.settings.logger.warn(
          { jobId },
          `Redis did not answer within ${ms} ms ${what}: answered PENDING`,
        );
      }
      return value;
    } catch (error) {
      if (error instanceof JobFailedError) throw error;
      this.settings.logger.warn({ err: error, jobId }, `Redis failed ${what}: answered PENDING`);
      return NO_ANSWER;
    }
  }

  // Their connections' errors while Redis is away go to the log (debug: the requests' own warnings say
  // what they answered), not to BullMQ's console.error on stderr.
  private jobs(): Queue<AnalysisJobData, AnalysisJobResult> {
    if (this.queue === undefined) {
      this.queue = new Queue<AnalysisJobData, AnalysisJobResult>(ANALYSIS_QUEUE, {
        connection: producerRedisOptions(this.settings.redisUrl),
        prefix: this.settings.prefix,
      });
      this.queue.on("error", (error) =>
        this.settings.logger.debug({ err: error }, "analysis queue: Redis error"),
      );
    }
    return this.queue;
  }

  private queueEvents(): QueueEvents {
    if (this.events === undefined) {
      this.events = new QueueEvents(ANALYSIS_QUEUE, {
        connection: consumerRedisOptions(this.settings.redisUrl),
        prefix: this.settings.prefix,
      });
      this.events.on("error", (error) =>
        this.settings.logger.debug({ err: error }, "analysis queue events: Redis error"),
      );
    }
    return this.events;
  }

  async close(): Promise<void> {
    // Bounded and quiet while Redis is away (src/redis/close-bullmq.ts).
    if (this.events) await closeWithin(this.events, QUEUE_CLOSE_MS);
    if (this.queue) await closeWithin(this.queue, QUEUE_CLOSE_MS);
  }
}
