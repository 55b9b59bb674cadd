// Before GraphQL over HTTP: resolves the bearer token (401 UNAUTHENTICATED for a bad one), then
// charges the client's request budget, per user with a token, else per IP (429 RATE_LIMITED).
import type { RequestHandler, Response } from "express";
import type { App } from "../../app.ts";
import { RateLimitedError } from "../../errors/index.ts";
import { domainErrorResponse } from "../../graphql/errors.ts";
import type { PublicUser } from "../../repositories/users.ts";
import { authenticate } from "../auth.ts";
import { clientKey } from "../rate-limit.ts";

/** What this step leaves for the GraphQL context. */
interface AuthLocals {
  user?: PublicUser | null;
  tokenHash?: string | null;
}

/** The request's user as useAuthRateLimit found it; null when anonymous. */
export function userOf(res: Response): PublicUser | null {
  return (res.locals as AuthLocals).user ?? null;
}

/** The hash of the token that authenticated the request; null when anonymous. */
export function tokenHashOf(res: Response): string | null {
  return (res.locals as AuthLocals).tokenHash ?? null;
}

export function useAuthRateLimit(app: App): RequestHandler {
  return async (req, res, next) => {
    try {
      const auth = await authenticate(app, req.headers.authorization, req.ip ?? "unknown");
      if (!auth.ok) {
        if (auth.error instanceof RateLimitedError)
          res.setHeader("Retry-After", String(auth.error.retryAfter));
        const { status, body } = domainErrorResponse(auth.error);
        res.status(status).json(body);
        return;
      }
      (res.locals as AuthLocals).user = auth.user;
      (res.locals as AuthLocals).tokenHash = auth.tokenHash;
      const decision = await app.rateLimits.consume(
        "requests",
        clientKey(auth.user?.id, req.ip ?? "unknown"),
      );
      if (!decision.allowed) {
        res.setHeader("Retry-After", String(decision.retryAfter));
        const { status, body } = domainErrorResponse(new RateLimitedError(decision.retryAfter));
        res.status(status).json(body);
        return;
      }
      next();
    } catch (error) {
      next(error);
    }
  };
}
