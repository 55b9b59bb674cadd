-- CreateTable
CREATE TABLE "leaderboard_entries" (
    "puzzle_id" INTEGER NOT NULL,
    "user_id" INTEGER NOT NULL,
    "submission_id" INTEGER NOT NULL,
    "length" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "leaderboard_entries_pkey" PRIMARY KEY ("puzzle_id","user_id")
);

-- CreateIndex
CREATE UNIQUE INDEX "leaderboard_entries_submission_id_key" ON "leaderboard_entries"("submission_id");

-- CreateIndex
CREATE INDEX "leaderboard_entries_puzzle_id_length_created_at_user_id_idx" ON "leaderboard_entries"("puzzle_id", "length", "created_at", "user_id");

-- CreateIndex
CREATE INDEX "leaderboard_entries_user_id_idx" ON "leaderboard_entries"("user_id");

-- AddForeignKey
ALTER TABLE "leaderboard_entries" ADD CONSTRAINT "leaderboard_entries_puzzle_id_fkey" FOREIGN KEY ("puzzle_id") REFERENCES "puzzles"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "leaderboard_entries" ADD CONSTRAINT "leaderboard_entries_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "leaderboard_entries" ADD CONSTRAINT "leaderboard_entries_submission_id_fkey" FOREIGN KEY ("submission_id") REFERENCES "submissions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Backfill: each user's best existing submission per puzzle (shortest, then earliest).
INSERT INTO "leaderboard_entries" ("puzzle_id", "user_id", "submission_id", "length", "created_at")
SELECT DISTINCT ON ("puzzle_id", "user_id") "puzzle_id", "user_id", "id", "length", "created_at"
  FROM "submissions"
 ORDER BY "puzzle_id", "user_id", "length", "created_at", "id";
