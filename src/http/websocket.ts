// GraphQL over WebSocket (the graphql-ws protocol) on the HTTP server's port and path. Each
// operation goes through the same checks as HTTP: token limits, depth/cost/alias limits, the
// mutation policy, the request budget, and the same error masking.
import { randomUUID } from "node:crypto";
import type { Server as HttpServer } from "node:http";
import {
  getOperationAST,
  getVariableValues,
  GraphQLError,
  parse,
  specifiedRules,
  validate,
  type DocumentNode,
  type GraphQLSchema,
  type ValidationRule,
} from "graphql";
import { CloseCode } from "graphql-ws";
import { useServer } from "graphql-ws/use/ws";
import { LRUCache } from "lru-cache";
import { WebSocketServer } from "ws";
import type { App } from "../app.ts";
import { createContext } from "../graphql/context.ts";
import { LimitExceededError, RateLimitedError } from "../errors/index.ts";
import { formatApiError, toGraphQLError } from "../graphql/errors.ts";
import { checkOperationAccess } from "../graphql/operation-policy.ts";
import type { PublicUser } from "../repositories/users.ts";
import { TOKEN_REPLACED } from "../services/accounts.ts";
import { authenticate } from "./auth.ts";
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from "../db/errors.ts";
import {
  CLOSE_RATE_LIMITED,
  CLOSE_SERVICE_UNAVAILABLE,
  CLOSE_TOKEN_REVOKED,
  codeOf,
  UserSockets,
} from "./user-sockets.ts";
import { clientKey, type RateDecision } from "./rate-limit.ts";
import { closeOnServerOnlyMessages } from "./server-only-messages.ts";

/** What a connection remembers between messages (kept on graphql-ws' per-socket `extra`). */
interface ConnectionState {
  user?: PublicUser | null;
  /** The hash of the token `user` authenticated with (see GraphQLContext.tokenHash). */
  tokenHash?: string | null;
  ip?: string;
  /** Operation id -> request id, for logs and masked errors. */
  requestIds?: Map<string, string>;
  /**
   * The first operation's point of the request budget, taken while connection_init is answered (the
   * client cannot send an operation before the ack): one Redis round trip less before the first
   * operation runs. Given back if the socket closes before any operation used it.
   */
  prepaid?: Promise<RateDecision>;
  /** The operations running on this socket (counted against the per-socket and per-user caps). */
  running?: Set<string>;
}

function stateOf(extra: unknown): ConnectionState {
  return extra as ConnectionState;
}

export interface WebSocketOptions {
  readonly app: App;
  readonly schema: GraphQLSchema;
  readonly httpServer: HttpServer;
  readonly path: string;
  /** graphql-armor's depth, cost and alias rules (the same as HTTP's). */
  readonly validationRules: readonly ValidationRule[];
}

export interface GraphQLWebSocketServer {
  /** Closes every socket (code 1001, going away) and stops accepting new ones. */
  close(): Promise<void>;
}

/**
 * Errors of one cause get one code, whatever the transport: Apollo gives every parse error
 * GRAPHQL_PARSE_FAILED, every validation error GRAPHQL_VALIDATION_FAILED (graphql-armor's depth,
 * cost, alias and directive limits included, which carry BAD_USER_INPUT of their own) and every bad
 * variable BAD_USER_INPUT. The same here, replacing whatever code an error came with.
 */
function withCode(errors: readonly GraphQLError[], code: string): GraphQLError[] {
  return errors.map(
    (error) =>
      new GraphQLError(error.message, {
        nodes: error.nodes,
        source: error.source,
        positions: error.positions,
        path: error.path,
        originalError: error.originalError,
        extensions: { ...error.extensions, code },
      }),
  );
}

function formatErrors(app: App, requestId: string, errors: readonly GraphQLError[]) {
  return errors.map((error) => {
    const { formatted, unexpected } = formatApiError(error.toJSON(), error);
    // An error graphql-js raised while executing (e.g. a null for a non-null field) is a bug: coded as Apollo codes it.
    if (!unexpected && formatted.extensions?.code === undefined) {
      return { ...formatted, extensions: { ...formatted.extensions, code: "INTERNAL_SERVER_ERROR" } };
    }
    if (unexpected) {
      app.logger.error(
        { err: error.originalError ?? error, reqId: requestId },
        "unexpected error in a WebSocket operation",
      );
      return { ...formatted, extensions: { ...formatted.extensions, requestId } };
    }
    return formatted;
  });
}

