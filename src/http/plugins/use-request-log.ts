// Request ids and access logs (pino-http): each request gets the client's X-Request-Id when it is a
// sane token, else a fresh UUID, echoed in the response and carried by every log line of the request.
import { randomUUID } from "node:crypto";
import type { Request, RequestHandler } from "express";
import { pinoHttp } from "pino-http";
import type { App } from "../../app.ts";

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** The id useRequestLog gave the request. */
export function requestIdOf(req: Request): string {
  return String((req as { id?: unknown }).id ?? "unknown");
}

export function useRequestLog(app: App): RequestHandler {
  return pinoHttp({
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
  });
}
