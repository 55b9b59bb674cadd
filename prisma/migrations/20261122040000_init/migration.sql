-- CreateEnum
CREATE TYPE "PuzzleKind" AS ENUM ('SLIDING', 'ROTATION');

-- CreateEnum
CREATE TYPE "SolveStatus" AS ENUM ('QUEUED', 'RUNNING', 'SOLVED', 'UNSOLVABLE', 'CANCELLED', 'TIMED_OUT', 'FAILED');

-- CreateEnum
CREATE TYPE "SolveAlgorithm" AS ENUM ('AUTO', 'BFS_TABLE', 'ASTAR', 'IDA_STAR');

-- CreateTable
CREATE TABLE "users" (
    "id" SERIAL NOT NULL,
    "name" VARCHAR(32) NOT NULL,
    "token_hash" CHAR(64) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "users_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "puzzles" (
    "id" SERIAL NOT NULL,
    "owner_id" INTEGER NOT NULL,
    "kind" "PuzzleKind" NOT NULL,
    "rows" INTEGER,
    "cols" INTEGER,
    "start" INTEGER[],
    "goal" INTEGER[],
    "title" VARCHAR(200),
    "canonical_key" VARCHAR(200) NOT NULL,
    "solvable" BOOLEAN NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "puzzles_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "solves" (
    "id" SERIAL NOT NULL,
    "puzzle_id" INTEGER NOT NULL,
    "requested_by_id" INTEGER,
    "canonical_key" VARCHAR(200) NOT NULL,
    "algorithm" "SolveAlgorithm" NOT NULL DEFAULT 'AUTO',
    "heuristic" VARCHAR(32) NOT NULL DEFAULT 'AUTO',
    "time_limit_seconds" INTEGER NOT NULL DEFAULT 60,
    "status" "SolveStatus" NOT NULL DEFAULT 'QUEUED',
    "job_id" VARCHAR(120),
    "cached" BOOLEAN NOT NULL DEFAULT false,
    "moves" TEXT,
    "length" INTEGER,
    "optimal" BOOLEAN,
    "lower_bound" INTEGER,
    "nodes_expanded" BIGINT,
    "duration_ms" INTEGER,
    "algorithm_used" VARCHAR(32),
    "heuristic_used" VARCHAR(64),
    "error" TEXT,
    "queued_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "started_at" TIMESTAMPTZ(3),
    "finished_at" TIMESTAMPTZ(3),

    CONSTRAINT "solves_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "submissions" (
    "id" SERIAL NOT NULL,
    "puzzle_id" INTEGER NOT NULL,
    "user_id" INTEGER NOT NULL,
    "moves" TEXT NOT NULL,
    "length" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "submissions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "users_name_key" ON "users"("name");

-- CreateIndex
CREATE UNIQUE INDEX "users_token_hash_key" ON "users"("token_hash");

-- CreateIndex
CREATE INDEX "puzzles_canonical_key_idx" ON "puzzles"("canonical_key");

-- CreateIndex
CREATE INDEX "puzzles_kind_id_idx" ON "puzzles"("kind", "id");

-- CreateIndex
CREATE INDEX "puzzles_owner_id_id_idx" ON "puzzles"("owner_id", "id");

-- CreateIndex
CREATE INDEX "solves_puzzle_id_id_idx" ON "solves"("puzzle_id", "id");

-- CreateIndex
CREATE INDEX "solves_requested_by_id_id_idx" ON "solves"("requested_by_id", "id");

-- CreateIndex
CREATE INDEX "solves_canonical_key_status_idx" ON "solves"("canonical_key", "status");

-- CreateIndex
CREATE INDEX "solves_job_id_idx" ON "solves"("job_id");

-- CreateIndex
CREATE INDEX "solves_status_id_idx" ON "solves"("status", "id");

-- CreateIndex
CREATE INDEX "submissions_puzzle_id_user_id_length_created_at_idx" ON "submissions"("puzzle_id", "user_id", "length", "created_at");

-- CreateIndex
CREATE INDEX "submissions_user_id_id_idx" ON "submissions"("user_id", "id");

-- AddForeignKey
ALTER TABLE "puzzles" ADD CONSTRAINT "puzzles_owner_id_fkey" FOREIGN KEY ("owner_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "solves" ADD CONSTRAINT "solves_puzzle_id_fkey" FOREIGN KEY ("puzzle_id") REFERENCES "puzzles"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "solves" ADD CONSTRAINT "solves_requested_by_id_fkey" FOREIGN KEY ("requested_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_puzzle_id_fkey" FOREIGN KEY ("puzzle_id") REFERENCES "puzzles"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
