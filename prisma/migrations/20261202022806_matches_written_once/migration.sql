-- DropIndex
DROP INDEX "matches_created_by_id_status_idx";

-- DropIndex
DROP INDEX "matches_ranked_finished_at_idx";

-- DropIndex
DROP INDEX "matches_rating_period_id_ranked_status_finished_at_idx";

-- DropIndex
DROP INDEX "matches_status_created_at_idx";

-- CreateTable
CREATE TABLE "matches_active" (
    "match_id" TEXT NOT NULL,
    "created_by_id" TEXT,

    CONSTRAINT "matches_active_pkey" PRIMARY KEY ("match_id")
);

-- CreateTable
CREATE TABLE "matches_unrated" (
    "match_id" TEXT NOT NULL,
    "ruleset" TEXT NOT NULL,
    "finished_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "matches_unrated_pkey" PRIMARY KEY ("match_id")
);

-- CreateTable
CREATE TABLE "matches_aborted" (
    "match_id" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "matches_aborted_pkey" PRIMARY KEY ("match_id")
);

-- CreateIndex
CREATE INDEX "matches_active_created_by_id_idx" ON "matches_active"("created_by_id");

-- CreateIndex
CREATE INDEX "matches_unrated_ruleset_finished_at_match_id_idx" ON "matches_unrated"("ruleset", "finished_at", "match_id");

-- CreateIndex
CREATE INDEX "matches_aborted_created_at_match_id_idx" ON "matches_aborted"("created_at" DESC, "match_id" DESC);

-- CreateIndex
CREATE INDEX "matches_ruleset_rating_period_id_idx" ON "matches"("ruleset", "rating_period_id");

-- CreateIndex
CREATE INDEX "matches_created_by_id_idx" ON "matches"("created_by_id");

-- AddForeignKey
ALTER TABLE "matches_active" ADD CONSTRAINT "matches_active_match_id_fkey" FOREIGN KEY ("match_id") REFERENCES "matches"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "matches_unrated" ADD CONSTRAINT "matches_unrated_match_id_fkey" FOREIGN KEY ("match_id") REFERENCES "matches"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "matches_aborted" ADD CONSTRAINT "matches_aborted_match_id_fkey" FOREIGN KEY ("match_id") REFERENCES "matches"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Matches written once (issue 23). No index on matches holds a column that changes after the insert, so a
-- claim, a store and an abort rewrite the row in its page (a HOT update: no index entry, the old version
-- pruned in the page without a vacuum) on pages kept 20% free. What the dropped indexes found (the queued
-- and running matches, the ranked matches waiting for a rating, the aborted ones) is in the three small
-- tables above, kept by this trigger for every writer (the store function, the sweeper, cancels, seeds and
-- tests alike). The rating period's index stays: setting it is the one rewrite that is not HOT.
ALTER TABLE "matches" SET (fillfactor = 80);
DROP STATISTICS IF EXISTS "matches_unrated_ranked_stats";

