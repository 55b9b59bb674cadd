// The last Express handler: body-parser and other errors outside GraphQL are answered as
// GraphQL-shaped JSON, never as Express' HTML page: PAYLOAD_TOO_LARGE (413); BAD_REQUEST (400) for a
// body that is not JSON, and with its own status for any other error its thrower marked as the
// client's (an exposed 4xx, e.g. a gzip body that does not inflate); else a masked
// INTERNAL_SERVER_ERROR with the request id. A client that closed the connection before its body
// arrived is nobody's fault on this side: no answer (nobody reads it), a debug line, and the status
// 499 (nginx' "client closed request") for the access log and the metrics, not a 500.
import type { ErrorRequestHandler, RequestHandler } from "express";
import type { App } from "../../app.ts";
import { errorBody, serviceUnavailableResponse } from "../../graphql/errors.ts";
import { requestIdOf } from "./use-request-log.ts";

/** nginx' status for a request its client abandoned; never sent, only logged and counted. */
const CLIENT_CLOSED_REQUEST = 499;

/**
 * The status of an error its thrower exposed as the client's (http-errors' convention, which
 * body-parser follows: `expose: true` and a 4xx `status` or `statusCode`); undefined for any other.
 */
function clientErrorStatus(error: unknown): number | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  const { expose, status, statusCode } = error as {
    expose?: unknown;
    status?: unknown;
    statusCode?: unknown;
  };
  const code = typeof status === "number" ? status : statusCode;
  return expose === true && typeof code === "number" && Number.isInteger(code) && code >= 400 && code < 500
    ? code
    : undefined;
}

/** What a client is told of an exposed error: its message, on one line and short. */
function clientMessage(error: unknown): string {
  const raw = (error as { message?: unknown }).message;
  const message = typeof raw === "string" ? raw.replace(/\s+/g, " ").trim().slice(0, 200) : "";
  // zlib's words alone ("incorrect header check") do not say which part of the request is wrong.
  return isDecompressionError(error)
    ? `request body does not decode as its Content-Encoding says: ${message || "cannot inflate"}`
    : message || "bad request";
}

/** zlib's (gzip, deflate) and brotli's errors, as body-parser passes them on. */
function isDecompressionError(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" && /^(Z_|ERR__ERROR_FORMAT|ERR_BROTLI)/.test(code);
}

/** The longest path a NOT_FOUND message repeats; a longer one is cut with "…". */
const PATH_IN_MESSAGE = 120;

/**
 * After every route: a request for a path nothing serves (POST /nope, PUT /graphqlx, a script's
 * GET of a missing file; a browser's GET gets the page, use-web-page.ts) is answered 404 with the
 * API's error shape and the code NOT_FOUND, not Express' bare HTML "Cannot POST /nope".
 */
export function useJsonNotFound(): RequestHandler {
  return (req, res) => {
    const path = req.path.length > PATH_IN_MESSAGE ? `${req.path.slice(0, PATH_IN_MESSAGE)}…` : req.path;
    res
      .status(404)
      .json(
        errorBody(`no such path: ${req.method} ${path} (the API is POST /graphql)`, { code: "NOT_FOUND" }),
      );
  };
}

export function useJsonErrors(app: App): ErrorRequestHandler {
  return (error, req, res, _next) => {
    const type = (error as { type?: string }).type;
    // Postgres away while the token was checked: 503 SERVICE_UNAVAILABLE, as in GraphQL.
    const unavailable = serviceUnavailableResponse(error);
    const clientStatus = clientErrorStatus(error);
    if (type === "request.aborted" || req.readableAborted) {
      res.statusCode = CLIENT_CLOSED_REQUEST;
      app.logger.debug({ reqId: requestIdOf(req) }, "client closed the request before its body arrived");
    } else if (unavailable !== undefined) {
      res.setHeader("Retry-After", String(unavailable.retryAfter));
      res.status(unavailable.status).json(unavailable.body);
    } else if (type === "entity.too.large") {
      res.status(413).json(
        errorBody(`request body larger than ${app.config.bodyLimitBytes} bytes`, {
          code: "PAYLOAD_TOO_LARGE",
        }),
      );
    } else if (type === "entity.parse.failed") {
      res.status(400).json(errorBody("request body is not valid JSON", { code: "BAD_REQUEST" }));
    } else if (type === "encoding.unsupported" || type === "charset.unsupported") {
      // body-parser's words name what is not supported: 'unsupported content encoding "zstd"'.
      res.status(400).json(errorBody(clientMessage(error), { code: "BAD_REQUEST" }));
    } else if (clientStatus !== undefined) {
      // Any other error marked as the client's (an exposed 4xx): a compressed body that does not
      // inflate, a body shorter than its Content-Length, a path that does not decode... Its status
      // and its message, which its thrower marked as fit for clients; nothing logged above debug.
      app.logger.debug({ err: error, reqId: requestIdOf(req) }, "client error before GraphQL");
      res.status(clientStatus).json(
        errorBody(clientMessage(error), {
          code: clientStatus === 413 ? "PAYLOAD_TOO_LARGE" : "BAD_REQUEST",
        }),
      );
    } else {
      const requestId = requestIdOf(req);
      app.logger.error({ err: error, reqId: requestId }, "unexpected error before GraphQL");
      res.status(500).json(errorBody("internal server error", { code: "INTERNAL_SERVER_ERROR", requestId }));
    }
  };
}
