// Where the API's GET /metrics is served. It tells anyone who can read it the traffic, the queue and
// the errors, so it is never public by default:
//   - API_METRICS_PORT set: on that port of its own (like a worker's WORKER_METRICS_PORT), for a
//     network only Prometheus reaches; not on the API port;
//   - else METRICS_TOKEN set: on the API port, with `Authorization: Bearer <METRICS_TOKEN>`;
//   - else: not served (404, not the web page that answers other unknown paths).
import express, { type Router } from "express";
import type { Config } from "../../config.ts";
import { errorBody } from "../../graphql/errors.ts";
import type { ApiMetrics } from "../../metrics/api-metrics.ts";
import { startMetricsServer, type MetricsServer } from "../../metrics/metrics-server.ts";
import { requireOperatorToken } from "../operator-token.ts";

export interface MetricsEndpoint {
  /** GET /metrics on the API port, when METRICS_TOKEN is set and API_METRICS_PORT is not. */
  readonly router: Router;
  /** Starts the port of its own when API_METRICS_PORT is set; undefined otherwise. */
  listen(): Promise<MetricsServer | undefined>;
}

type MetricsConfig = Pick<Config, "apiMetricsPort" | "metricsToken" | "host">;

export function useMetricsEndpoint(config: MetricsConfig, metrics: ApiMetrics): MetricsEndpoint {
  const router = express.Router();
  const ownPort = config.apiMetricsPort;
  if (ownPort === undefined && config.metricsToken !== undefined) {
    router.get("/metrics", requireOperatorToken(config.metricsToken, "metrics"), metrics.handler());
  } else {
    router.all("/metrics", (_req, res) => {
      res.status(404).json(errorBody("no metrics on this port", { code: "NOT_FOUND" }));
    });
  }
  return {
    router,
    listen: async () =>
      ownPort === undefined ? undefined : startMetricsServer(metrics.registry, ownPort, config.host),
  };
}
