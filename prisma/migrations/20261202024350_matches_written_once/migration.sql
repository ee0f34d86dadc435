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
CREATE TABLE "matches_rated" (
    "ruleset" TEXT NOT NULL,
    "period" INTEGER NOT NULL,
    "match_id" TEXT NOT NULL,

    CONSTRAINT "matches_rated_pkey" PRIMARY KEY ("ruleset","period","match_id")
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
CREATE INDEX "matches_created_by_id_idx" ON "matches"("created_by_id");

-- Matches written once (issue 23). No index on matches holds a column that changes after the insert, so a
-- claim, a store, an abort and the period closer's rating rewrite the row in its page (a HOT update: no
-- index entry, the old version pruned in the page without a vacuum) where the page has room: pages are
-- kept 20% free. What the dropped indexes found (the queued and running matches, the ranked matches waiting
-- for a rating, the aborted ones; the rating log reads the rated ones by period) is in the four small
-- tables above, kept by these triggers for every writer (the store function, the sweeper, the closer,
-- cancels, seeds and tests alike). Row triggers whose WHEN tests a change of list in C: a claim (queued ->
-- running) calls no function. No foreign keys: each check would lock the match row (FOR KEY SHARE) at
-- every write of a list; a deleted match leaves its lists by the delete trigger.
ALTER TABLE "matches" SET (fillfactor = 80);
DROP STATISTICS IF EXISTS "matches_unrated_ranked_stats";

CREATE OR REPLACE FUNCTION matches_lists_row() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was_active BOOLEAN := false;
  was_unrated BOOLEAN := false;
  was_aborted BOOLEAN := false;
  was_rated BOOLEAN := false;
  is_active BOOLEAN := NEW."status" IN ('queued', 'running');
  is_unrated BOOLEAN := NEW."ranked" AND NEW."status" = 'finished' AND NEW."rating_period_id" IS NULL
    AND NEW."finished_at" IS NOT NULL;
  is_aborted BOOLEAN := NEW."status" = 'aborted';
  is_rated BOOLEAN := NEW."rating_period_id" IS NOT NULL;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    was_active := OLD."status" IN ('queued', 'running');
    was_unrated := OLD."ranked" AND OLD."status" = 'finished' AND OLD."rating_period_id" IS NULL
      AND OLD."finished_at" IS NOT NULL;
    was_aborted := OLD."status" = 'aborted';
    was_rated := OLD."rating_period_id" IS NOT NULL;
  END IF;

  IF is_active THEN
    INSERT INTO "matches_active" ("match_id", "created_by_id") VALUES (NEW."id", NEW."created_by_id")
    ON CONFLICT ("match_id") DO UPDATE SET "created_by_id" = EXCLUDED."created_by_id"
      WHERE "matches_active"."created_by_id" IS DISTINCT FROM EXCLUDED."created_by_id";
  ELSIF was_active THEN
    DELETE FROM "matches_active" WHERE "match_id" = OLD."id";
  END IF;

  IF is_unrated THEN
    INSERT INTO "matches_unrated" ("match_id", "ruleset", "finished_at")
    VALUES (NEW."id", NEW."ruleset", NEW."finished_at")
    ON CONFLICT ("match_id") DO UPDATE SET "ruleset" = EXCLUDED."ruleset", "finished_at" = EXCLUDED."finished_at"
      WHERE ("matches_unrated"."ruleset", "matches_unrated"."finished_at")
        IS DISTINCT FROM (EXCLUDED."ruleset", EXCLUDED."finished_at");
  ELSIF was_unrated THEN
    DELETE FROM "matches_unrated" WHERE "match_id" = OLD."id";
  END IF;

  IF is_aborted THEN
    INSERT INTO "matches_aborted" ("match_id", "created_at") VALUES (NEW."id", NEW."created_at")
    ON CONFLICT ("match_id") DO UPDATE SET "created_at" = EXCLUDED."created_at"
      WHERE "matches_aborted"."created_at" IS DISTINCT FROM EXCLUDED."created_at";
  ELSIF was_aborted THEN
    DELETE FROM "matches_aborted" WHERE "match_id" = OLD."id";
  END IF;

  -- Keyed by (ruleset, period, match): a move of period or ruleset is the old key out, the new one in.
  IF was_rated AND (NOT is_rated OR OLD."ruleset" <> NEW."ruleset" OR OLD."rating_period_id" <> NEW."rating_period_id") THEN
    DELETE FROM "matches_rated"
    WHERE "ruleset" = OLD."ruleset" AND "period" = OLD."rating_period_id" AND "match_id" = OLD."id";
  END IF;
  IF is_rated THEN
    INSERT INTO "matches_rated" ("ruleset", "period", "match_id") VALUES (NEW."ruleset", NEW."rating_period_id", NEW."id")
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;

