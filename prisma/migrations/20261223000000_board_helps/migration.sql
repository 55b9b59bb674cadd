-- The platform's help per player and board, up to disguise (the board's equivalence key): a player
-- who requested a Solve of a board, or was given a hint on it, or on a renamed, turned, mirrored or
-- swapped copy of it, before their first submission on it plays an unrated game.
-- Named after the latest migration so that it applies last everywhere.
-- CreateTable
CREATE TABLE "board_helps" (
    "user_id" INTEGER NOT NULL,
    "equivalence_key" VARCHAR(200) NOT NULL,
    "first_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "board_helps_pkey" PRIMARY KEY ("user_id","equivalence_key")
);

-- AddForeignKey
ALTER TABLE "board_helps" ADD CONSTRAINT "board_helps_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
