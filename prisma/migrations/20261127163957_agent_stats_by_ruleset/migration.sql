-- AlterTable
ALTER TABLE "agent_stats" DROP CONSTRAINT "agent_stats_pkey",
ADD COLUMN     "forced_exchanges" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "interrogation_decisions" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "interrogations" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "ruleset" TEXT NOT NULL DEFAULT 'original',
ADD CONSTRAINT "agent_stats_pkey" PRIMARY KEY ("agent_id", "ruleset");

-- AlterTable
ALTER TABLE "match_seats" ADD COLUMN     "ruleset" TEXT NOT NULL DEFAULT 'original';

-- ---------------------------------------------------------------------------------------------------------
-- Hand-written part: an agent's behaviour figures are kept per ruleset (issue 20), since a bluff rate of the
-- Inquisitor game is not one of the original game. Each seat carries its match's ruleset (filled like
-- created_at and ranked), and agent_stats_apply sums a seat into its agent's row of that ruleset. The
-- seats' interrogation counts (stats.interrogations, interrogationDecisions, forcedExchanges) are summed too.

-- Seats stored so far get their match's ruleset (before the trigger below reads it).
UPDATE "match_seats" ms SET "ruleset" = m."ruleset"
FROM "matches" m WHERE m."id" = ms."match_id" AND ms."ruleset" <> m."ruleset";

CREATE OR REPLACE FUNCTION match_seats_fill() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  c TIMESTAMPTZ(3);
  r BOOLEAN;
  rs TEXT;
BEGIN
  SELECT m."created_at", m."ranked", m."ruleset" INTO c, r, rs FROM "matches" m WHERE m."id" = NEW."match_id";
  IF FOUND THEN
    NEW."created_at" := c;
    NEW."ranked" := r;
    NEW."ruleset" := rs;
  END IF;
  RETURN NEW;
END $$;

DROP FUNCTION agent_stats_add(TEXT, JSONB, INT);
DROP FUNCTION agent_stats_add_roles(TEXT, JSONB, INT);

-- Adds (sign 1) or takes back (sign -1) one seat's stats in its agent's running sums of ruleset `r`.
CREATE FUNCTION agent_stats_add(a TEXT, r TEXT, s JSONB, sign INT) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  hist JSONB;
  llm JSONB := CASE WHEN jsonb_typeof(s -> 'llm') = 'object' THEN s -> 'llm' ELSE NULL END;