/** Open operations per user (this process only: each API process counts its own sockets). */
class UserOperationCounts {
  private readonly counts = new Map<number, number>();
  get(userId: number): number {
    return this.counts.get(userId) ?? 0;
  }
  add(userId: number, delta: number): void {
    const next = this.get(userId) + delta;
    if (next > 0) this.counts.set(userId, next);
    else this.counts.delete(userId);
  }
}

/** The client's IP as HTTP sees it: the leftmost X-Forwarded-For behind a trusted proxy. */
function clientIp(
  request: { headers: Record<string, string | string[] | undefined>; socket: { remoteAddress?: string } },
  trustProxy: boolean,
): string {
  const forwarded = trustProxy ? request.headers["x-forwarded-for"] : undefined;
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(",")[0]?.trim();
  return first || (request.socket.remoteAddress ?? "unknown");
}

/**
 * The Authorization value of a connection_init payload, its key in any case, as HTTP headers are:
 * `authorization`, `Authorization` (what GraphiQL sends: its Headers tab becomes the payload),
 * `AUTHORIZATION`... Several spellings with different values are given back as a list, which
 * authenticate() finds malformed: the socket is refused (4403) rather than one of them picked silently.
 */
function authorizationParam(params: unknown): unknown {
  if (params === undefined || params === null || typeof params !== "object") return undefined;
  const values = new Set<unknown>();
  for (const [key, value] of Object.entries(params)) {
    if (key.toLowerCase() === "authorization" && value !== undefined && value !== null && value !== "")
      values.add(value);
  }
  return values.size > 1 ? [...values] : values.values().next().value;
}

const VALIDATED_DOCUMENTS = 500;
const VALIDATED_DOCUMENT_LENGTH = 10_000;

