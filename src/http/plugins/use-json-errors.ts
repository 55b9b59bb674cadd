// The last Express handler: body-parser and other errors outside GraphQL are answered as
// GraphQL-shaped JSON (PAYLOAD_TOO_LARGE, BAD_REQUEST, else a masked INTERNAL_SERVER_ERROR with the
// request id), never as Express' HTML page.
import type { ErrorRequestHandler } from "express";
import type { App } from "../../app.ts";
import { errorBody } from "../../graphql/errors.ts";
import { requestIdOf } from "./use-request-log.ts";

export function useJsonErrors(app: App): ErrorRequestHandler {
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
