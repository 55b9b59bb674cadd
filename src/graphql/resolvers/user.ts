// Accounts: sign-up, the current user, users by name, rotating and revoking tokens.
import { NotFoundError } from "../../errors/index.ts";
import type { PublicUser } from "../../repositories/users.ts";
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
    async rotateToken(_: unknown, __: unknown, ctx: GraphQLContext) {
      const user = requireUser(ctx);
      const token = await ctx.services.accounts.rotateToken(user);
      if (token === null) throw toGraphQLError(new NotFoundError("the account no longer exists"));
      return { user, token };
    },
    async revokeToken(_: unknown, __: unknown, ctx: GraphQLContext) {
      const user = requireUser(ctx);
      if (!(await ctx.services.accounts.revokeToken(user))) {
        throw toGraphQLError(new NotFoundError("the account no longer exists"));
      }
      return user;
    },
  },
  User: {
    id: (user: PublicUser) => String(user.id),
  },
};