-- A queued match (nearly every insert), or a row written in its final form (a seed, a bulk load).
CREATE TRIGGER "matches_lists_insert" AFTER INSERT ON "matches" FOR EACH ROW
  WHEN (NEW."status" <> 'finished' OR NEW."ranked" OR NEW."rating_period_id" IS NOT NULL)
  EXECUTE FUNCTION matches_lists_row();

-- A change of list, or of a column a list copies. Not a claim (queued -> running): it rewrites only the
-- match.
CREATE TRIGGER "matches_lists_update" AFTER UPDATE ON "matches" FOR EACH ROW
  WHEN ((OLD."status" IN ('queued', 'running')) IS DISTINCT FROM (NEW."status" IN ('queued', 'running'))
    OR (OLD."status" = 'aborted') IS DISTINCT FROM (NEW."status" = 'aborted')
    OR (OLD."status" = 'finished') IS DISTINCT FROM (NEW."status" = 'finished')
    OR OLD."rating_period_id" IS DISTINCT FROM NEW."rating_period_id"
    OR OLD."ranked" IS DISTINCT FROM NEW."ranked"
    OR OLD."ruleset" IS DISTINCT FROM NEW."ruleset"
    OR OLD."finished_at" IS DISTINCT FROM NEW."finished_at"
    OR OLD."created_at" IS DISTINCT FROM NEW."created_at"
    OR OLD."created_by_id" IS DISTINCT FROM NEW."created_by_id")
  EXECUTE FUNCTION matches_lists_row();

CREATE OR REPLACE FUNCTION matches_lists_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "matches_active" l USING old_matches o WHERE l."match_id" = o."id";
  DELETE FROM "matches_unrated" l USING old_matches o WHERE l."match_id" = o."id";
  DELETE FROM "matches_aborted" l USING old_matches o WHERE l."match_id" = o."id";
  DELETE FROM "matches_rated" l USING old_matches o
  WHERE l."ruleset" = o."ruleset" AND l."period" = o."rating_period_id" AND l."match_id" = o."id";
  RETURN NULL;
END $$;

CREATE TRIGGER "matches_lists_delete" AFTER DELETE ON "matches"
  REFERENCING OLD TABLE AS old_matches FOR EACH STATEMENT EXECUTE FUNCTION matches_lists_delete();

-- Adds to the lists every match that belongs in one and is not there: the matches stored before this
-- migration, and rows written with the triggers off (bulk seeds under session_replication_role = replica).
CREATE OR REPLACE FUNCTION matches_lists_fill() RETURNS void LANGUAGE sql AS $$
  INSERT INTO "matches_active" ("match_id", "created_by_id")
  SELECT "id", "created_by_id" FROM "matches" WHERE "status" IN ('queued', 'running')
  ON CONFLICT DO NOTHING;
  INSERT INTO "matches_unrated" ("match_id", "ruleset", "finished_at")
  SELECT "id", "ruleset", "finished_at" FROM "matches"
  WHERE "ranked" AND "status" = 'finished' AND "rating_period_id" IS NULL AND "finished_at" IS NOT NULL
  ON CONFLICT DO NOTHING;
  INSERT INTO "matches_aborted" ("match_id", "created_at")
  SELECT "id", "created_at" FROM "matches" WHERE "status" = 'aborted'
  ON CONFLICT DO NOTHING;
  INSERT INTO "matches_rated" ("ruleset", "period", "match_id")
  SELECT "ruleset", "rating_period_id", "id" FROM "matches" WHERE "rating_period_id" IS NOT NULL
  ON CONFLICT DO NOTHING;
$$;

SELECT matches_lists_fill();

-- matches_active and matches_unrated churn (a row in, a row out, per match): vacuumed after a fixed number
-- of dead rows rather than a share of the table, and never truncated (vacuum's exclusive lock would hold
-- up the stores), as the stats_pending migration does for its queues.
ALTER TABLE "matches_active" SET (autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 2000, vacuum_truncate = false);
ALTER TABLE "matches_unrated" SET (autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 2000, vacuum_truncate = false);
