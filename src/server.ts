// The API server: one HTTP port serving GraphQL over HTTP (Apollo Server 5 on Express 5) and over
// WebSocket (graphql-ws) at /graphql, plus /healthz and /readyz. Tests start it on port 0.
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { createServer as createHttpServer, type Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { ApolloServer, type ApolloServerPlugin } from "@apollo/server";
import { ApolloServerPluginDrainHttpServer } from "@apollo/server/plugin/drainHttpServer";
import { expressMiddleware } from "@as-integrations/express5";
import { ApolloArmor } from "@escape.tech/graphql-armor";
import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import { pinoHttp } from "pino-http";
import { createApp, type App } from "./app.ts";
import { projectRoot, type Config } from "./config.ts";
import { createContext, type GraphQLContext } from "./graphql/context.ts";
import { errorBody, formatApiError } from "./graphql/errors.ts";
import { checkOperationAccess } from "./graphql/operation-policy.ts";
import { buildSchema } from "./graphql/schema.ts";
import { authenticate } from "./http/auth.ts";
import { healthRouter } from "./http/health.ts";
import { clientKey } from "./http/rate-limit.ts";
import { attachGraphQLWebSocket } from "./http/websocket.ts";
import { ApiMetrics } from "./metrics/api-metrics.ts";
import { graphqlMetricsPlugin } from "./metrics/graphql-plugin.ts";
import type { PublicUser } from "./repositories/users.ts";

const GRAPHQL_PATH = "/graphql";

export interface RunningServer {
  /** http://host:port/graphql */
  readonly url: string;
  /** ws://host:port/graphql */
  readonly wsUrl: string;
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

/** What the auth middleware leaves for the GraphQL context. */
interface RequestLocals {
  user: PublicUser | null;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

function requestIdOf(req: express.Request): string {
  return String((req as { id?: unknown }).id ?? "unknown");
}

/** Resolves the bearer token, then charges the client's request budget (per user, else per IP). */
function authAndRateLimit(app: App): RequestHandler {
  return async (req, res, next) => {
    try {
      const auth = await authenticate(app, req.headers.authorization);
      if (!auth.ok) {
        res.status(401).json(errorBody(auth.reason, { code: "UNAUTHENTICATED" }));
        return;
      }
      (res.locals as RequestLocals).user = auth.user;
      const decision = await app.rateLimits.consume(
        "requests",
        clientKey(auth.user?.id, req.ip ?? "unknown"),
      );
      if (!decision.allowed) {
        res.setHeader("Retry-After", String(decision.retryAfter));
        res.status(429).json(
          errorBody(`too many requests: retry in ${decision.retryAfter} s`, {
            code: "RATE_LIMITED",
            retryAfter: decision.retryAfter,
          }),
        );
        return;
      }
      next();
    } catch (error) {
      next(error);
    }
  };
}

/** Body-parser and other errors before GraphQL: answered as GraphQL-shaped JSON, never HTML. */
function jsonErrors(app: App): ErrorRequestHandler {
  return (error, req, res, _next) => {
    const type = (error as { type?: string }).type;
    if (type === "entity.too.large") {
      res.status(413).json(
        errorBody(`request body larger than ${app.config.bodyLimitBytes} bytes`, {
          code: "PAYLOAD_TOO_LARGE",
        }),
      );
    } else if (
      type === "entity.parse.failed" ||
      type === "encoding.unsupported" ||
      type === "charset.unsupported"
    ) {
      res.status(400).json(errorBody("request body is not valid JSON", { code: "BAD_REQUEST" }));
    } else {
      const requestId = requestIdOf(req);
      app.logger.error({ err: error, reqId: requestId }, "unexpected error before GraphQL");
      res.status(500).json(errorBody("internal server error", { code: "INTERNAL_SERVER_ERROR", requestId }));
    }
  };
}

/** Mutations need a token (except signUp); unexpected errors are logged with the request id. */
function policyAndLoggingPlugin(): ApolloServerPlugin<GraphQLContext> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ operation, contextValue }) {
          const denied = operation && checkOperationAccess(operation, contextValue.user !== null);
          if (denied !== undefined) throw denied;
        },
        async didEncounterErrors({ errors, contextValue }) {
          for (const error of errors) {
            if (formatApiError(error.toJSON(), error).unexpected) {
              contextValue.logger.error({ err: error.originalError ?? error }, "unexpected error");
            }
          }
        },
        async willSendResponse({ response, contextValue }) {
          // Masked errors carry the request id, so a report can be matched with the log.
          if (response.body.kind !== "single") return;
          for (const error of response.body.singleResult.errors ?? []) {
            if (error.extensions?.code === "INTERNAL_SERVER_ERROR") {
              (error.extensions as Record<string, unknown>).requestId = contextValue.requestId;
            }
          }
        },
      };
    },
  };
}

/**
 * The web page built into web/dist/ (`npm run build`): its files, and index.html for the page's own
 * routes (GET paths without a file extension, outside /graphql), so /puzzles/42 can be reloaded.
 */
