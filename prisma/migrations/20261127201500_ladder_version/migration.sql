-- CreateTable
CREATE TABLE "ladder_version" (
    "id" BOOLEAN NOT NULL DEFAULT true,
    "version" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "ladder_version_pkey" PRIMARY KEY ("id")
);

-- Hand-written: the one row, and the statement-level triggers that count every change to what the
-- leaderboard shows (ratings, live ratings, the listed agents' and owners' columns), whoever writes it (the
-- rating closer, the live-ratings rebuild, the API, tests). The API keeps each ruleset's ranked board in
-- memory with the version it was read at and reads this one row per request (apps/api
-- repositories/leaderboard.ts): an API process that sees a newer version ranks again. The counter is
-- updated in the writing transaction, so a reader sees the new version exactly when it sees the new rows.
-- `UPDATE OF` lists the columns the board reads: the matchmaker's queue flags and an agent's status do not
-- count.
INSERT INTO "ladder_version" ("id", "version") VALUES (true, 0);

CREATE FUNCTION ladder_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "ladder_version" SET "version" = "version" + 1 WHERE "id";
  RETURN NULL;
END $$;

CREATE TRIGGER ladder_version_ratings AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "ratings"
FOR EACH STATEMENT EXECUTE FUNCTION ladder_version_bump();

CREATE TRIGGER ladder_version_live_ratings AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "live_ratings"
FOR EACH STATEMENT EXECUTE FUNCTION ladder_version_bump();

CREATE TRIGGER ladder_version_agents AFTER INSERT OR DELETE OR TRUNCATE
  OR UPDATE OF "id", "name", "is_house", "model_name", "owner_id", "deleted_at", "rulesets" ON "agents"
FOR EACH STATEMENT EXECUTE FUNCTION ladder_version_bump();

CREATE TRIGGER ladder_version_accounts AFTER DELETE OR TRUNCATE OR UPDATE OF "id", "name" ON "accounts"
FOR EACH STATEMENT EXECUTE FUNCTION ladder_version_bump();