CREATE OR REPLACE FUNCTION matches_lists() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "matches_active" ("match_id", "created_by_id")
    SELECT n."id", n."created_by_id" FROM new_matches n WHERE n."status" IN ('queued', 'running');
    INSERT INTO "matches_unrated" ("match_id", "ruleset", "finished_at")
    SELECT n."id", n."ruleset", n."finished_at" FROM new_matches n
    WHERE n."ranked" AND n."status" = 'finished' AND n."rating_period_id" IS NULL AND n."finished_at" IS NOT NULL;
    INSERT INTO "matches_aborted" ("match_id", "created_at")
    SELECT n."id", n."created_at" FROM new_matches n WHERE n."status" = 'aborted';
    RETURN NULL;
  END IF;
  -- An update: most (a claim) change none of what the lists hold.
  IF NOT EXISTS (
    SELECT 1 FROM new_matches n JOIN old_matches o ON o."id" = n."id"
    WHERE o."status" IS DISTINCT FROM n."status" OR o."rating_period_id" IS DISTINCT FROM n."rating_period_id"
      OR o."ranked" IS DISTINCT FROM n."ranked" OR o."finished_at" IS DISTINCT FROM n."finished_at"
      OR o."ruleset" IS DISTINCT FROM n."ruleset" OR o."created_by_id" IS DISTINCT FROM n."created_by_id"
      OR o."created_at" IS DISTINCT FROM n."created_at"
  ) THEN
    RETURN NULL;
  END IF;
  DELETE FROM "matches_active" a USING new_matches n
  WHERE a."match_id" = n."id" AND n."status" NOT IN ('queued', 'running');
  INSERT INTO "matches_active" ("match_id", "created_by_id")
  SELECT n."id", n."created_by_id" FROM new_matches n WHERE n."status" IN ('queued', 'running')
  ON CONFLICT ("match_id") DO UPDATE SET "created_by_id" = EXCLUDED."created_by_id"
    WHERE "matches_active"."created_by_id" IS DISTINCT FROM EXCLUDED."created_by_id";
  DELETE FROM "matches_unrated" u USING new_matches n
  WHERE u."match_id" = n."id"
    AND NOT (n."ranked" AND n."status" = 'finished' AND n."rating_period_id" IS NULL AND n."finished_at" IS NOT NULL);
  INSERT INTO "matches_unrated" ("match_id", "ruleset", "finished_at")
  SELECT n."id", n."ruleset", n."finished_at" FROM new_matches n
  WHERE n."ranked" AND n."status" = 'finished' AND n."rating_period_id" IS NULL AND n."finished_at" IS NOT NULL
  ON CONFLICT ("match_id") DO UPDATE SET "ruleset" = EXCLUDED."ruleset", "finished_at" = EXCLUDED."finished_at"
    WHERE ("matches_unrated"."ruleset", "matches_unrated"."finished_at")
      IS DISTINCT FROM (EXCLUDED."ruleset", EXCLUDED."finished_at");
  DELETE FROM "matches_aborted" x USING new_matches n WHERE x."match_id" = n."id" AND n."status" <> 'aborted';
  INSERT INTO "matches_aborted" ("match_id", "created_at")
  SELECT n."id", n."created_at" FROM new_matches n WHERE n."status" = 'aborted'
  ON CONFLICT ("match_id") DO UPDATE SET "created_at" = EXCLUDED."created_at"
    WHERE "matches_aborted"."created_at" IS DISTINCT FROM EXCLUDED."created_at";
  RETURN NULL;
END $$;

CREATE TRIGGER "matches_lists_insert" AFTER INSERT ON "matches"
  REFERENCING NEW TABLE AS new_matches FOR EACH STATEMENT EXECUTE FUNCTION matches_lists();
CREATE TRIGGER "matches_lists_update" AFTER UPDATE ON "matches"
  REFERENCING OLD TABLE AS old_matches NEW TABLE AS new_matches FOR EACH STATEMENT EXECUTE FUNCTION matches_lists();

-- The matches stored before.
INSERT INTO "matches_active" ("match_id", "created_by_id")
SELECT "id", "created_by_id" FROM "matches" WHERE "status" IN ('queued', 'running');
INSERT INTO "matches_unrated" ("match_id", "ruleset", "finished_at")
SELECT "id", "ruleset", "finished_at" FROM "matches"
WHERE "ranked" AND "status" = 'finished' AND "rating_period_id" IS NULL AND "finished_at" IS NOT NULL;
INSERT INTO "matches_aborted" ("match_id", "created_at")
SELECT "id", "created_at" FROM "matches" WHERE "status" = 'aborted';

-- The queues churn (a row in, a row out, per match): vacuumed after a fixed number of dead rows rather than
-- a share of the table, and never truncated (vacuum's exclusive lock would hold up the stores), as the
-- stats_pending migration does for its queues.
ALTER TABLE "matches_active" SET (autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 2000, vacuum_truncate = false);
ALTER TABLE "matches_unrated" SET (autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 2000, vacuum_truncate = false);
