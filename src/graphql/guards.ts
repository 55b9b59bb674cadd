// Checks resolvers call before doing anything: who the user is, and whether they may start more work.
import type { PublicUser } from "../repositories/users.ts";
import type { RateLimitKind } from "../http/rate-limit.ts";
import type { GraphQLContext } from "./context.ts";
import { RateLimitedError, UnauthenticatedError } from "../errors/index.ts";
import { toGraphQLError } from "./errors.ts";

// These throw the mapped GraphQLError rather than the domain error: Apollo takes the HTTP status
// (401, 429) from a resolver error's extensions before formatError runs.

/** The authenticated user; UNAUTHENTICATED without a token. */
export function requireUser(ctx: GraphQLContext): PublicUser {
  if (ctx.user === null) throw toGraphQLError(new UnauthenticatedError());
  return ctx.user;
}

async function enforce(ctx: GraphQLContext, kind: RateLimitKind, key: string, what: string): Promise<void> {
  const decision = await ctx.app.rateLimits.consume(kind, key);
  if (!decision.allowed) throw toGraphQLError(new RateLimitedError(decision.retryAfter, what));
}

/**
 * For operations that create work (createPuzzle, requestSolve, hint...): takes one point of
 * the user's work budget (RATE_LIMIT_WORK per RATE_LIMIT_WORK_WINDOW_SECONDS), else RATE_LIMITED.
 * Returns the user, so a resolver starts with `const user = await limitWork(ctx)`.
 */
export async function limitWork(ctx: GraphQLContext): Promise<PublicUser> {
  const user = requireUser(ctx);
  await enforce(ctx, "work", `user:${user.id}`, "operations that create work");
  return user;
}

/** signUp's budget, per IP. */
export function limitSignUp(ctx: GraphQLContext): Promise<void> {
  return enforce(ctx, "signUps", `ip:${ctx.ip}`, "sign-ups from this address");
}
