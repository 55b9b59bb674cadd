-- Hints given, per player and board (canonical key): a player who was given a hint on a board before
-- their first submission on a puzzle of it plays an unrated game, as one who requested a Solve does.
-- Named after the latest migration so that it applies last everywhere.
-- CreateTable
CREATE TABLE "hint_uses" (
    "user_id" INTEGER NOT NULL,
    "canonical_key" VARCHAR(200) NOT NULL,
    "first_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "hint_uses_pkey" PRIMARY KEY ("user_id","canonical_key")
);

-- AddForeignKey
ALTER TABLE "hint_uses" ADD CONSTRAINT "hint_uses_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
