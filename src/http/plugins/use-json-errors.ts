// The last Express handler: body-parser and other errors outside GraphQL are answered as
// GraphQL-shaped JSON (PAYLOAD_TOO_LARGE, BAD_REQUEST, else a masked INTERNAL_SERVER_ERROR with the
// request id), never as Express' HTML page. A client that closed the connection before its body
// arrived is nobody's fault on this side: no answer (nobody reads it), a debug line, and the status
// 499 (nginx' "client closed request") for the access log and the metrics, not a 500.
import type { ErrorRequestHandler } from "express";
import type { App } from "../../app.ts";
import { errorBody, serviceUnavailableResponse } from "../../graphql/errors.ts";
import { requestIdOf } from "./use-request-log.ts";

/** nginx' status for a request its client abandoned; never sent, only logged and counted. */
const CLIENT_CLOSED_REQUEST = 499;

export function useJsonErrors(app: App): ErrorRequestHandler {
  return (error, req, res, _next) => {
    const type = (error as { type?: string }).type;
    // Postgres away while the token was checked: 503 SERVICE_UNAVAILABLE, as in GraphQL.
    const unavailable = serviceUnavailableResponse(error);
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
