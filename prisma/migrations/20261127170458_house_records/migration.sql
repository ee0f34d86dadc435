-- CreateTable
CREATE TABLE "house_records" (
    "agent_id" TEXT NOT NULL,
    "house_id" TEXT NOT NULL,
    "matches" INTEGER NOT NULL DEFAULT 0,
    "wins" INTEGER NOT NULL DEFAULT 0,
    "losses" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "house_records_pkey" PRIMARY KEY ("agent_id","house_id")
);

-- AddForeignKey
ALTER TABLE "house_records" ADD CONSTRAINT "house_records_agent_id_fkey" FOREIGN KEY ("agent_id") REFERENCES "agents"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "house_records" ADD CONSTRAINT "house_records_house_id_fkey" FOREIGN KEY ("house_id") REFERENCES "agents"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Hand-written: house_records is kept by statement-level triggers on match_seats, whoever writes the seats
-- (store_match_result, tests, imports). A pair counts as the profile's house marks always counted it: a
-- ranked seat of the agent and another seat of the same match held by a house agent (not the agent itself),
-- both placed; a win is a better (lower) place. Each statement's change is applied as a difference: the
-- pairs of the matches it touched as they are now, minus the same matches as they were before it (the rows
-- it did not change, plus its old rows), so inserts, updates of any column, deletes and seats written one by
-- one all count each pair once. Whether an agent is a house agent is read as the seats are written (house
-- agents are created as such and never change). Rows are written in key order: two ranked matches that
-- share rows share agents, whose agent_stats rows store_match_result has already locked in agent id order.
CREATE FUNCTION house_records_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  new_rows "match_seats"[] := '{}';
  old_rows "match_seats"[] := '{}';
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT coalesce(array_agg(n), '{}') INTO new_rows FROM new_seats n;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT coalesce(array_agg(o), '{}') INTO old_rows FROM old_seats o;
  END IF;
  -- No row of the statement is a placed ranked seat, before or after it: no pair changed. So are most
  -- statements: seats inserted as a match is queued, casual results.
  IF NOT EXISTS (SELECT 1 FROM unnest(new_rows || old_rows) r WHERE r."ranked" AND r."place" IS NOT NULL) THEN
    RETURN NULL;
  END IF;
  WITH touched AS (
    SELECT DISTINCT r."match_id" FROM unnest(new_rows || old_rows) r
  ), now_rows AS (
    SELECT ms."match_id", ms."seat", ms."agent_id", ms."place", ms."ranked"
    FROM "match_seats" ms WHERE ms."match_id" IN (SELECT t."match_id" FROM touched t)
  ), before_rows AS (
    SELECT a.* FROM now_rows a
    WHERE NOT EXISTS (SELECT 1 FROM unnest(new_rows) n WHERE n."match_id" = a."match_id" AND n."seat" = a."seat")
    UNION ALL
    SELECT o."match_id", o."seat", o."agent_id", o."place", o."ranked" FROM unnest(old_rows) o
  ), pairs AS (
    SELECT 1 AS sign, s."agent_id", h."agent_id" AS house_id, s."place" AS mine, h."place" AS theirs
    FROM now_rows s JOIN now_rows h ON h."match_id" = s."match_id" AND h."agent_id" <> s."agent_id"
    WHERE s."ranked" AND s."place" IS NOT NULL AND h."place" IS NOT NULL
    UNION ALL
    SELECT -1, s."agent_id", h."agent_id", s."place", h."place"
    FROM before_rows s JOIN before_rows h ON h."match_id" = s."match_id" AND h."agent_id" <> s."agent_id"
    WHERE s."ranked" AND s."place" IS NOT NULL AND h."place" IS NOT NULL
  ), delta AS (
    SELECT p."agent_id", p.house_id, sum(p.sign)::int AS matches,
      coalesce(sum(p.sign) FILTER (WHERE p.mine < p.theirs), 0)::int AS wins,
      coalesce(sum(p.sign) FILTER (WHERE p.mine > p.theirs), 0)::int AS losses
    FROM pairs p JOIN "agents" ha ON ha."id" = p.house_id AND ha."is_house"
    GROUP BY p."agent_id", p.house_id
  )
  INSERT INTO "house_records" ("agent_id", "house_id", "matches", "wins", "losses")
  SELECT d."agent_id", d.house_id, d.matches, d.wins, d.losses FROM delta d
  WHERE d.matches <> 0 OR d.wins <> 0 OR d.losses <> 0
  ORDER BY d."agent_id", d.house_id
  ON CONFLICT ("agent_id", "house_id") DO UPDATE SET
    "matches" = "house_records"."matches" + EXCLUDED."matches",
    "wins" = "house_records"."wins" + EXCLUDED."wins",
    "losses" = "house_records"."losses" + EXCLUDED."losses";
  RETURN NULL;
END $$;

CREATE TRIGGER house_records_insert AFTER INSERT ON "match_seats"
REFERENCING NEW TABLE AS new_seats FOR EACH STATEMENT EXECUTE FUNCTION house_records_apply();
CREATE TRIGGER house_records_update AFTER UPDATE ON "match_seats"
REFERENCING OLD TABLE AS old_seats NEW TABLE AS new_seats FOR EACH STATEMENT EXECUTE FUNCTION house_records_apply();
CREATE TRIGGER house_records_delete AFTER DELETE ON "match_seats"
REFERENCING OLD TABLE AS old_seats FOR EACH STATEMENT EXECUTE FUNCTION house_records_apply();

-- The records of the seats stored so far.
INSERT INTO "house_records" ("agent_id", "house_id", "matches", "wins", "losses")
SELECT s."agent_id", h."agent_id", count(*)::int,
  (count(*) FILTER (WHERE s."place" < h."place"))::int, (count(*) FILTER (WHERE s."place" > h."place"))::int
FROM "match_seats" s
JOIN "match_seats" h ON h."match_id" = s."match_id" AND h."agent_id" <> s."agent_id"
JOIN "agents" ha ON ha."id" = h."agent_id" AND ha."is_house"
WHERE s."ranked" AND s."place" IS NOT NULL AND h."place" IS NOT NULL
GROUP BY s."agent_id", h."agent_id";