BEGIN
  SELECT coalesce(jsonb_object_agg(k, n), '{}'::jsonb) INTO hist FROM (
    SELECT agent_stats_latency_key(l::double precision) AS k, count(*) * sign AS n
    FROM jsonb_array_elements_text(agent_stats_latencies(s)) l GROUP BY 1
  ) x;
  INSERT INTO "agent_stats" AS t (
    "agent_id", "ruleset", "matches", "decisions", "faults", "claims", "bluffs", "challenge_chances",
    "challenges", "challenges_won", "challenges_resolved", "block_chances", "blocks", "latency_hist",
    "llm_matches", "llm_decisions", "llm_prompt_tokens", "llm_completion_tokens", "llm_retries", "llm_cost",
    "llm_priced_matches", "interrogations", "interrogation_decisions", "forced_exchanges"
  ) VALUES (
    a, r, sign,
    sign * coalesce((s ->> 'decisions')::int, 0),
    sign * coalesce((s ->> 'faults')::int, 0),
    sign * coalesce((s ->> 'claims')::int, 0),
    sign * coalesce((s ->> 'bluffs')::int, 0),
    sign * coalesce((s ->> 'challengeChances')::int, 0),
    sign * coalesce((s ->> 'challenges')::int, 0),
    sign * coalesce((s ->> 'challengesWon')::int, 0),
    sign * coalesce((s ->> 'challengesResolved')::int, 0),
    sign * coalesce((s ->> 'blockChances')::int, 0),
    sign * coalesce((s ->> 'blocks')::int, 0),
    hist,
    sign * coalesce((llm ->> 'matches')::int, 0),
    sign * coalesce((llm ->> 'decisions')::int, 0),
    sign * coalesce((llm ->> 'promptTokens')::bigint, 0),
    sign * coalesce((llm ->> 'completionTokens')::bigint, 0),
    sign * coalesce((llm ->> 'retries')::int, 0),
    sign * (llm ->> 'cost')::double precision,
    sign * coalesce((llm ->> 'pricedMatches')::int, 0),
    sign * coalesce((s ->> 'interrogations')::int, 0),
    sign * coalesce((s ->> 'interrogationDecisions')::int, 0),
    sign * coalesce((s ->> 'forcedExchanges')::int, 0)
  )
  ON CONFLICT ("agent_id", "ruleset") DO UPDATE SET
    "matches" = t."matches" + EXCLUDED."matches",
    "decisions" = t."decisions" + EXCLUDED."decisions",
    "faults" = t."faults" + EXCLUDED."faults",
    "claims" = t."claims" + EXCLUDED."claims",
    "bluffs" = t."bluffs" + EXCLUDED."bluffs",
    "challenge_chances" = t."challenge_chances" + EXCLUDED."challenge_chances",
    "challenges" = t."challenges" + EXCLUDED."challenges",
    "challenges_won" = t."challenges_won" + EXCLUDED."challenges_won",
    "challenges_resolved" = t."challenges_resolved" + EXCLUDED."challenges_resolved",
    "block_chances" = t."block_chances" + EXCLUDED."block_chances",
    "blocks" = t."blocks" + EXCLUDED."blocks",
    "latency_hist" = CASE WHEN EXCLUDED."latency_hist" = '{}'::jsonb THEN t."latency_hist"
                          ELSE agent_stats_merge_hist(t."latency_hist", EXCLUDED."latency_hist") END,
    "llm_matches" = t."llm_matches" + EXCLUDED."llm_matches",
    "llm_decisions" = t."llm_decisions" + EXCLUDED."llm_decisions",
    "llm_prompt_tokens" = t."llm_prompt_tokens" + EXCLUDED."llm_prompt_tokens",
    "llm_completion_tokens" = t."llm_completion_tokens" + EXCLUDED."llm_completion_tokens",
    "llm_retries" = t."llm_retries" + EXCLUDED."llm_retries",
    "llm_cost" = CASE WHEN EXCLUDED."llm_cost" IS NULL THEN t."llm_cost"
                      ELSE coalesce(t."llm_cost", 0) + EXCLUDED."llm_cost" END,
    "llm_priced_matches" = t."llm_priced_matches" + EXCLUDED."llm_priced_matches",
    "interrogations" = t."interrogations" + EXCLUDED."interrogations",
    "interrogation_decisions" = t."interrogation_decisions" + EXCLUDED."interrogation_decisions",
    "forced_exchanges" = t."forced_exchanges" + EXCLUDED."forced_exchanges";
END $$;

-- Adds (sign 1) or takes back (sign -1) one seat's per-role counts in its agent's row of ruleset `r` (which
-- agent_stats_add has just written).
CREATE FUNCTION agent_stats_add_roles(a TEXT, r TEXT, s JSONB, sign INT) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  d JSONB := agent_stats_role_counts(s, sign);
BEGIN
  IF d <> '{}'::jsonb THEN
    UPDATE "agent_stats" SET "role_counts" = agent_stats_merge_hist("role_counts", d)
    WHERE "agent_id" = a AND "ruleset" = r;
  END IF;
END $$;

CREATE OR REPLACE FUNCTION agent_stats_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD."agent_id" = NEW."agent_id" AND OLD."ranked" = NEW."ranked"
     AND OLD."ruleset" = NEW."ruleset" AND OLD."stats" IS NOT DISTINCT FROM NEW."stats" THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD."ranked" AND jsonb_typeof(OLD."stats") = 'object' THEN
    PERFORM agent_stats_add(OLD."agent_id", OLD."ruleset", OLD."stats", -1);
    PERFORM agent_stats_add_roles(OLD."agent_id", OLD."ruleset", OLD."stats", -1);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW."ranked" AND jsonb_typeof(NEW."stats") = 'object' THEN
    PERFORM agent_stats_add(NEW."agent_id", NEW."ruleset", NEW."stats", 1);
    PERFORM agent_stats_add_roles(NEW."agent_id", NEW."ruleset", NEW."stats", 1);
  END IF;
  RETURN NULL;
END $$;

DROP TRIGGER agent_stats_apply ON "match_seats";
CREATE TRIGGER agent_stats_apply
AFTER INSERT OR DELETE OR UPDATE OF "stats", "ranked", "agent_id", "ruleset" ON "match_seats"
FOR EACH ROW EXECUTE FUNCTION agent_stats_apply();

