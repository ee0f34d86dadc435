-- house_records_apply as the stats_pending migration wrote it, but for how its shortcut looks for other placed
-- seats of the stored matches, and how its general path reads their seats: by match_seats' primary key, one
-- probe per match (LATERAL ... LIMIT 1 / OFFSET 0).
-- Written as a join of match_seats against the transition table, it was planned once per session while the
-- table was small (a fresh database, the generic plan of plpgsql's cache) as a hash join over a sequential
-- scan of every seat, and then every ranked store read the whole table: measured with auto_explain in
-- `npx tsx apps/start/bench/postgres-phases.bench.ts`, 13-20 ms a store at 3,700 seats, growing with the
-- table until the next ANALYZE replanned it (issue 23: ranked stores cost Postgres 3-5x casual ones).
CREATE OR REPLACE FUNCTION house_records_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  new_rows "match_seats"[] := '{}';
  old_rows "match_seats"[] := '{}';
BEGIN
  -- (Nested: an expression naming old_seats must not be planned for an insert, which has none.)
  IF TG_OP = 'UPDATE' THEN
    -- No placed ranked seat before or after: no pair changed (a casual result, most updates).
    IF NOT EXISTS (SELECT 1 FROM new_seats n WHERE n."ranked" AND n."place" IS NOT NULL)
       AND NOT EXISTS (SELECT 1 FROM old_seats o WHERE o."ranked" AND o."place" IS NOT NULL) THEN
      RETURN NULL;
    END IF;
    IF NOT EXISTS (SELECT 1 FROM old_seats o WHERE o."place" IS NOT NULL) AND NOT EXISTS (
      SELECT 1 FROM (SELECT DISTINCT n."match_id" FROM new_seats n) t
      CROSS JOIN LATERAL (
        SELECT 1 FROM "match_seats" ms
        WHERE ms."match_id" = t."match_id" AND ms."place" IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM new_seats n WHERE n."match_id" = ms."match_id" AND n."seat" = ms."seat")
        LIMIT 1
      ) other
    ) THEN
      INSERT INTO "house_records_pending" ("agent_id", "house_id", "matches", "wins", "losses")
      SELECT s."agent_id", h."agent_id", count(*)::int,
        (count(*) FILTER (WHERE s."place" < h."place"))::int,
        (count(*) FILTER (WHERE s."place" > h."place"))::int
      FROM new_seats s
      JOIN new_seats h ON h."match_id" = s."match_id" AND h."agent_id" <> s."agent_id"
      JOIN "agents" ha ON ha."id" = h."agent_id" AND ha."is_house"
      WHERE s."ranked" AND s."place" IS NOT NULL AND h."place" IS NOT NULL
      GROUP BY 1, 2;
      RETURN NULL;
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT coalesce(array_agg(n), '{}') INTO new_rows FROM new_seats n;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT coalesce(array_agg(o), '{}') INTO old_rows FROM old_seats o;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM unnest(new_rows || old_rows) r WHERE r."ranked" AND r."place" IS NOT NULL) THEN
    RETURN NULL;
  END IF;
  WITH touched AS (
    SELECT DISTINCT r."match_id" FROM unnest(new_rows || old_rows) r
  ), now_rows AS (
    -- Per touched match, its seats by the primary key (OFFSET 0 keeps the subquery from being flattened
    -- into a join that may be planned as a scan of every seat).
    SELECT ms."match_id", ms."seat", ms."agent_id", ms."place", ms."ranked"
    FROM touched t CROSS JOIN LATERAL (
      SELECT x."match_id", x."seat", x."agent_id", x."place", x."ranked"
      FROM "match_seats" x WHERE x."match_id" = t."match_id" OFFSET 0
    ) ms
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
  INSERT INTO "house_records_pending" ("agent_id", "house_id", "matches", "wins", "losses")
  SELECT d."agent_id", d.house_id, d.matches, d.wins, d.losses FROM delta d
  WHERE d.matches <> 0 OR d.wins <> 0 OR d.losses <> 0;
  RETURN NULL;
END $$;

-- agent_stats_role_counts as the agent_role_counts migration wrote it, in plpgsql: as a SQL function with a
-- FROM it cannot be inlined, and Postgres planned its query again on every call (0.26 ms a seat, ~1 ms of a
-- ranked four-seat store, in the same measurement); plpgsql keeps the plan for the session. Same result.
CREATE OR REPLACE FUNCTION agent_stats_role_counts(s JSONB, sign INT) RETURNS JSONB LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  RETURN (SELECT coalesce(jsonb_object_agg(k, n), '{}'::jsonb) FROM (
    SELECT 'claims.' || key AS k, value::bigint * sign AS n
    FROM jsonb_each_text(CASE WHEN jsonb_typeof(s -> 'roleClaims') = 'object' THEN s -> 'roleClaims' ELSE '{}' END)
    UNION ALL
    SELECT 'bluffs.' || key, value::bigint * sign
    FROM jsonb_each_text(CASE WHEN jsonb_typeof(s -> 'roleBluffs') = 'object' THEN s -> 'roleBluffs' ELSE '{}' END)
  ) x WHERE n <> 0);
END $$;
