-- Solve.unitsTotal: how many work units a split search ran in, so that a Solve says whether the
-- split it asked for (`split`, stored as asked) had an effect. Null for a search run whole, a table
-- answer, a cached answer and an open Solve; existing rows stay null.
ALTER TABLE "solves" ADD COLUMN "units_total" INTEGER;

-- solve_finish_job takes the units as a last parameter. It defaults to null, so a worker of the
-- previous release, calling with the fourteen parameters it knows, still resolves to this function
-- during a rolling deploy (its results then carry no units). Otherwise unchanged.
DROP FUNCTION "solve_finish_job"(VARCHAR, VARCHAR, "SolveStatus", TEXT, INTEGER, BOOLEAN, INTEGER, BIGINT,
    INTEGER, VARCHAR, VARCHAR, TEXT, TIMESTAMPTZ, TIMESTAMPTZ);
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
    "p_finished_at" TIMESTAMPTZ,
    "p_units_total" INTEGER DEFAULT NULL
) RETURNS SETOF "solves"
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
    PERFORM pg_advisory_xact_lock(hashtextextended("p_canonical_key", 0));
    RETURN QUERY
    UPDATE "solves" AS s SET "status" = "p_status", "moves" = "p_moves", "length" = "p_length", "optimal" = "p_optimal",
        "lower_bound" = "p_lower_bound", "nodes_expanded" = "p_nodes_expanded", "duration_ms" = "p_duration_ms",
        "algorithm_used" = "p_algorithm_used", "heuristic_used" = "p_heuristic_used", "error" = "p_error",
        "units_total" = "p_units_total",
        "started_at" = COALESCE(s."started_at", "p_started_at"), "finished_at" = "p_finished_at"
     WHERE s."job_id" = "p_job_id" AND s."status" IN ('QUEUED', 'RUNNING')
    RETURNING s.*;
END
$$;
