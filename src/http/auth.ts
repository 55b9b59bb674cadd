// Bearer tokens: `Authorization: Bearer <token>` over HTTP, `{ "Authorization": "Bearer <token>" }`
// (the key in any case) in the WebSocket connection_init payload. No token: anonymous. A token that matches no user is
// refused (401 / socket closed), rather than silently treated as anonymous.
// Failed authentications cost a Postgres lookup each, so they are limited per IP: once an IP has
// spent its budget (RATE_LIMIT_AUTH_FAILURES per window), its tokens are refused with RATE_LIMITED
// before Postgres is asked, except tokens this process already knows to be valid (no lookup needed).
// Each lookup takes its point first and gets it back when the token is valid, so concurrent bad
// tokens cannot all pass together.
import type { App } from "../app.ts";
import { type DomainError, RateLimitedError, UnauthenticatedError } from "../errors/index.ts";
import type { PublicUser } from "../repositories/users.ts";
import { hashToken } from "../services/accounts.ts";

export type AuthResult =
  | {
      readonly ok: true;
      readonly user: PublicUser | null;
      /** The hash of the token that authenticated `user` (what rotateToken and revokeToken replace). */
      readonly tokenHash: string | null;
    }
  | { readonly ok: false; readonly error: DomainError };

/** The token in an Authorization value; undefined when there is none, null when malformed. */
export function bearerToken(value: unknown): string | undefined | null {
  if (value === undefined || value === null || value === "") return undefined;
  if (typeof value !== "string") return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(value);
  return match === null ? null : match[1];
}

function failed(message: string): AuthResult {
  return { ok: false, error: new UnauthenticatedError(message) };
}

/** The user of the Authorization value sent from `ip`. */
export async function authenticate(app: App, authorization: unknown, ip: string): Promise<AuthResult> {
  const token = bearerToken(authorization);
  if (token === undefined) return { ok: true, user: null, tokenHash: null };
  const accounts = app.services.accounts;
  const tokenHash = token === null ? null : hashToken(token);
  const known = token === null ? undefined : accounts.cachedUser(token);
  if (known !== undefined) return { ok: true, user: known, tokenHash };
  // A lookup takes its point before it runs (atomically, in Redis) and gives it back if the token was
  // valid: a lookup in flight counts as a failure until it succeeds. Checking the budget first and
  // counting the failure afterwards let a burst of bad tokens sent at once all pass the check and all
  // reach Postgres, however small the budget.
  const key = `ip:${ip}`;
  const budget = await app.rateLimits.consume("authFailures", key);
  if (!budget.allowed) {
    return { ok: false, error: new RateLimitedError(budget.retryAfter, "failed authentications") };
  }
  let user: PublicUser | null;
  try {
    user = token === null ? null : await accounts.authenticate(token);
  } catch (error) {
    void app.rateLimits.refund("authFailures", key); // not a failed authentication (Postgres away)
    throw error;
  }
  if (user !== null) {
    void app.rateLimits.refund("authFailures", key);
    return { ok: true, user, tokenHash };
  }
  return failed(token === null ? "malformed Authorization: expected `Bearer <token>`" : "invalid API token");
}
