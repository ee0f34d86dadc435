-- AlterTable
ALTER TABLE "agent_stats" ADD COLUMN     "role_counts" JSONB NOT NULL DEFAULT '{}';

-- ---------------------------------------------------------------------------------------------------------
-- Hand-written part: the agent_stats trigger also sums claims and bluffs per role, so a profile can say
-- "this agent bluffs Duke 4% of the times it claims it" beside people's figures.

-- One seat's per-role counts as flat keys ("claims.duke", "bluffs.duke"), times sign.
CREATE FUNCTION agent_stats_role_counts(s JSONB, sign INT) RETURNS JSONB LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(jsonb_object_agg(k, n), '{}'::jsonb) FROM (
    SELECT 'claims.' || key AS k, value::bigint * sign AS n
    FROM jsonb_each_text(CASE WHEN jsonb_typeof(s -> 'roleClaims') = 'object' THEN s -> 'roleClaims' ELSE '{}' END)
    UNION ALL
    SELECT 'bluffs.' || key, value::bigint * sign
    FROM jsonb_each_text(CASE WHEN jsonb_typeof(s -> 'roleBluffs') = 'object' THEN s -> 'roleBluffs' ELSE '{}' END)
  ) x WHERE n <> 0
$$;

-- Adds (sign 1) or takes back (sign -1) one seat's per-role counts; the agent's row exists by then
-- (agent_stats_add has just written it).
CREATE FUNCTION agent_stats_add_roles(a TEXT, s JSONB, sign INT) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  d JSONB := agent_stats_role_counts(s, sign);
BEGIN
  IF d <> '{}'::jsonb THEN
    UPDATE "agent_stats" SET "role_counts" = agent_stats_merge_hist("role_counts", d) WHERE "agent_id" = a;
  END IF;
END $$;

CREATE OR REPLACE FUNCTION agent_stats_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD."agent_id" = NEW."agent_id" AND OLD."ranked" = NEW."ranked"
     AND OLD."stats" IS NOT DISTINCT FROM NEW."stats" THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD."ranked" AND jsonb_typeof(OLD."stats") = 'object' THEN
    PERFORM agent_stats_add(OLD."agent_id", OLD."stats", -1);
    PERFORM agent_stats_add_roles(OLD."agent_id", OLD."stats", -1);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW."ranked" AND jsonb_typeof(NEW."stats") = 'object' THEN
    PERFORM agent_stats_add(NEW."agent_id", NEW."stats", 1);
    PERFORM agent_stats_add_roles(NEW."agent_id", NEW."stats", 1);
  END IF;
  RETURN NULL;
END $$;

-- Backfill from the seats stored so far (stats stored before this migration have no per-role counts and
-- add nothing).
UPDATE "agent_stats" t SET "role_counts" = r.counts
FROM (
  SELECT "agent_id", jsonb_object_agg(k, n) AS counts FROM (
    SELECT ms."agent_id", c.key AS k, sum(c.value::bigint) AS n
    FROM "match_seats" ms, jsonb_each_text(agent_stats_role_counts(ms."stats", 1)) c
    WHERE ms."ranked" AND jsonb_typeof(ms."stats") = 'object'
    GROUP BY 1, 2
  ) x GROUP BY "agent_id"
) r
WHERE r."agent_id" = t."agent_id";
