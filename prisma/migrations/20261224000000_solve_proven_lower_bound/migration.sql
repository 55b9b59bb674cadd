-- Solve.provenLowerBound: the highest lower bound a running search has proved, written while it runs
-- (the worker's cancel poll raises it, never lowers it), so that a search whose state Redis lost is
-- planned again from that bound instead of from h(root) (docs/distributed.md, "Redis restarted
-- empty"). Null until the first write; existing rows stay null. solve_finish_job returns "solves"
-- rows (RETURNING s.*), which now carry the column too: nothing else changes.
ALTER TABLE "solves" ADD COLUMN "proven_lower_bound" INTEGER;
