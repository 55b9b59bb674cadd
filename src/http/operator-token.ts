// Endpoints for operators, not players (metrics, the queue dashboard): guarded by a fixed token from
// the configuration, sent as `Authorization: Bearer <token>`. Compared in constant time (digests of
// equal length), so the answer's timing says nothing about how much of a guess was right.
import { createHash, timingSafeEqual } from "node:crypto";
import type { RequestHandler } from "express";
import { errorBody } from "../graphql/errors.ts";
import { bearerToken } from "./auth.ts";

const digest = (text: string) => createHash("sha256").update(text).digest();

/** True when the Authorization value carries exactly `expected`. */
function hasOperatorToken(authorization: unknown, expected: string): boolean {
  const token = bearerToken(authorization);
  return typeof token === "string" && timingSafeEqual(digest(token), digest(expected));
}

/** 401 UNAUTHENTICATED (with a Bearer challenge) unless the request carries `expected`. */
export function requireOperatorToken(expected: string, realm: string): RequestHandler {
  return (req, res, next) => {
    if (hasOperatorToken(req.headers.authorization, expected)) {
      next();
      return;
    }
    res.setHeader("WWW-Authenticate", `Bearer realm="${realm}"`);
    res.status(401).json(errorBody(`${realm} needs its operator token`, { code: "UNAUTHENTICATED" }));
  };
}
