// Bearer tokens: `Authorization: Bearer <token>` over HTTP, `{ authorization: "Bearer <token>" }`
// in the WebSocket connection_init payload. No token: anonymous. A token that matches no user is
// refused (401 / socket closed), rather than silently treated as anonymous.
import type { App } from "../app.ts";
import type { PublicUser } from "../repositories/users.ts";

export type AuthResult =
  | { readonly ok: true; readonly user: PublicUser | null }
  | { readonly ok: false; readonly reason: string };

/** The token in an Authorization value; undefined when there is none, null when malformed. */
export function bearerToken(value: unknown): string | undefined | null {
  if (value === undefined || value === null || value === "") return undefined;
  if (typeof value !== "string") return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(value);
  return match === null ? null : match[1];
}

export async function authenticate(app: App, authorization: unknown): Promise<AuthResult> {
  const token = bearerToken(authorization);
  if (token === undefined) return { ok: true, user: null };
  if (token === null) return { ok: false, reason: "malformed Authorization: expected `Bearer <token>`" };
  const user = await app.services.accounts.authenticate(token);
  return user === null ? { ok: false, reason: "invalid API token" } : { ok: true, user };
}
