// Every domain's resolvers, merged by makeExecutableSchema. To add a domain: import its resolver
// map and append it to the list (its SDL goes in ../schema/<domain>.graphql).
import { baseResolvers } from "./base.ts";
import { competitionResolvers } from "./competition.ts";
import { leaderboardResolvers } from "./leaderboard.ts";
import { puzzleResolvers } from "./puzzle.ts";
import { solveResolvers } from "./solve.ts";
import { userResolvers } from "./user.ts";

export const resolvers = [
  baseResolvers,
  userResolvers,
  puzzleResolvers,
  solveResolvers,
  leaderboardResolvers,
  competitionResolvers,
];
