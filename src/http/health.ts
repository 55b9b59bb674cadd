// Liveness and readiness for orchestrators: /healthz says the process answers; /readyz says it can
// serve (Postgres and Redis answer, and it is not shutting down), else 503.
import { Router } from "express";
import type { App } from "../app.ts";
import { readFleet } from "../solves/index.ts";

export function healthRouter(app: App, isDraining: () => boolean): Router {
  const router = Router();
  router.get("/healthz", (_req, res) => {
    res.json({ status: "ok" });
  });
  router.get("/readyz", async (_req, res) => {
    const { ready, checks } = await app.checkReadiness();
    const draining = isDraining();
    // Details (addresses, driver messages) go to the log, not to anonymous callers.
    const shown = Object.fromEntries(
      Object.entries(checks).map(([name, state]) => [name, state === "ok" ? "ok" : "unavailable"]),
    );
    if (!ready) app.logger.warn({ checks }, "not ready");
    // Worker processes and solver threads online (their heartbeats): informative, not a condition
    // of readiness (requests are accepted and queued without workers).
    const fleet = await readFleet(app.redis, app.config.redisPrefix).catch(() => null);
    res.status(ready && !draining ? 200 : 503).json({
      status: draining ? "draining" : ready ? "ready" : "unavailable",
      checks: shown,
      workers: fleet?.workers ?? null,
      solverThreads: fleet?.threads ?? null,
    });
  });
  return router;
}
