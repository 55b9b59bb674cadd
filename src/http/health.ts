// Liveness and readiness for orchestrators: /healthz says the process answers; /readyz says it can
// serve (Postgres and Redis answer, and it is not shutting down), else 503.
import { Router } from "express";
import type { App } from "../app.ts";
import { readFleet } from "../solves/index.ts";
import { withTimeout } from "../with-timeout.ts";

/** Each check (and the fleet's read) gets this long: /readyz answers within it, whatever hangs. */
const READY_TIMEOUT_MS = 2000;

/** The fleet, read once the connection is up (as the Redis check waits for it). */
async function readFleetWhenReady(app: App) {
  await app.redisReady(READY_TIMEOUT_MS);
  return readFleet(app.redis, app.config.redisPrefix);
}

export function healthRouter(app: App, isDraining: () => boolean): Router {
  const router = Router();
  router.get("/healthz", (_req, res) => {
    res.json({ status: "ok" });
  });
  router.get("/readyz", async (_req, res) => {
    // Worker processes and solver threads online (their heartbeats), read beside the checks and
    // with the same deadline: informative, not a condition of readiness (requests are accepted and
    // queued without workers), and null unless Redis answered its check.
    const [{ ready, checks }, fleet] = await Promise.all([
      app.checkReadiness(READY_TIMEOUT_MS),
      withTimeout(readFleetWhenReady(app), READY_TIMEOUT_MS, "fleet read").catch(() => null),
    ]);
    const draining = isDraining();
    // Details (addresses, driver messages) go to the log, not to anonymous callers.
    const shown = Object.fromEntries(
      Object.entries(checks).map(([name, state]) => [name, state === "ok" ? "ok" : "unavailable"]),
    );
    if (!ready) app.logger.warn({ checks }, "not ready");
    const live = checks.redis === "ok" ? fleet : null;
    res.status(ready && !draining ? 200 : 503).json({
      status: draining ? "draining" : ready ? "ready" : "unavailable",
      checks: shown,
      workers: live?.workers ?? null,
      solverThreads: live?.threads ?? null,
    });
  });
  return router;
}
