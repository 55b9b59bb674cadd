-- AlterTable
-- Added nullable, back-filled with each user's first submission on the puzzle, then made NOT NULL.
ALTER TABLE "leaderboard_entries" ADD COLUMN     "first_submission_id" INTEGER;
UPDATE "leaderboard_entries" e
   SET "first_submission_id" = (SELECT min(s."id") FROM "submissions" s
                                 WHERE s."puzzle_id" = e."puzzle_id" AND s."user_id" = e."user_id");
ALTER TABLE "leaderboard_entries" ALTER COLUMN "first_submission_id" SET NOT NULL;

-- CreateTable
CREATE TABLE "player_ratings" (
    "user_id" INTEGER NOT NULL,
    "value" DOUBLE PRECISION NOT NULL,
    "deviation" DOUBLE PRECISION NOT NULL,
    "volatility" DOUBLE PRECISION NOT NULL,
    "games" INTEGER NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "player_ratings_pkey" PRIMARY KEY ("user_id")
);

-- CreateTable
CREATE TABLE "puzzle_stats" (
    "puzzle_id" INTEGER NOT NULL,
    "players" INTEGER NOT NULL DEFAULT 0,
    "rating" DOUBLE PRECISION NOT NULL DEFAULT 1500,
    "deviation" DOUBLE PRECISION NOT NULL DEFAULT 350,
    "volatility" DOUBLE PRECISION NOT NULL DEFAULT 0.06,
    "rated_games" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "puzzle_stats_pkey" PRIMARY KEY ("puzzle_id")
);

-- CreateTable
CREATE TABLE "rated_games" (
    "puzzle_id" INTEGER NOT NULL,
    "user_id" INTEGER NOT NULL,
    "submission_id" INTEGER NOT NULL,
    "length" INTEGER NOT NULL,
    "optimum" INTEGER NOT NULL,
    "score" DOUBLE PRECISION NOT NULL,
    "player_before" DOUBLE PRECISION NOT NULL,
    "player_after" DOUBLE PRECISION NOT NULL,
    "puzzle_before" DOUBLE PRECISION NOT NULL,
    "puzzle_after" DOUBLE PRECISION NOT NULL,
    "played_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "rated_games_pkey" PRIMARY KEY ("puzzle_id","user_id")
);

-- CreateIndex
CREATE INDEX "player_ratings_value_user_id_idx" ON "player_ratings"("value" DESC, "user_id");

-- CreateIndex
CREATE INDEX "puzzle_stats_players_puzzle_id_idx" ON "puzzle_stats"("players" DESC, "puzzle_id" DESC);

-- CreateIndex
CREATE INDEX "puzzle_stats_rating_puzzle_id_idx" ON "puzzle_stats"("rating" DESC, "puzzle_id" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "rated_games_submission_id_key" ON "rated_games"("submission_id");

-- CreateIndex
CREATE INDEX "rated_games_user_id_idx" ON "rated_games"("user_id");

-- AddForeignKey
ALTER TABLE "player_ratings" ADD CONSTRAINT "player_ratings_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "puzzle_stats" ADD CONSTRAINT "puzzle_stats_puzzle_id_fkey" FOREIGN KEY ("puzzle_id") REFERENCES "puzzles"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "rated_games" ADD CONSTRAINT "rated_games_puzzle_id_fkey" FOREIGN KEY ("puzzle_id") REFERENCES "puzzles"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "rated_games" ADD CONSTRAINT "rated_games_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "rated_games" ADD CONSTRAINT "rated_games_submission_id_fkey" FOREIGN KEY ("submission_id") REFERENCES "submissions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Backfill: one stats row per existing puzzle, with its players counted from the leaderboard.
INSERT INTO "puzzle_stats" ("puzzle_id", "players")
SELECT p."id", (SELECT count(*) FROM "leaderboard_entries" e WHERE e."puzzle_id" = p."id")::int
  FROM "puzzles" p;
