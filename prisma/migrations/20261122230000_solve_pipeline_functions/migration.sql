-- The two writes of the solving pipeline that decide under the canonical key's advisory lock, each
-- as one function: one round trip instead of a transaction of several (BEGIN, the lock, the
-- statement, COMMIT). Called outside any explicit transaction, a function runs in the calling
-- statement's own transaction, so its advisory locks are held until that statement commits. Under
-- READ COMMITTED a VOLATILE PL/pgSQL function takes a fresh snapshot for each statement it runs: the
-- statements after the lock see everything the lock's previous holder committed.
-- (Prisma's data model does not describe functions; the drift test compares tables, not these.)

-- requestSolve for a search (src/repositories/solve-repository.ts, createQueued): under the canonical
-- key's lock (then the requester's, always in that order), answer from an optimal result of the same
-- canonical key, else follow an identical search still QUEUED or RUNNING, else take the new job id;
-- refuse (no row) when the requester already has p_max_open open Solves. `solve` is the row inserted
-- (null when refused); callers expand it with (r."solve").*.
CREATE FUNCTION "solve_create_queued"(
    "p_puzzle_id" INTEGER,
    "p_requested_by_id" INTEGER,
    "p_canonical_key" VARCHAR,
    "p_algorithm" "SolveAlgorithm",
    "p_heuristic" VARCHAR,
    "p_time_limit_seconds" INTEGER,
    "p_job_id" VARCHAR,
    "p_max_open" INTEGER
) RETURNS TABLE ("is_cached" BOOLEAN, "open_before" INTEGER, "running_job" VARCHAR, "solve" "solves")
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
    "known" "solves";
BEGIN
    PERFORM pg_advisory_xact_lock(hashtextextended("p_canonical_key", 0));
    IF "p_requested_by_id" IS NOT NULL THEN
        PERFORM pg_advisory_xact_lock(hashtextextended('open-solves:' || "p_requested_by_id", 0));
    END IF;
    "open_before" := 0;
    SELECT * INTO "known" FROM "solves" AS s
     WHERE s."canonical_key" = "p_canonical_key" AND s."status" = 'SOLVED' AND s."optimal" = true
     ORDER BY s."id" DESC LIMIT 1;
    "is_cached" := FOUND;
    IF "is_cached" THEN
        INSERT INTO "solves" ("puzzle_id", "requested_by_id", "canonical_key", "algorithm", "heuristic",
            "time_limit_seconds", "status", "job_id", "cached", "moves", "length", "optimal", "lower_bound",
            "nodes_expanded", "duration_ms", "algorithm_used", "heuristic_used", "error", "queued_at", "started_at", "finished_at")
        VALUES ("p_puzzle_id", "p_requested_by_id", "p_canonical_key", "p_algorithm", "p_heuristic",
            "p_time_limit_seconds", "known"."status", NULL, true, "known"."moves", "known"."length", "known"."optimal",
            "known"."lower_bound", 0, 0, "known"."algorithm_used", "known"."heuristic_used", "known"."error", now(), now(), now())
        RETURNING * INTO "solve";
        RETURN NEXT;
        RETURN;
    END IF;
    IF "p_requested_by_id" IS NOT NULL THEN
        SELECT count(*)::int INTO "open_before" FROM "solves" AS s
         WHERE s."requested_by_id" = "p_requested_by_id" AND s."status" IN ('QUEUED', 'RUNNING');
        IF "p_max_open" IS NOT NULL AND "open_before" >= "p_max_open" THEN
            RETURN NEXT;
            RETURN;
        END IF;
    END IF;
    SELECT s."job_id" INTO "running_job" FROM "solves" AS s
     WHERE s."canonical_key" = "p_canonical_key" AND s."algorithm" = "p_algorithm" AND s."heuristic" = "p_heuristic"
       AND s."time_limit_seconds" = "p_time_limit_seconds" AND s."status" IN ('QUEUED', 'RUNNING') AND s."job_id" IS NOT NULL
     ORDER BY s."id" ASC LIMIT 1;
    INSERT INTO "solves" ("puzzle_id", "requested_by_id", "canonical_key", "algorithm", "heuristic",
        "time_limit_seconds", "status", "job_id", "cached", "queued_at")
    VALUES ("p_puzzle_id", "p_requested_by_id", "p_canonical_key", "p_algorithm", "p_heuristic",
        "p_time_limit_seconds", 'QUEUED', COALESCE("running_job", "p_job_id"), false, now())
    RETURNING * INTO "solve";
    RETURN NEXT;
END
$$;

-- A search's result (workers/search-processor.ts through finishJob): under the canonical key's lock,
-- written to every Solve of the job still QUEUED or RUNNING (a Solve that chose to follow the job is
-- committed before the lock is granted, so it gets the result too); returns those rows as written.
-- "started_at" keeps the first start time; a search written without a RUNNING mark gets p_started_at.
CREATE FUNCTION "solve_finish_job"(
    "p_canonical_key" VARCHAR,
    "p_job_id" VARCHAR,
    "p_status" "SolveStatus",
    "p_moves" TEXT,
    "p_length" INTEGER,
    "p_optimal" BOOLEAN,
    "p_lower_bound" INTEGER,
    "p_nodes_expanded" BIGINT,
    "p_duration_ms" INTEGER,
    "p_algorithm_used" VARCHAR,
    "p_heuristic_used" VARCHAR,
    "p_error" TEXT,
    "p_started_at" TIMESTAMPTZ,
    "p_finished_at" TIMESTAMPTZ
) RETURNS SETOF "solves"
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
    PERFORM pg_advisory_xact_lock(hashtextextended("p_canonical_key", 0));
    RETURN QUERY
    UPDATE "solves" AS s SET "status" = "p_status", "moves" = "p_moves", "length" = "p_length", "optimal" = "p_optimal",
        "lower_bound" = "p_lower_bound", "nodes_expanded" = "p_nodes_expanded", "duration_ms" = "p_duration_ms",
        "algorithm_used" = "p_algorithm_used", "heuristic_used" = "p_heuristic_used", "error" = "p_error",
        "started_at" = COALESCE(s."started_at", "p_started_at"), "finished_at" = "p_finished_at"
     WHERE s."job_id" = "p_job_id" AND s."status" IN ('QUEUED', 'RUNNING')
    RETURNING s.*;
END
$$;
