-- CreateIndex
CREATE INDEX "submissions_puzzle_id_length_user_id_idx" ON "submissions"("puzzle_id", "length", "user_id");
