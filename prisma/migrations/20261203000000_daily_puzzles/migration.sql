-- CreateEnum
CREATE TYPE "DailyCategory" AS ENUM ('SLIDING_3X3', 'SLIDING_4X4', 'ROTATION');

-- AlterTable
ALTER TABLE "rated_games" ADD COLUMN     "unrated" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "daily_puzzles" (
    "date" DATE NOT NULL,
    "category" "DailyCategory" NOT NULL,
    "puzzle_id" INTEGER NOT NULL,
    "canonical_key" VARCHAR(200) NOT NULL,
    "optimal_length" INTEGER,
    "published_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "daily_puzzles_pkey" PRIMARY KEY ("date","category")
);

-- CreateIndex
CREATE UNIQUE INDEX "daily_puzzles_puzzle_id_key" ON "daily_puzzles"("puzzle_id");

-- CreateIndex
CREATE INDEX "daily_puzzles_category_date_idx" ON "daily_puzzles"("category", "date" DESC);

-- CreateIndex
CREATE INDEX "daily_puzzles_canonical_key_date_idx" ON "daily_puzzles"("canonical_key", "date");

-- AddForeignKey
ALTER TABLE "daily_puzzles" ADD CONSTRAINT "daily_puzzles_puzzle_id_fkey" FOREIGN KEY ("puzzle_id") REFERENCES "puzzles"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The owner of the daily puzzles. Its name has a space, which user names may not contain, so no
-- account can take it; its token hash is not hexadecimal, so no token can ever match it.
INSERT INTO "users" ("name", "token_hash") VALUES ('daily puzzle', repeat('x', 64))
ON CONFLICT DO NOTHING;
