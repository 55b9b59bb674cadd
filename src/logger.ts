// Structured logs (pino, JSON lines on stdout). Every process makes one root logger; requests and
// jobs log through children carrying their ids (`reqId`, `jobId`).
import { pino, type Logger } from "pino";
import type { Config } from "./config.ts";

export type { Logger };

export function createLogger(config: Pick<Config, "logLevel">, name = "api"): Logger {
  return pino({
    name,
    level: config.logLevel,
    // Tokens must never reach the logs, whatever a caller passes in.
    redact: { paths: ["req.headers.authorization", "authorization", "token"], censor: "[redacted]" },
  });
}
