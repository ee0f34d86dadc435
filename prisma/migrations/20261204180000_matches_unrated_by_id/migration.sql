-- A rating period too large for one batch (a bulk load of late results) is read a page at a time in match
-- id order, code unit by code unit (the order @coup/rating folds a period in; close-large-period.ts): an
-- index on the id in the "C" collation serves that order whatever the database's own collation.
-- matches_unrated holds only the ranked matches waiting for a rating, so the index stays small.
CREATE INDEX "matches_unrated_ruleset_match_id_c_idx" ON "matches_unrated" ("ruleset", "match_id" COLLATE "C");
