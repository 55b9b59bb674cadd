// The per-operation context: who is asking, from where, the services, fresh DataLoaders and a
// logger carrying the request id. Built the same way for HTTP requests and WebSocket operations.
import type { App, Services } from "../app.ts";
import type { Logger } from "../logger.ts";
import type { PublicUser } from "../repositories/users.ts";
import { forgetCompetitionLoaders } from "../services/competition-loaders.ts";
import { forgetLeaderboardLoaders } from "../services/leaderboard-loaders.ts";
import { createLoaders, type Loaders } from "./loaders.ts";

export interface GraphQLContext {
  readonly app: App;
  readonly services: Services;
  /** The token's user; null for anonymous requests. */
  readonly user: PublicUser | null;
  /** The hash of the token that authenticated `user` (rotateToken and revokeToken replace it); null when anonymous. */
  readonly tokenHash: string | null;
  readonly requestId: string;
  /** The client's IP (behind a proxy only with TRUST_PROXY=true). */
  readonly ip: string;
  readonly loaders: Loaders;
  readonly logger: Logger;
}

export interface ContextInput {
  readonly user: PublicUser | null;
  readonly tokenHash: string | null;
  readonly requestId: string;
  readonly ip: string;
  readonly logger?: Logger;
}

export function createContext(app: App, input: ContextInput): GraphQLContext {
  return {
    app,
    services: app.services,
    user: input.user,
    tokenHash: input.tokenHash,
    requestId: input.requestId,
    ip: input.ip,
    loaders: createLoaders(app),
    logger: input.logger ?? app.logger.child({ reqId: input.requestId }),
  };
}

/**
 * Drops the context's cached reads (its DataLoaders' caches). A subscription keeps one context for its
 * whole life, so each event's resolver calls this first: the event's fields are then read as of the
 * event (before, a subscriber's `puzzle { optimalLength }` stayed null on the very event announcing the
 * optimum, and `user { stats }` kept its first values).
 */
export function forgetCachedReads(ctx: GraphQLContext): void {
  for (const loader of Object.values(ctx.loaders)) loader.clearAll();
  forgetLeaderboardLoaders(ctx);
  forgetCompetitionLoaders(ctx);
}
