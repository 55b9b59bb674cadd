-- The platform's own Solve, at most one per canonical key under any concurrency. SubmissionService
-- asks for one (requestedBy null) when its check, made outside any lock, finds none: concurrent
-- submissions all passed that check, and each inserted a Solve (following one search, but a row each).
-- solve_create_queued now decides this under the canonical key's advisory lock: a platform request
-- that finds a platform Solve of the key returns that row instead of inserting. Same signature and
-- result type as before, so CREATE OR REPLACE keeps its callers.
CREATE OR REPLACE FUNCTION "solve_create_queued"(
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
    -- The platform asks at most once per canonical key: its callers check before they ask, outside
    -- the lock, so concurrent ones all see "not asked yet". Under the lock the first one's row is
    -- visible; the others get that row back (running_job null, is_cached true: nothing to enqueue).
    IF "p_requested_by_id" IS NULL THEN
        SELECT * INTO "solve" FROM "solves" AS s
         WHERE s."canonical_key" = "p_canonical_key" AND s."requested_by_id" IS NULL
         ORDER BY s."id" ASC LIMIT 1;
        IF FOUND THEN
            "is_cached" := true;
            RETURN NEXT;
            RETURN;
        END IF;
    END IF;
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
