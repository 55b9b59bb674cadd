// Bearer tokens: `Authorization: Bearer <token>` over HTTP, `{ "Authorization": "Bearer <token>" }`
// (the key in any case) in the WebSocket connection_init payload. No token: anonymous. A token that matches no user is
// refused (401 / socket closed), rather than silently treated as anonymous.
// Failed authentications cost a Postgres lookup each, so they are limited per IP: once an IP has
// spent its budget (RATE_LIMIT_AUTH_FAILURES per window), its tokens are refused with RATE_LIMITED
// before Postgres is asked, except tokens this process already knows to be valid (no lookup needed).
import type { App } from "../app.ts";
import { type DomainError, RateLimitedError, UnauthenticatedError } from "../errors/index.ts";
import type { PublicUser } from "../repositories/users.ts";

export type AuthResult =
  | { readonly ok: true; readonly user: PublicUser | null }
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
  if (token === undefined) return { ok: true, user: null };
  const accounts = app.services.accounts;
  const known = token === null ? undefined : accounts.cachedUser(token);
  if (known !== undefined) return { ok: true, user: known };
  const key = `ip:${ip}`;
  const budget = await app.rateLimits.check("authFailures", key);
  if (!budget.allowed) {
    return { ok: false, error: new RateLimitedError(budget.retryAfter, "failed authentications") };
  }
  const user = token === null ? null : await accounts.authenticate(token);
  if (user !== null) return { ok: true, user };
  await app.rateLimits.consume("authFailures", key);
  return failed(token === null ? "malformed Authorization: expected `Bearer <token>`" : "invalid API token");
}
