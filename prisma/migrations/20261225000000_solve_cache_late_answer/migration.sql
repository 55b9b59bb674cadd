-- The request-time cache answers from a late optimal answer too. A coordinator whose SOLVED result
-- is written after the reconciler ended its Solves TIMED_OUT (the search's coordinator found the
-- answer just before its limit, and its write came after the reconciler's margin) fills those rows
-- in: moves, length, optimal and figures, their status kept TIMED_OUT (a final status never changes;
-- the worker's finishJob in src/solves). The board's next search job already answered from such a row
-- (jobStart); solve_create_queued read SOLVED rows only, so a new request for the board was queued,
-- and its job answered it. Now a Solve of the key whose answer is proven optimal (`optimal`, with
-- its moves) answers the request whatever its status, and the new Solve is stored SOLVED (the
-- known row's status was copied before: it could only be SOLVED) with no error. A TIMED_OUT row
-- without an answer, or with one not proven optimal, answers nothing, as before.
-- Same signature and result type: CREATE OR REPLACE keeps its callers.
CREATE OR REPLACE FUNCTION "solve_create_queued"(
    "p_puzzle_id" INTEGER,
    "p_requested_by_id" INTEGER,
    "p_canonical_key" VARCHAR,
    "p_algorithm" "SolveAlgorithm",
    "p_heuristic" VARCHAR,
    "p_time_limit_seconds" INTEGER,
    "p_job_id" VARCHAR,
    "p_max_open" INTEGER,
    "p_on_behalf_of_id" INTEGER,
    "p_split" BOOLEAN
) RETURNS TABLE ("is_cached" BOOLEAN, "open_before" INTEGER, "running_job" VARCHAR, "solve" "solves")
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
    "known" "solves";
    -- Only a platform Solve is on someone's behalf.
    "behalf" INTEGER := CASE WHEN "p_requested_by_id" IS NULL THEN "p_on_behalf_of_id" END;
    "counted" INTEGER := COALESCE("p_requested_by_id", "p_on_behalf_of_id");
BEGIN
    PERFORM pg_advisory_xact_lock(hashtextextended("p_canonical_key", 0));
    IF "counted" IS NOT NULL THEN
        PERFORM pg_advisory_xact_lock(hashtextextended('open-solves:' || "counted", 0));
    END IF;
    "open_before" := 0;
    -- The platform asks at most once per canonical key (see 20261210000000_platform_solve_once),
    -- counting only attempts that are under way or ended with an answer: a CANCELLED or FAILED one
    -- proved nothing, so this request inserts a new Solve below.
    IF "p_requested_by_id" IS NULL THEN
        SELECT * INTO "solve" FROM "solves" AS s
         WHERE s."canonical_key" = "p_canonical_key" AND s."requested_by_id" IS NULL
           AND s."status" NOT IN ('CANCELLED', 'FAILED')
         ORDER BY s."id" ASC LIMIT 1;
        IF FOUND THEN
            "is_cached" := true;
            RETURN NEXT;
            RETURN;
        END IF;
    END IF;
    -- An optimal answer, on a SOLVED row or filled late into a TIMED_OUT one.
    SELECT * INTO "known" FROM "solves" AS s
     WHERE s."canonical_key" = "p_canonical_key" AND s."status" IN ('SOLVED', 'TIMED_OUT')
       AND s."optimal" = true AND s."moves" IS NOT NULL
     ORDER BY s."id" DESC LIMIT 1;
    "is_cached" := FOUND;
    IF "is_cached" THEN
        INSERT INTO "solves" ("puzzle_id", "requested_by_id", "on_behalf_of_id", "canonical_key", "algorithm", "heuristic",
            "time_limit_seconds", "split", "status", "job_id", "cached", "moves", "length", "optimal", "lower_bound",
            "nodes_expanded", "duration_ms", "algorithm_used", "heuristic_used", "error", "queued_at", "started_at", "finished_at")
        VALUES ("p_puzzle_id", "p_requested_by_id", "behalf", "p_canonical_key", "p_algorithm", "p_heuristic",
            "p_time_limit_seconds", "p_split", 'SOLVED', NULL, true, "known"."moves", "known"."length", true,
            "known"."lower_bound", 0, 0, "known"."algorithm_used", "known"."heuristic_used", NULL, now(), now(), now())
        RETURNING * INTO "solve";
        RETURN NEXT;
        RETURN;
    END IF;
    IF "counted" IS NOT NULL THEN
        SELECT count(*)::int INTO "open_before" FROM "solves" AS s
         WHERE (s."requested_by_id" = "counted" OR s."on_behalf_of_id" = "counted")
           AND s."status" IN ('QUEUED', 'RUNNING');
        IF "p_max_open" IS NOT NULL AND "open_before" >= "p_max_open" THEN
            RETURN NEXT;
            RETURN;
        END IF;
    END IF;
    SELECT s."job_id" INTO "running_job" FROM "solves" AS s
     WHERE s."canonical_key" = "p_canonical_key" AND s."algorithm" = "p_algorithm" AND s."heuristic" = "p_heuristic"
       AND s."time_limit_seconds" = "p_time_limit_seconds" AND s."split" IS NOT DISTINCT FROM "p_split"
       AND s."status" IN ('QUEUED', 'RUNNING') AND s."job_id" IS NOT NULL
     ORDER BY s."id" ASC LIMIT 1;
    INSERT INTO "solves" ("puzzle_id", "requested_by_id", "on_behalf_of_id", "canonical_key", "algorithm", "heuristic",
        "time_limit_seconds", "split", "status", "job_id", "cached", "queued_at")
    VALUES ("p_puzzle_id", "p_requested_by_id", "behalf", "p_canonical_key", "p_algorithm", "p_heuristic",
        "p_time_limit_seconds", "p_split", 'QUEUED', COALESCE("running_job", "p_job_id"), false, now())
    RETURNING * INTO "solve";
    RETURN NEXT;
END
$$;
