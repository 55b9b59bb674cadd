// bull-board, the BullMQ dashboard, for operators at /admin/queues: the jobs of every queue, their
// states, data, errors and logs. Off unless ADMIN_TOKEN is set (then 404 like any unknown path);
// every request needs `Authorization: Bearer <ADMIN_TOKEN>` (401 otherwise). Read-only: bull-board's
// readOnlyMode hides and refuses (405) retry, clean, promote, pause, remove and add, and anything
// but GET/HEAD is refused here before bull-board sees it, so no future action slips through.
// A browser sends the token with a header extension or a proxy that adds it (docs/operations.md).
import { createBullBoard } from "@bull-board/api";
import { BullMQAdapter } from "@bull-board/api/bullMQAdapter";
import { ExpressAdapter } from "@bull-board/express";
import { Queue } from "bullmq";
import express, { type Router } from "express";
import type { App } from "../../app.ts";
import { QUEUE_CLOSE_MS, closeWithin } from "../../redis/close-bullmq.ts";
import { errorBody } from "../../graphql/errors.ts";
import { ANALYSIS_QUEUE } from "../../services/analysis-jobs.ts";
import { DAILY_QUEUE } from "../../services/daily.ts";
import { SOLVE_QUEUE, UNIT_QUEUE } from "../../solves/index.ts";
import { producerRedisOptions } from "../../redis/connection.ts";
import { requireOperatorToken } from "../operator-token.ts";

const QUEUE_DASHBOARD_PATH = "/admin/queues";

/**
 * The queues shown, by name: every queue of the platform; one more queue is one more name here. The
 * solve queue holds searches (their coordinators, active as soon as a worker takes them); the unit
 * queue holds the work solver threads take, where a search waits for a thread (docs/distributed.md);
 * the analysis queue the proofs of 4x4 hints and analyses; the daily-puzzles queue the scheduler's
 * midnight job and each worker's catch-up job.
 */
export const DASHBOARD_QUEUES: readonly string[] = [SOLVE_QUEUE, UNIT_QUEUE, ANALYSIS_QUEUE, DAILY_QUEUE];

const READ_METHODS = new Set(["GET", "HEAD"]);

/** A dashboard read's Redis command unanswered this long fails (its page shows an error). */
const DASHBOARD_COMMAND_TIMEOUT_MS = 2000;

export interface QueueDashboard {
  readonly router: Router;
  /** Closes the dashboard's Redis connections. */
  close(): Promise<void>;
}

export function useQueueDashboard(app: App): QueueDashboard {
  const router = express.Router();
  const token = app.config.adminToken;
  if (token === undefined) {
    // 404 rather than the web page, which answers other unknown paths.
    router.use(QUEUE_DASHBOARD_PATH, (_req, res) => {
      res.status(404).json(errorBody("the queue dashboard is off (ADMIN_TOKEN)", { code: "NOT_FOUND" }));
    });
    return { router, close: async () => undefined };
  }

  // Queues of the dashboard's own (one Redis connection each, opened only when it is on). They send
  // no blocking command, so a command timeout is safe here, and a Redis that hangs (connected, not
  // answering) fails the dashboard's reads after it instead of holding the page forever.
  const queues = DASHBOARD_QUEUES.map(
    (name) =>
      new Queue(name, {
        connection: {
          ...producerRedisOptions(app.config.redisUrl),
          commandTimeout: DASHBOARD_COMMAND_TIMEOUT_MS,
        },
        prefix: app.config.redisPrefix,
      }),
  );
  for (const queue of queues) {
    queue.on("error", (error) => app.logger.debug({ err: error }, "queue dashboard: Redis error"));
  }
  const board = new ExpressAdapter();
  board.setBasePath(QUEUE_DASHBOARD_PATH);
  createBullBoard({
    queues: queues.map((queue) => new BullMQAdapter(queue, { readOnlyMode: true, allowRetries: false })),
    serverAdapter: board,
    options: { uiConfig: { boardTitle: "Puzzle queues" } },
  });

  router.use(
    QUEUE_DASHBOARD_PATH,
    requireOperatorToken(token, "queue dashboard"),
    (req, res, next) => {
      if (READ_METHODS.has(req.method)) {
        next();
        return;
      }
      res.setHeader("Allow", "GET, HEAD");
      res.status(405).json(errorBody("the queue dashboard is read-only", { code: "METHOD_NOT_ALLOWED" }));
    },
    board.getRouter(),
  );
  return {
    router,
    close: async () => {
      // Bounded and quiet with Redis away, as the app's other queues (src/redis/close-bullmq.ts).
      await Promise.all(queues.map((queue) => closeWithin(queue, QUEUE_CLOSE_MS)));
    },
  };
}
