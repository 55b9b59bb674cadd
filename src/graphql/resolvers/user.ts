// Accounts: sign-up, the current user, users by name.
import type { PublicUser } from "../../repositories/users.ts";
import type { GraphQLContext } from "../context.ts";
import { limitSignUp } from "../guards.ts";

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
  },
  User: {
    id: (user: PublicUser) => String(user.id),
  },
};
