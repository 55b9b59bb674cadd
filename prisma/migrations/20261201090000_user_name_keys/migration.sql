-- Names unique after NFKC and case folding, and look-alike names (Unicode TS #39 skeletons) refused:
-- two keys, computed by the application for new accounts (src/services/user-names.ts).
ALTER TABLE "users" ADD COLUMN     "name_folded" TEXT,
ADD COLUMN     "name_skeleton" TEXT;

-- Backfill. Names so far were ASCII letters, digits, `_` and `-` only, and for those both keys are
-- exact in SQL: folding is lower(); among ASCII characters confusables.txt maps only
-- I -> l, 0 -> O, 1 -> l and m -> rn (skeleton, fold, skeleton again as user-names.ts does).
-- Where several existing accounts share a key, the oldest (lowest id) holds it and the others keep
-- their names with a null key: they go on working, and no new account can take a name like theirs,
-- because the holder's key refuses it (docs/api.md, "Names").
WITH keyed AS (
  SELECT id,
         lower(normalize(name, NFKC)) AS folded,
         replace(lower(translate(replace(normalize(name, NFKC), 'm', 'rn'), 'I01', 'lOl')), 'm', 'rn') AS skeleton
    FROM "users"
), ranked AS (
  SELECT id, folded, skeleton,
         row_number() OVER (PARTITION BY folded ORDER BY id) AS folded_rank,
         row_number() OVER (PARTITION BY skeleton ORDER BY id) AS skeleton_rank
    FROM keyed
)
UPDATE "users" u
   SET "name_folded" = CASE WHEN r.folded_rank = 1 THEN r.folded END,
       "name_skeleton" = CASE WHEN r.skeleton_rank = 1 THEN r.skeleton END
  FROM ranked r
 WHERE u.id = r.id;

-- CreateIndex
CREATE UNIQUE INDEX "users_name_folded_key" ON "users"("name_folded");

-- CreateIndex
CREATE UNIQUE INDEX "users_name_skeleton_key" ON "users"("name_skeleton");
