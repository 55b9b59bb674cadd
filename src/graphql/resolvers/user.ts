// Accounts: sign-up, the current user, users by name, rotating and revoking tokens.
import { UnauthenticatedError } from "../../errors/index.ts";
import type { PublicUser } from "../../repositories/users.ts";
import { TOKEN_REPLACED } from "../../services/accounts.ts";
import type { GraphQLContext } from "../context.ts";
import { toGraphQLError } from "../errors.ts";
import { limitSignUp, requireUser } from "../guards.ts";

export const userResolvers = {
  Query: {
    me: (_: unknown, __: unknown, ctx: GraphQLContext) => ctx.user,
    user: (_: unknown, args: { name: string }, ctx: GraphQLContext) =>
      ctx.services.accounts.findByName(args.name),
  },
  Mutation: {
    async signUp(_: unknown, args: { name: string }, ctx: GraphQLContext) {
      await limitSignUp(ctx);
      return ctx.services.accounts.signUp(args.name);
    },
    // Both act on the request's own token, if it is still the account's: of concurrent calls with one
    // token, one wins and the others get UNAUTHENTICATED (401), as a request sent a moment later with
    // the dead token does.
    async rotateToken(_: unknown, __: unknown, ctx: GraphQLContext) {
      const [user, tokenHash] = requireToken(ctx);
      const token = await ctx.services.accounts.rotateToken(user, tokenHash);
      if (token === null) throw toGraphQLError(new UnauthenticatedError(TOKEN_REPLACED));
      return { user, token };
    },
    async revokeToken(_: unknown, __: unknown, ctx: GraphQLContext) {
      const [user, tokenHash] = requireToken(ctx);
      if (!(await ctx.services.accounts.revokeToken(user, tokenHash))) {
        throw toGraphQLError(new UnauthenticatedError(TOKEN_REPLACED));
      }
      return user;
    },
  },
  User: {
    id: (user: PublicUser) => String(user.id),
  },
};

/** The user and the hash of the token they authenticated with; UNAUTHENTICATED without a token. */
function requireToken(ctx: GraphQLContext): [PublicUser, string] {
  const user = requireUser(ctx);
  if (ctx.tokenHash === null) throw toGraphQLError(new UnauthenticatedError());
  return [user, ctx.tokenHash];
}
