// Each user's open WebSockets, so that revoking a user's token closes them at once (graphql-ws
// checks the token only at connection_init). Plus the close codes of the WebSocket auth step.
import type { WebSocket } from "ws";
import type { DomainError } from "../errors/index.ts";
import { toGraphQLError } from "../graphql/errors.ts";

/** The socket's token was revoked or rotated (HTTP's 401, in graphql-ws' 4xxx range). */
export const CLOSE_TOKEN_REVOKED = 4401;
/** Too many failed authentications from this IP (HTTP's 429). */
export const CLOSE_RATE_LIMITED = 4429;
/**
 * The token could not be checked because Postgres is away (HTTP's 503, SERVICE_UNAVAILABLE). Not
 * one of graphql-ws' fatal codes (4500 is): its clients reconnect by themselves.
 */
export const CLOSE_SERVICE_UNAVAILABLE = 4503;

/** The GraphQL code of a domain error (as src/graphql/errors.ts maps it), for a close reason. */
export function codeOf(error: DomainError): string {
  return String(toGraphQLError(error).extensions.code);
}

export class UserSockets {
  /** Each user's sockets, with the hash of the token each authenticated with. */
  private readonly byUser = new Map<number, Map<WebSocket, string>>();

  add(userId: number, socket: WebSocket, tokenHash: string): void {
    let sockets = this.byUser.get(userId);
    if (sockets === undefined) {
      sockets = new Map();
      this.byUser.set(userId, sockets);
    }
    sockets.set(socket, tokenHash);
  }

  remove(userId: number, socket: WebSocket): void {
    const sockets = this.byUser.get(userId);
    if (sockets === undefined) return;
    sockets.delete(socket);
    if (sockets.size === 0) this.byUser.delete(userId);
  }

  /**
   * Closes the user's sockets authenticated with any token but `currentTokenHash` (all of them when
   * null): a socket opened with a rotation's new token, even a moment before the news of the rotation
   * arrives, stays open.
   */
  closeStale(userId: number, currentTokenHash: string | null, code: number, reason: string): void {
    const sockets = this.byUser.get(userId);
    if (sockets === undefined) return;
    for (const [socket, tokenHash] of sockets) {
      if (tokenHash === currentTokenHash) continue;
      sockets.delete(socket);
      socket.close(code, reason);
    }
    if (sockets.size === 0) this.byUser.delete(userId);
  }
}
