// The API server: one HTTP port serving GraphQL over HTTP (Apollo Server 5 on Express 5) and over
// WebSocket (graphql-ws) at /graphql, plus /healthz, /readyz, /metrics (with METRICS_TOKEN, or on
// API_METRICS_PORT), the queue dashboard (with ADMIN_TOKEN) and the web page. Tests start
// it on port 0. This file composes the pieces (each in src/http/plugins/use-*.ts) and owns the
// lifecycle: listen, drain, close.
import { createServer as createHttpServer, type Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { ApolloServer, type ApolloServerPlugin } from "@apollo/server";
import { ApolloServerPluginDrainHttpServer } from "@apollo/server/plugin/drainHttpServer";
import { ApolloServerPluginLandingPageDisabled } from "@apollo/server/plugin/disabled";
import { expressMiddleware } from "@as-integrations/express5";
import express from "express";
import { createApp, type App } from "./app.ts";
import type { Config } from "./config.ts";
import { createContext, type GraphQLContext } from "./graphql/context.ts";
import { formatApiError } from "./graphql/errors.ts";
import { buildSchema } from "./graphql/schema.ts";
import { healthRouter } from "./http/health.ts";
import { useGraphQLExplorer } from "./http/plugins/use-graphql-explorer.ts";
import { tokenHashOf, useAuthRateLimit, userOf } from "./http/plugins/use-auth-rate-limit.ts";
import { useJsonErrors, useJsonNotFound } from "./http/plugins/use-json-errors.ts";
import { useMaskedErrors } from "./http/plugins/use-masked-errors.ts";
import { useMetricsEndpoint } from "./http/plugins/use-metrics-endpoint.ts";
import { useOperationPolicy } from "./http/plugins/use-operation-policy.ts";
import { useQueryLimits } from "./http/plugins/use-query-limits.ts";
import { useQueueDashboard } from "./http/plugins/use-queue-dashboard.ts";
import { requestIdOf, useRequestLog } from "./http/plugins/use-request-log.ts";
import { useWebPage } from "./http/plugins/use-web-page.ts";
import { attachGraphQLWebSocket } from "./http/websocket.ts";
import { ApiMetrics } from "./metrics/api-metrics.ts";
import { graphqlMetricsPlugin } from "./metrics/graphql-plugin.ts";

const GRAPHQL_PATH = "/graphql";

export interface RunningServer {
  /** http://host:port/graphql */
  readonly url: string;
  /** ws://host:port/graphql */
  readonly wsUrl: string;
  /** http://host:port/metrics on API_METRICS_PORT; undefined when that port is not set. */
  readonly metricsUrl: string | undefined;
  readonly port: number;
  readonly httpServer: HttpServer;
  readonly app: App;
  /** Graceful: stops accepting, drains HTTP and WebSocket, then closes connections and the app. */
  close(): Promise<void>;
}

export interface ServerOptions {
  /** Use this container instead of building one (it is closed with the server unless keepApp). */
  readonly app?: App;
  readonly keepApp?: boolean;
}

/** Builds everything and listens on config.host:config.port (0 = any free port). */
export async function startServer(config: Config, options: ServerOptions = {}): Promise<RunningServer> {
  const app = options.app ?? createApp(config, { name: "api" });
  const schema = buildSchema();
  const expressApp = express();
  expressApp.disable("x-powered-by");
  expressApp.set("trust proxy", config.trustProxy);
  const httpServer = createHttpServer(expressApp);
  let draining = false;
  const metrics = new ApiMetrics(app);
  const queryLimits = useQueryLimits(config);
  const metricsEndpoint = useMetricsEndpoint(config, metrics);
  const queueDashboard = useQueueDashboard(app);

  const ws = attachGraphQLWebSocket({
    app,
    schema,
    httpServer,
    path: GRAPHQL_PATH,
    validationRules: queryLimits.validationRules,
  });

  const apollo = new ApolloServer<GraphQLContext>({
    schema,
    introspection: config.graphql.introspection,
    // Shutdown is ours (close() below, called by main.ts on SIGTERM/SIGINT); Apollo's own handler
    // would re-raise the signal and cut the drain short.
    stopOnTerminationSignals: false,
    ...queryLimits,
    parseOptions: { maxTokens: config.graphql.maxTokens },
    plugins: [
      // graphql-armor and the drain plugin are typed against Apollo's CommonJS build; same objects at run time.
      ...(queryLimits.plugins as unknown as ApolloServerPlugin<GraphQLContext>[]),
      ApolloServerPluginDrainHttpServer({ httpServer }) as unknown as ApolloServerPlugin<GraphQLContext>,
      ApolloServerPluginLandingPageDisabled() as unknown as ApolloServerPlugin<GraphQLContext>,
      { serverWillStart: async () => ({ drainServer: () => ws.close() }) },
      useOperationPolicy(),
      useMaskedErrors(),
      graphqlMetricsPlugin<GraphQLContext>(metrics),
    ],
    formatError: (formatted, error) => formatApiError(formatted, error).formatted,
  });
  await apollo.start();

  // The HTTP pipeline, in order: metrics and request ids first, then the API's routes, then pages
  // (GET routes of their own, e.g. a GraphiQL page beside the web page), and JSON errors last (a
  // path nothing served: 404 NOT_FOUND).
  expressApp.use(metrics.httpMiddleware());
  expressApp.use(useRequestLog(app));
  expressApp.use(healthRouter(app, () => draining));
  expressApp.use(metricsEndpoint.router);
  expressApp.use(queueDashboard.router);
  expressApp.use(useGraphQLExplorer(GRAPHQL_PATH));
  expressApp.use(
    GRAPHQL_PATH,
    express.json({ limit: config.bodyLimitBytes }),
    useAuthRateLimit(app),
    expressMiddleware(apollo, {
      context: async ({ req, res }) =>
        createContext(app, {
          user: userOf(res),
          tokenHash: tokenHashOf(res),
          requestId: requestIdOf(req),
          ip: req.ip ?? "unknown",
        }),
    }),
  );
  expressApp.use(useWebPage());
  expressApp.use(useJsonNotFound());
  expressApp.use(useJsonErrors(app));

  // An app made here, or given without keepApp, is this server's to close.
  const closesApp = options.app === undefined || options.keepApp !== true;
  // Counting starts in Redis rather than in the per-process fallback, unless Redis is really away.
  await app.redisReady(1000);
  try {
    await new Promise<void>((resolve, reject) => {
      httpServer.once("error", reject);
      httpServer.listen(config.port, config.host, () => {
        httpServer.off("error", reject);
        resolve();
      });
    });
  } catch (error) {
    // A port in use: what the app started (the reconciler's timers, subscriptions, connections) stops
    // with it, as close() would have, rather than running on in a process that serves nothing.
    if (closesApp) await app.close().catch(() => undefined);
    throw error;
  }
  const { port } = httpServer.address() as AddressInfo;
  const host = config.host.includes(":")
    ? `[${config.host}]`
    : config.host === "0.0.0.0"
      ? "127.0.0.1"
      : config.host;
  app.logger.info({ url: `http://${host}:${port}${GRAPHQL_PATH}` }, "API listening");
  // A busy API_METRICS_PORT must not keep the API from serving: it runs unobserved, and says so.
  const metricsServer = await metricsEndpoint.listen().catch((error: unknown) => {
    app.logger.error({ err: error }, "metrics endpoint not started (API_METRICS_PORT)");
    return undefined;
  });
  if (metricsServer) app.logger.info({ port: metricsServer.port, host }, "metrics endpoint listening");

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      draining = true;
      // Waits within requests (a 4x4 hint's, up to ANALYSIS_WAIT_MS) end now and answer PENDING, so
      // those requests are answered before the timeout below cuts connections. An app kept for
      // later goes on waiting.
      if (closesApp) app.drain();
      // Requests still running get SHUTDOWN_TIMEOUT_MS to finish; then every connection is cut.
      const force = setTimeout(() => httpServer.closeAllConnections(), config.shutdownTimeoutMs);
      force.unref();
      try {
        await apollo.stop(); // drains HTTP (stops listening, waits for requests) and WebSocket
      } finally {
        clearTimeout(force);
        httpServer.closeAllConnections();
        await metricsServer?.close();
        await queueDashboard.close();
        await metrics.close();
        if (closesApp) await app.close();
      }
      app.logger.info("API stopped");
    })();
    return closing;
  };

  return {
    url: `http://${host}:${port}${GRAPHQL_PATH}`,
    wsUrl: `ws://${host}:${port}${GRAPHQL_PATH}`,
    metricsUrl: metricsServer && `http://${host}:${metricsServer.port}/metrics`,
    port,
    httpServer,
    app,
    close,
  };
}
