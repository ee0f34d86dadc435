-- DropIndex
DROP INDEX "match_seats_agent_id_match_id_idx";

-- AlterTable
ALTER TABLE "match_seats" ADD COLUMN     "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
ADD COLUMN     "ranked" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "agent_stats" (
    "agent_id" TEXT NOT NULL,
    "matches" INTEGER NOT NULL DEFAULT 0,
    "decisions" INTEGER NOT NULL DEFAULT 0,
    "faults" INTEGER NOT NULL DEFAULT 0,
    "claims" INTEGER NOT NULL DEFAULT 0,
    "bluffs" INTEGER NOT NULL DEFAULT 0,
    "challenge_chances" INTEGER NOT NULL DEFAULT 0,
    "challenges" INTEGER NOT NULL DEFAULT 0,
    "challenges_won" INTEGER NOT NULL DEFAULT 0,
    "challenges_resolved" INTEGER NOT NULL DEFAULT 0,
    "block_chances" INTEGER NOT NULL DEFAULT 0,
    "blocks" INTEGER NOT NULL DEFAULT 0,
    "latency_hist" JSONB NOT NULL DEFAULT '{}',
    "llm_matches" INTEGER NOT NULL DEFAULT 0,
    "llm_decisions" INTEGER NOT NULL DEFAULT 0,
    "llm_prompt_tokens" BIGINT NOT NULL DEFAULT 0,
    "llm_completion_tokens" BIGINT NOT NULL DEFAULT 0,
    "llm_retries" INTEGER NOT NULL DEFAULT 0,
    "llm_cost" DOUBLE PRECISION,
    "llm_priced_matches" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "agent_stats_pkey" PRIMARY KEY ("agent_id")
);

-- CreateIndex
CREATE INDEX "match_seats_agent_id_created_at_match_id_idx" ON "match_seats"("agent_id", "created_at" DESC, "match_id" DESC);

-- AddForeignKey
ALTER TABLE "agent_stats" ADD CONSTRAINT "agent_stats_agent_id_fkey" FOREIGN KEY ("agent_id") REFERENCES "agents"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- ---------------------------------------------------------------------------------------------------------
-- Hand-written part (Prisma does not model triggers or backfills).

-- Backfill the seats' copies of their match's created_at and ranked (before the triggers exist).
UPDATE "match_seats" ms SET "created_at" = m."created_at", "ranked" = m."ranked"
FROM "matches" m WHERE m."id" = ms."match_id";

-- Whatever writes a seat (Prisma nested creates, raw SQL, tests), it gets its match's created_at and ranked.
CREATE FUNCTION match_seats_fill() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  c TIMESTAMPTZ(3);
  r BOOLEAN;
BEGIN
  SELECT m."created_at", m."ranked" INTO c, r FROM "matches" m WHERE m."id" = NEW."match_id";
  IF FOUND THEN
    NEW."created_at" := c;
    NEW."ranked" := r;
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER match_seats_fill BEFORE INSERT ON "match_seats"
FOR EACH ROW EXECUTE FUNCTION match_seats_fill();

-- The latency histogram's key of one latency (ms): exact to 0.1 ms below 100 ms, three significant digits above.
CREATE FUNCTION agent_stats_latency_key(v DOUBLE PRECISION) RETURNS TEXT LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN v < 100 THEN round(greatest(v, 0)::numeric, 1)::text
    ELSE round(v::numeric, 2 - floor(log(v::numeric))::int)::text
  END
$$;

-- A seat's latencies, as an array (an absent or malformed list counts as none).
CREATE FUNCTION agent_stats_latencies(s JSONB) RETURNS JSONB LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN jsonb_typeof(s -> 'latencies') = 'array' THEN s -> 'latencies' ELSE '[]'::jsonb END
$$;

-- Adds two histograms key by key, dropping keys whose count falls to zero.
CREATE FUNCTION agent_stats_merge_hist(a JSONB, b JSONB) RETURNS JSONB LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(jsonb_object_agg(key, n), '{}'::jsonb) FROM (
    SELECT key, sum(value::bigint) AS n
    FROM (SELECT * FROM jsonb_each_text(a) UNION ALL SELECT * FROM jsonb_each_text(b)) e
    GROUP BY key HAVING sum(value::bigint) <> 0
  ) x
$$;

-- Adds (sign 1) or takes back (sign -1) one seat's stats in its agent's running sums.
CREATE FUNCTION agent_stats_add(a TEXT, s JSONB, sign INT) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  hist JSONB;
  llm JSONB := CASE WHEN jsonb_typeof(s -> 'llm') = 'object' THEN s -> 'llm' ELSE NULL END;
