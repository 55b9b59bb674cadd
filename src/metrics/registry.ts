// One prom-client registry per server (API or worker): default Node.js process metrics plus the
// platform's own, labelled with the process' role. A registry per server rather than prom-client's
// global one, so several servers in one process (tests) never register a metric twice.
import { collectDefaultMetrics, Registry } from "prom-client";
import type { RequestHandler } from "express";

export type ProcessRole = "api" | "worker";

export function createMetricsRegistry(role: ProcessRole): Registry {
  const registry = new Registry();
  registry.setDefaultLabels({ role });
  collectDefaultMetrics({ register: registry });
  return registry;
}

/** The text exposition of `registry`, as Prometheus scrapes it. */
export async function renderMetrics(registry: Registry): Promise<{ contentType: string; body: string }> {
  return { contentType: registry.contentType, body: await registry.metrics() };
}

/** GET /metrics for an Express app. */
export function metricsHandler(registry: Registry): RequestHandler {
  return async (_req, res, next) => {
    try {
      const { contentType, body } = await renderMetrics(registry);
      res.setHeader("Content-Type", contentType);
      res.setHeader("Cache-Control", "no-store");
      res.end(body);
    } catch (error) {
      next(error);
    }
  };
}