-- Ranked matches of another ruleset stored since rulesets were added were summed in the agent's only row:
-- those agents' rows are summed again, seat by seat, each seat into its ruleset's row. (Every other row
-- is all `original`, which the new column's default already says.)
DO $$
DECLARE
  ms RECORD;
  agents TEXT[] := ARRAY(
    SELECT DISTINCT "agent_id" FROM "match_seats"
    WHERE "ranked" AND "ruleset" <> 'original' AND jsonb_typeof("stats") = 'object'
  );
BEGIN
  DELETE FROM "agent_stats" WHERE "agent_id" = ANY(agents);
  FOR ms IN
    SELECT "agent_id", "ruleset", "stats" FROM "match_seats"
    WHERE "agent_id" = ANY(agents) AND "ranked" AND jsonb_typeof("stats") = 'object'
    ORDER BY "agent_id", "match_id", "seat"
  LOOP
    PERFORM agent_stats_add(ms."agent_id", ms."ruleset", ms."stats", 1);
    PERFORM agent_stats_add_roles(ms."agent_id", ms."ruleset", ms."stats", 1);
  END LOOP;
END $$;

-- store_match_result locks the rows the trigger will update: the agents' rows of the match's ruleset (the
-- function as the store_match_result_function migration wrote it, but for those two statements).
CREATE OR REPLACE FUNCTION store_match_result(
  p_match_id TEXT,
  p_attempt INT,
  p_seed_commitment TEXT,
  p_seats JSONB,
  p_engine_version TEXT,
  p_ruleset_version TEXT,
  p_protocol_version TEXT,
  p_packed BYTEA,
  p_finished_at TIMESTAMPTZ
) RETURNS TABLE (outcome TEXT, status TEXT, seats INT[]) LANGUAGE plpgsql AS $$
DECLARE
  m RECORD;
  given INT[];
BEGIN
  SELECT mt."status"::text AS status, mt."seed_commitment", mt."attempts", mt."ranked", mt."ruleset",
    ARRAY(SELECT ms."seat" FROM "match_seats" ms WHERE ms."match_id" = p_match_id ORDER BY ms."seat") AS seats
  INTO m FROM "matches" mt WHERE mt."id" = p_match_id FOR UPDATE;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'no_match'::text, NULL::text, NULL::int[];
    RETURN;
  END IF;
  IF m.status IN ('finished', 'aborted') THEN
    RETURN QUERY SELECT 'ended'::text, m.status, m.seats;
    RETURN;
  END IF;
  IF p_attempt IS NOT NULL AND m."attempts" <> p_attempt THEN
    RETURN QUERY SELECT 'superseded'::text, m.status, m.seats;
    RETURN;
  END IF;
  IF m."seed_commitment" <> p_seed_commitment THEN
    RETURN QUERY SELECT 'bad_seed'::text, m.status, m.seats;
    RETURN;
  END IF;
  -- p_seats is JSON null when the result's ranking and its seats already disagree: refused here, in order.
  IF jsonb_typeof(p_seats) = 'array' THEN
    given := ARRAY(SELECT (e ->> 'seat')::int FROM jsonb_array_elements(p_seats) e ORDER BY 1);
  END IF;
  IF given IS NULL OR given IS DISTINCT FROM m.seats THEN
    RETURN QUERY SELECT 'bad_seats'::text, m.status, m.seats;
    RETURN;
  END IF;
  IF m."ranked" THEN
    INSERT INTO "agent_stats" ("agent_id", "ruleset")
    SELECT DISTINCT ms."agent_id", m."ruleset" FROM "match_seats" ms WHERE ms."match_id" = p_match_id
    ORDER BY ms."agent_id"
    ON CONFLICT ("agent_id", "ruleset") DO NOTHING;
    PERFORM 1 FROM "agent_stats" s
    WHERE s."ruleset" = m."ruleset"
      AND s."agent_id" IN (SELECT ms."agent_id" FROM "match_seats" ms WHERE ms."match_id" = p_match_id)
    ORDER BY s."agent_id" FOR UPDATE;
  END IF;
  UPDATE "matches" SET "status" = 'finished', "finished_at" = p_finished_at,
    "engine_version" = p_engine_version, "ruleset_version" = p_ruleset_version,
    "protocol_version" = p_protocol_version
  WHERE "id" = p_match_id;
  UPDATE "match_seats" ms SET "place" = v.place, "faults" = v.faults, "forfeited" = v.forfeited,
    "stats" = CASE WHEN v.has_stats THEN v.stats ELSE ms."stats" END
  FROM jsonb_to_recordset(p_seats)
    AS v(seat INT, place INT, faults INT, forfeited BOOLEAN, has_stats BOOLEAN, stats JSONB)
  WHERE ms."match_id" = p_match_id AND ms."seat" = v.seat;
  INSERT INTO "replays" ("match_id", "packed") VALUES (p_match_id, p_packed)
  ON CONFLICT ("match_id") DO UPDATE SET "packed" = EXCLUDED."packed", "data" = NULL;
  RETURN QUERY SELECT 'stored'::text, 'finished'::text, m.seats;
END $$;