export function attachGraphQLWebSocket(options: WebSocketOptions): GraphQLWebSocketServer {
  const { app, schema } = options;
  const wsServer = new WebSocketServer({
    server: options.httpServer,
    path: options.path,
    maxPayload: app.config.bodyLimitBytes,
  });
  const requestIdOf = (extra: unknown, id: string) => stateOf(extra).requestIds?.get(id) ?? "ws";
  const rules = [...specifiedRules, ...options.validationRules];
  // Documents that parsed and passed validation, by their text: clients send the same few operations
  // again and again (a page subscribes to `solveProgress` for every solve it starts), and validating
  // one (graphql-js' rules and graphql-armor's) costs more than the rest of a subscription's set-up.
  // Apollo keeps the same kind of cache for HTTP. The schema and the rules never change while the
  // server runs, so a document valid once is valid again; what depends on the caller (the operation's
  // access, the variables) is still checked every time. Bounded: 500 documents of at most 10,000
  // characters, least recently used out first.
  const validated = new LRUCache<string, DocumentNode>({ max: VALIDATED_DOCUMENTS });

  const caps = app.config.websocket;
  const socketsByIp = new Map<string, number>();
  const operationsByUser = new UserOperationCounts();
  wsServer.on("connection", (socket, request) => {
    // Sockets per client IP (this process): one beyond the cap is closed before graphql-ws answers.
    const ip = clientIp(request, app.config.trustProxy);
    const open = socketsByIp.get(ip) ?? 0;
    if (open >= caps.maxSocketsPerIp) {
      socket.close(CLOSE_RATE_LIMITED, `LIMIT_EXCEEDED: at most ${caps.maxSocketsPerIp} WebSockets per IP`);
      return;
    }
    socketsByIp.set(ip, open + 1);
    socket.once("close", () => {
      const left = (socketsByIp.get(ip) ?? 1) - 1;
      if (left > 0) socketsByIp.set(ip, left);
      else socketsByIp.delete(ip);
    });
    // This connection listener runs before graphql-ws' (added below): graphql-ws gets the socket wrapped.
    closeOnServerOnlyMessages(socket);
  });

  // A user's open sockets, closed (4401) as soon as any API process revokes the user's token.
  const sockets = new UserSockets();
  const stopFollowing = app.services.accounts.onRevoked((userId, currentTokenHash) =>
    sockets.closeStale(userId, currentTokenHash, CLOSE_TOKEN_REVOKED, `UNAUTHENTICATED: ${TOKEN_REPLACED}`),
  );

  const disposable = useServer<Record<string, unknown> | undefined>(
    {
      async onConnect(ctx) {
        const state = stateOf(ctx.extra);
        state.ip = clientIp(ctx.extra.request, app.config.trustProxy);
        state.requestIds = new Map();
        state.running = new Set();
        // The reason says what the code means (graphql-ws' own is just "Forbidden"). A token that could
        // not be checked because Postgres is away closes with 4503 SERVICE_UNAVAILABLE (as HTTP's 503:
        // the client retries); any other failure with 4500, without graphql-ws' default, the message.
        let result: Awaited<ReturnType<typeof authenticate>>;
        try {
          result = await authenticate(app, authorizationParam(ctx.connectionParams), state.ip);
        } catch (error) {
          if (isDatabaseUnavailable(error)) {
            app.logger.warn({ err: error }, "WebSocket connection not authenticated: Postgres unavailable");
            ctx.extra.socket.close(
              CLOSE_SERVICE_UNAVAILABLE,
              `SERVICE_UNAVAILABLE: the database is unavailable; retry after ${DATABASE_RETRY_AFTER_SECONDS} s`,
            );
            return false;
          }
          app.logger.error({ err: error }, "WebSocket connection not authenticated: unexpected error");
          ctx.extra.socket.close(CloseCode.InternalServerError, "INTERNAL_SERVER_ERROR");
          return false;
        }
        if (!result.ok) {
          const code = result.error instanceof RateLimitedError ? CLOSE_RATE_LIMITED : CloseCode.Forbidden;
          ctx.extra.socket.close(code, `${codeOf(result.error)}: ${result.error.message}`.slice(0, 120));
          return false; // graphql-ws' own close (4403 Forbidden) comes second and is ignored
        }
        state.user = result.user;
        state.tokenHash = result.tokenHash;
        if (result.user !== null && result.tokenHash !== null) {
          // The socket's token, so that a rotation closes this socket only if it used the old one.
          sockets.add(result.user.id, ctx.extra.socket, result.tokenHash);
        }
        state.prepaid = app.rateLimits.consume("requests", clientKey(result.user?.id, state.ip));
        return true;
      },
      async onSubscribe(ctx, id, payload) {
        const state = stateOf(ctx.extra);
        const user = state.user ?? null;
        const ip = state.ip ?? "unknown";
        const requestId = randomUUID();
        state.requestIds?.set(id, requestId);
        const prepaid = state.prepaid;
        state.prepaid = undefined;
        const budget = await (prepaid ?? app.rateLimits.consume("requests", clientKey(user?.id, ip)));
        if (!budget.allowed) return [toGraphQLError(new RateLimitedError(budget.retryAfter))];
        let document = validated.get(payload.query);
        if (document === undefined) {
          try {
            document = parse(payload.query, { maxTokens: app.config.graphql.maxTokens });
          } catch (error) {
            return withCode(
              [error instanceof GraphQLError ? error : new GraphQLError(String(error))],
              "GRAPHQL_PARSE_FAILED",
            );
          }
          const errors = validate(schema, document, rules);
          if (errors.length > 0) return withCode(errors, "GRAPHQL_VALIDATION_FAILED");
          if (payload.query.length <= VALIDATED_DOCUMENT_LENGTH) validated.set(payload.query, document);
        }
        const operation = getOperationAST(document, payload.operationName);
        if (operation === null || operation === undefined) {
          return withCode(
            [new GraphQLError("the document has no operation to run (or needs operationName)")],
            "OPERATION_RESOLUTION_FAILURE",
          );
        }
        const denied = checkOperationAccess(operation, user !== null);
        if (denied !== undefined) return [denied];
        // Variables of the wrong type (or missing) are refused before anything runs, as over HTTP.
        const variables = getVariableValues(
          schema,
          operation.variableDefinitions ?? [],
          payload.variables ?? {},
          { maxErrors: 20 },
        );
        if (variables.errors) return withCode(variables.errors, "BAD_USER_INPUT");
        // The caps, checked and counted with no await in between (so concurrent ones cannot all pass).
        const running = state.running ?? new Set<string>();
        state.running = running;
        if (running.size >= caps.maxSubscriptionsPerSocket) {
          return [
            toGraphQLError(
              new LimitExceededError(
                `at most ${caps.maxSubscriptionsPerSocket} operations per WebSocket: complete one first`,
                caps.maxSubscriptionsPerSocket,
                running.size,
              ),
            ),
          ];
        }
        if (user !== null && operationsByUser.get(user.id) >= caps.maxSubscriptionsPerUser) {
          return [
            toGraphQLError(
              new LimitExceededError(
                `at most ${caps.maxSubscriptionsPerUser} operations per user over all their WebSockets: complete one first`,
                caps.maxSubscriptionsPerUser,
                operationsByUser.get(user.id),
              ),
            ),
          ];
        }
        running.add(id);
        if (user !== null) operationsByUser.add(user.id, 1);
        return {
          schema,
          document,
          operationName: payload.operationName,
          variableValues: payload.variables,
          contextValue: createContext(app, { user, tokenHash: state.tokenHash ?? null, requestId, ip }),
        };
      },
      onNext(ctx, id, _payload, _args, result) {
        if (result.errors === undefined || result.errors.length === 0) return undefined;
        return { ...result, errors: formatErrors(app, requestIdOf(ctx.extra, id), result.errors) };
      },
      onError(ctx, id, _payload, errors) {
        return formatErrors(app, requestIdOf(ctx.extra, id), errors);
      },
      onComplete(ctx, id) {
        const state = stateOf(ctx.extra);
        state.requestIds?.delete(id);
        if (state.running?.delete(id) && state.user) operationsByUser.add(state.user.id, -1);
      },
      async onClose(ctx) {
        const state = stateOf(ctx.extra);
        // Operations still running when the socket closes no longer count.
        if (state.user && state.running) operationsByUser.add(state.user.id, -state.running.size);
        state.running?.clear();
        if (state.user) sockets.remove(state.user.id, ctx.extra.socket);
        const prepaid = state.prepaid;
        state.prepaid = undefined;
        if (prepaid === undefined) return;
        await prepaid;
        await app.rateLimits.refund("requests", clientKey(state.user?.id, state.ip ?? "unknown"));
      },
    },
    wsServer,
  );
  // The WebSocket server re-emits the HTTP server's errors, and graphql-ws prints any it gets to stderr
  // with a stack ("Internal error emitted on the WebSocket server") before closing every socket. A
  // failed listen (a busy port, a HOST that does not resolve) is one of them: startServer rejects with
  // it and src/main.ts reports it in one fatal line, so it is not printed again here. Errors of a
  // server that is listening still go to graphql-ws' handler. (Registered after useServer's listener.)
  const serverErrorHandlers = wsServer.listeners("error") as ((error: Error) => void)[];
  wsServer.removeAllListeners("error");
  wsServer.on("error", (error: Error) => {
    if (!options.httpServer.listening) return;
    const handlers = serverErrorHandlers.splice(0); // graphql-ws' handler runs once
    if (handlers.length === 0) app.logger.error({ err: error }, "WebSocket server error");
    for (const handler of handlers) handler.call(wsServer, error);
  });
  // A client's message over maxPayload: ws closes the socket with 1009 itself, then emits the error,
  // which graphql-ws prints to stderr with a stack ("Internal error emitted on a WebSocket socket")
  // as if the server had failed. It is the client's mistake: one info line in the log, nothing more.
  // Any other socket error still goes to graphql-ws' handler. (Registered after useServer's listener,
  // so its handler is there to take over.)
  wsServer.on("connection", (socket, request) => {
    const theirs = socket.listeners("error") as ((error: Error) => void)[];
    socket.removeAllListeners("error");
    socket.on("error", (error: Error & { code?: string }) => {
      if (error.code === "WS_ERR_UNSUPPORTED_MESSAGE_LENGTH") {
        const ip = clientIp(request, app.config.trustProxy);
        app.logger.info(
          { ip, maxPayload: app.config.bodyLimitBytes },
          "WebSocket message too big: closed (1009)",
        );
        return;
      }
      for (const listener of theirs) listener.call(socket, error);
    });
  });

  return {
    async close() {
      stopFollowing();
      await disposable.dispose();
      await new Promise<void>((resolve) => wsServer.close(() => resolve()));
    },
  };
}