function webPage(): express.Router {
  const root = join(projectRoot, "web", "dist");
  const router = express.Router();
  if (!existsSync(join(root, "index.html"))) return router;
  router.use(
    express.static(root, {
      index: "index.html",
      setHeaders: (res, path) =>
        res.setHeader(
          "Cache-Control",
          path.includes("/assets/") ? "public, max-age=31536000, immutable" : "no-cache",
        ),
    }),
  );
  router.get(/^\/(?!graphql(?:\/|$))[^.]*$/, (_req, res) => {
    res.setHeader("Cache-Control", "no-cache");
    res.sendFile(join(root, "index.html"));
  });
  return router;
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

  const armor = new ApolloArmor({
    maxDepth: { n: config.graphql.maxDepth },
    costLimit: { maxCost: config.graphql.maxCost },
    maxAliases: { n: config.graphql.maxAliases },
    // Tokens are limited by graphql-js' own parser option below (armor's Apollo plugin for it
    // answers HTTP 500); WebSocket operations use the same option.
    maxTokens: { enabled: false },
    // Field suggestions would let anonymous callers map a schema with introspection off.
    blockFieldSuggestion: { enabled: !config.graphql.introspection },
  }).protect();

  const ws = attachGraphQLWebSocket({
    app,
    schema,
    httpServer,
    path: GRAPHQL_PATH,
    validationRules: armor.validationRules,
  });

  const apollo = new ApolloServer<GraphQLContext>({
    schema,
    introspection: config.graphql.introspection,
    // Shutdown is ours (close() below, called by main.ts on SIGTERM/SIGINT); Apollo's own handler
    // would re-raise the signal and cut the drain short.
    stopOnTerminationSignals: false,
    ...armor,
    parseOptions: { maxTokens: config.graphql.maxTokens },
    plugins: [
      // graphql-armor and this plugin are typed against Apollo's CommonJS build; same objects at run time.
      ...(armor.plugins as unknown as ApolloServerPlugin<GraphQLContext>[]),
      ApolloServerPluginDrainHttpServer({ httpServer }) as unknown as ApolloServerPlugin<GraphQLContext>,
      { serverWillStart: async () => ({ drainServer: () => ws.close() }) },
      policyAndLoggingPlugin(),
      graphqlMetricsPlugin<GraphQLContext>(metrics),
    ],
    formatError: (formatted, error) => formatApiError(formatted, error).formatted,
  });
  await apollo.start();

  expressApp.use(metrics.httpMiddleware());
  expressApp.use(
    pinoHttp({
      logger: app.logger,
      genReqId: (req, res) => {
        const given = req.headers["x-request-id"];
        const id = typeof given === "string" && REQUEST_ID.test(given) ? given : randomUUID();
        res.setHeader("X-Request-Id", id);
        return id;
      },
      // Health probes every few seconds would drown the log.
      autoLogging: {
        ignore: (req) => req.url === "/healthz" || req.url === "/readyz" || req.url === "/metrics",
      },
    }),
  );
  expressApp.use(healthRouter(app, () => draining));
  expressApp.get("/metrics", metrics.handler());
  expressApp.use(
    GRAPHQL_PATH,
    express.json({ limit: config.bodyLimitBytes }),
    authAndRateLimit(app),
    expressMiddleware(apollo, {
      context: async ({ req, res }) =>
        createContext(app, {
          user: (res.locals as RequestLocals).user ?? null,
          requestId: requestIdOf(req),
          ip: req.ip ?? "unknown",
        }),
    }),
  );
  expressApp.use(webPage());
  expressApp.use(jsonErrors(app));

  // Counting starts in Redis rather than in the per-process fallback, unless Redis is really away.
  await app.redisReady(1000);
  await new Promise<void>((resolve, reject) => {
    httpServer.once("error", reject);
    httpServer.listen(config.port, config.host, () => {
      httpServer.off("error", reject);
      resolve();
    });
  });
  const { port } = httpServer.address() as AddressInfo;
  const host = config.host.includes(":")
    ? `[${config.host}]`
    : config.host === "0.0.0.0"
      ? "127.0.0.1"
      : config.host;
  app.logger.info({ url: `http://${host}:${port}${GRAPHQL_PATH}` }, "API listening");

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      draining = true;
      // Requests still running get SHUTDOWN_TIMEOUT_MS to finish; then every connection is cut.
      const force = setTimeout(() => httpServer.closeAllConnections(), config.shutdownTimeoutMs);
      force.unref();
      try {
        await apollo.stop(); // drains HTTP (stops listening, waits for requests) and WebSocket
      } finally {
        clearTimeout(force);
        httpServer.closeAllConnections();
        await metrics.close();
        if (options.app === undefined || options.keepApp !== true) await app.close();
      }
      app.logger.info("API stopped");
    })();
    return closing;
  };

  return {
    url: `http://${host}:${port}${GRAPHQL_PATH}`,
    wsUrl: `ws://${host}:${port}${GRAPHQL_PATH}`,
    port,
    httpServer,
    app,
    close,
  };
}
