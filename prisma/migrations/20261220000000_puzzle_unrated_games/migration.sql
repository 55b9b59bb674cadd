-- Unrated games (a player who asked the platform for a Solve of the board before their first
-- submission) were counted in puzzle_stats.rated_games, so a puzzle whose only games were unrated
-- showed a rating of 1500 with games > 0. They get a counter of their own: rated_games counts
-- games that moved the ratings, and a game is pending while players > rated_games + unrated_games.
ALTER TABLE "puzzle_stats" ADD COLUMN "unrated_games" INTEGER NOT NULL DEFAULT 0;

UPDATE "puzzle_stats" s
   SET "unrated_games" = u.n, "rated_games" = s."rated_games" - u.n
  FROM (SELECT "puzzle_id", count(*)::int AS n FROM "rated_games" WHERE "unrated" GROUP BY "puzzle_id") u
 WHERE u."puzzle_id" = s."puzzle_id";