BEGIN
  SELECT coalesce(jsonb_object_agg(k, n), '{}'::jsonb) INTO hist FROM (
    SELECT agent_stats_latency_key(l::double precision) AS k, count(*) * sign AS n
    FROM jsonb_array_elements_text(agent_stats_latencies(s)) l GROUP BY 1
  ) x;
  INSERT INTO "agent_stats" AS t (
    "agent_id", "matches", "decisions", "faults", "claims", "bluffs", "challenge_chances", "challenges",
    "challenges_won", "challenges_resolved", "block_chances", "blocks", "latency_hist",
    "llm_matches", "llm_decisions", "llm_prompt_tokens", "llm_completion_tokens", "llm_retries", "llm_cost",
    "llm_priced_matches"
  ) VALUES (
    a, sign,
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
    sign * coalesce((llm ->> 'pricedMatches')::int, 0)
  )
  ON CONFLICT ("agent_id") DO UPDATE SET
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
    "llm_priced_matches" = t."llm_priced_matches" + EXCLUDED."llm_priced_matches";
END $$;

-- Profiles count a seat once it is ranked and has stats (written when its match result is stored, exactly
-- once); an update takes the old stats back before adding the new, a delete takes them back.
CREATE FUNCTION agent_stats_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD."agent_id" = NEW."agent_id" AND OLD."ranked" = NEW."ranked"
     AND OLD."stats" IS NOT DISTINCT FROM NEW."stats" THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD."ranked" AND jsonb_typeof(OLD."stats") = 'object' THEN
    PERFORM agent_stats_add(OLD."agent_id", OLD."stats", -1);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW."ranked" AND jsonb_typeof(NEW."stats") = 'object' THEN
    PERFORM agent_stats_add(NEW."agent_id", NEW."stats", 1);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER agent_stats_apply AFTER INSERT OR DELETE OR UPDATE OF "stats", "ranked", "agent_id" ON "match_seats"
FOR EACH ROW EXECUTE FUNCTION agent_stats_apply();

-- Backfill agent_stats from the seats stored so far (set-based: one pass for the sums, one for latencies).
INSERT INTO "agent_stats" (
  "agent_id", "matches", "decisions", "faults", "claims", "bluffs", "challenge_chances", "challenges",
  "challenges_won", "challenges_resolved", "block_chances", "blocks",
  "llm_matches", "llm_decisions", "llm_prompt_tokens", "llm_completion_tokens", "llm_retries", "llm_cost",
  "llm_priced_matches"
)
SELECT "agent_id", count(*),
  sum(coalesce((s ->> 'decisions')::int, 0)), sum(coalesce((s ->> 'faults')::int, 0)),
  sum(coalesce((s ->> 'claims')::int, 0)), sum(coalesce((s ->> 'bluffs')::int, 0)),
  sum(coalesce((s ->> 'challengeChances')::int, 0)), sum(coalesce((s ->> 'challenges')::int, 0)),
  sum(coalesce((s ->> 'challengesWon')::int, 0)), sum(coalesce((s ->> 'challengesResolved')::int, 0)),
  sum(coalesce((s ->> 'blockChances')::int, 0)), sum(coalesce((s ->> 'blocks')::int, 0)),
  sum(coalesce((llm ->> 'matches')::int, 0)), sum(coalesce((llm ->> 'decisions')::int, 0)),
  sum(coalesce((llm ->> 'promptTokens')::bigint, 0)), sum(coalesce((llm ->> 'completionTokens')::bigint, 0)),
  sum(coalesce((llm ->> 'retries')::int, 0)), sum((llm ->> 'cost')::double precision),
  sum(coalesce((llm ->> 'pricedMatches')::int, 0))
FROM (
  SELECT "agent_id", "stats" AS s,
    CASE WHEN jsonb_typeof("stats" -> 'llm') = 'object' THEN "stats" -> 'llm' ELSE NULL END AS llm
  FROM "match_seats" WHERE "ranked" AND jsonb_typeof("stats") = 'object'
) seats
GROUP BY "agent_id";

UPDATE "agent_stats" t SET "latency_hist" = h.hist
FROM (
  SELECT "agent_id", jsonb_object_agg(k, n) AS hist FROM (
    SELECT ms."agent_id", agent_stats_latency_key(l::double precision) AS k, count(*) AS n
    FROM "match_seats" ms, jsonb_array_elements_text(agent_stats_latencies(ms."stats")) l
    WHERE ms."ranked" AND jsonb_typeof(ms."stats") = 'object'
    GROUP BY 1, 2
  ) x GROUP BY "agent_id"
) h
WHERE h."agent_id" = t."agent_id";
