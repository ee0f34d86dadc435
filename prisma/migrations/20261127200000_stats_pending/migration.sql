-- CreateTable
CREATE TABLE "agent_stats_pending" (
    "match_id" TEXT NOT NULL,
    "seat" INTEGER NOT NULL,
    "agent_id" TEXT NOT NULL,
    "ruleset" TEXT NOT NULL,
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
    "role_counts" JSONB NOT NULL DEFAULT '{}',
    "llm_matches" INTEGER NOT NULL DEFAULT 0,
    "llm_decisions" INTEGER NOT NULL DEFAULT 0,
    "llm_prompt_tokens" BIGINT NOT NULL DEFAULT 0,
    "llm_completion_tokens" BIGINT NOT NULL DEFAULT 0,
    "llm_retries" INTEGER NOT NULL DEFAULT 0,
    "llm_cost" DOUBLE PRECISION,
    "llm_priced_matches" INTEGER NOT NULL DEFAULT 0,
    "interrogations" INTEGER NOT NULL DEFAULT 0,
    "interrogation_decisions" INTEGER NOT NULL DEFAULT 0,
    "forced_exchanges" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "agent_stats_pending_pkey" PRIMARY KEY ("match_id","seat")
);

-- CreateTable
CREATE TABLE "house_records_pending" (
    "id" BIGSERIAL NOT NULL,
    "agent_id" TEXT NOT NULL,
    "house_id" TEXT NOT NULL,
    "matches" INTEGER NOT NULL,
    "wins" INTEGER NOT NULL,
    "losses" INTEGER NOT NULL,

    CONSTRAINT "house_records_pending_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "agent_stats_pending_agent_id_idx" ON "agent_stats_pending"("agent_id");

-- CreateIndex
CREATE INDEX "house_records_pending_agent_id_idx" ON "house_records_pending"("agent_id");

-- AddForeignKey
ALTER TABLE "agent_stats_pending" ADD CONSTRAINT "agent_stats_pending_match_id_seat_fkey" FOREIGN KEY ("match_id", "seat") REFERENCES "match_seats"("match_id", "seat") ON DELETE CASCADE ON UPDATE CASCADE;

-- ---------------------------------------------------------------------------------------------------------
-- Hand-written part (issue 23): a stored match writes each of its rows once, and ranked stores sharing agents
-- no longer wait for each other.
--
-- Before, store_match_result wrote each seat's statistics JSON (~640-740 B) into match_seats, where the
-- agent_stats_apply trigger added it to the agents' agent_stats rows: every ranked match rewrote the same
-- three or four agent_stats rows (and the six to twelve house_records rows of its house pairs), which made
-- dead-row churn bigger than the data and made ranked stores sharing agents take turns on those row locks.
-- Now a ranked seat's figures are appended to agent_stats_pending (insert-only, one row a ranked seat, the
-- seat's sums in agent_stats' own columns) and house pairs' differences to house_records_pending; the
-- ladder folds both into agent_stats and house_records in batches (stats_fold, every second or so: one
-- update per agent and ruleset a batch instead of one a match). Reads add the pending rows of the agent
-- (packages/db agent-stats.ts, the API's house marks), so a profile shows a match as soon as it is stored.
-- The seat statistics JSON is no longer stored on the seat: old rows keep theirs (and the trigger still
-- counts a JSON written to a seat by hand); DESIGN.md says how agent_stats is rebuilt from the replays.
--
-- match_seats leaves room on its pages so the store's update of place/faults/forfeited (no indexed column,
-- the row's size about the same) is a HOT update, whose old version is pruned in the page without a vacuum
-- (a fifth of a page: about fourteen seat versions between prunes; 90 left 25% of the updates HOT in one
-- loaded run, against 99.7% at 80; it costs that fifth at rest, ~60 B a match).
ALTER TABLE "match_seats" SET (fillfactor = 80);

-- The pending tables are queues (rows inserted, then deleted by a fold a second or so later): vacuumed after
-- a fixed number of dead rows rather than a share of a table that is nearly empty, so their pages are reused
-- and the tables stay a few pages long; and never truncated by a vacuum (truncating takes an exclusive lock
-- that would hold up the stores inserting meanwhile, and a queue's empty tail is refilled a moment later).
ALTER TABLE "agent_stats_pending" SET (
  autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 2000, vacuum_truncate = false
);
ALTER TABLE "house_records_pending" SET (
  autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 2000, vacuum_truncate = false
);

-- One seat's statistics JSON as agent_stats columns (the sums agent_stats_add adds, for one seat).
CREATE FUNCTION agent_stats_seat_row(s JSONB) RETURNS TABLE (
  decisions INT, faults INT, claims INT, bluffs INT, challenge_chances INT, challenges INT, challenges_won INT,
  challenges_resolved INT, block_chances INT, blocks INT, latency_hist JSONB, role_counts JSONB,
  llm_matches INT, llm_decisions INT, llm_prompt_tokens BIGINT, llm_completion_tokens BIGINT, llm_retries INT,
  llm_cost DOUBLE PRECISION, llm_priced_matches INT, interrogations INT, interrogation_decisions INT,
  forced_exchanges INT
) LANGUAGE sql IMMUTABLE AS $$
  SELECT
    coalesce((s ->> 'decisions')::int, 0),
    coalesce((s ->> 'faults')::int, 0),
    coalesce((s ->> 'claims')::int, 0),
    coalesce((s ->> 'bluffs')::int, 0),
    coalesce((s ->> 'challengeChances')::int, 0),
    coalesce((s ->> 'challenges')::int, 0),
    coalesce((s ->> 'challengesWon')::int, 0),
    coalesce((s ->> 'challengesResolved')::int, 0),
    coalesce((s ->> 'blockChances')::int, 0),
    coalesce((s ->> 'blocks')::int, 0),
    (SELECT coalesce(jsonb_object_agg(k, n), '{}'::jsonb) FROM (
       SELECT agent_stats_latency_key(l::double precision) AS k, count(*) AS n
       FROM jsonb_array_elements_text(agent_stats_latencies(s)) l GROUP BY 1
     ) x),
    agent_stats_role_counts(s, 1),
    coalesce((llm ->> 'matches')::int, 0),
    coalesce((llm ->> 'decisions')::int, 0),
    coalesce((llm ->> 'promptTokens')::bigint, 0),
    coalesce((llm ->> 'completionTokens')::bigint, 0),
    coalesce((llm ->> 'retries')::int, 0),
    (llm ->> 'cost')::double precision,
    coalesce((llm ->> 'pricedMatches')::int, 0),
    coalesce((s ->> 'interrogations')::int, 0),
    coalesce((s ->> 'interrogationDecisions')::int, 0),
    coalesce((s ->> 'forcedExchanges')::int, 0)
  FROM (SELECT CASE WHEN jsonb_typeof(s -> 'llm') = 'object' THEN s -> 'llm' ELSE NULL END AS llm) l
$$;

-- Seats that carry their statistics JSON (stored before this migration, or written by hand) are counted as
-- before. A seat whose figures are pending (no JSON on the seat) follows its seat: a JSON written to it
-- replaces them, an update of its agent or ruleset moves them, a seat no longer ranked drops them (and a
-- deleted seat drops them by the foreign key's cascade). Figures already folded stay counted.
CREATE OR REPLACE FUNCTION agent_stats_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD."agent_id" = NEW."agent_id" AND OLD."ranked" = NEW."ranked"
     AND OLD."ruleset" = NEW."ruleset" AND OLD."stats" IS NOT DISTINCT FROM NEW."stats" THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' AND jsonb_typeof(OLD."stats") IS DISTINCT FROM 'object' THEN
    IF NOT NEW."ranked" OR jsonb_typeof(NEW."stats") = 'object' THEN
      DELETE FROM "agent_stats_pending" WHERE "match_id" = OLD."match_id" AND "seat" = OLD."seat";
    ELSE
      UPDATE "agent_stats_pending" SET "agent_id" = NEW."agent_id", "ruleset" = NEW."ruleset"
      WHERE "match_id" = NEW."match_id" AND "seat" = NEW."seat";
    END IF;
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

-- house_records_apply as the house_records migration wrote it, but for its last statement: the pairs'
-- differences are appended to house_records_pending (folded by stats_fold) instead of updating the records.
-- And a shortcut for what nearly every statement is, a stored result: an update placing seats none of
-- which was placed before, in matches with no other placed seat. Then no pair existed before the statement
-- and the pairs now are those among its new rows.
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
      SELECT 1 FROM "match_seats" ms
      WHERE ms."match_id" IN (SELECT n."match_id" FROM new_seats n) AND ms."place" IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM new_seats n WHERE n."match_id" = ms."match_id" AND n."seat" = ms."seat")
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
  INSERT INTO "house_records_pending" ("agent_id", "house_id", "matches", "wins", "losses")
  SELECT d."agent_id", d.house_id, d.matches, d.wins, d.losses FROM delta d
  WHERE d.matches <> 0 OR d.wins <> 0 OR d.losses <> 0;
  RETURN NULL;
END $$;

-- Folds up to p_limit pending rows of each table into agent_stats and house_records: the rows taken are
-- deleted and their sums added, one upsert per key, in key order (two folds at once, or a fold and a seat's
-- JSON counted by agent_stats_apply, lock rows in the same order). SKIP LOCKED: two folds take disjoint
-- rows. Readers see the pending rows or their sums, never both nor neither (one transaction). Returns how
-- many agent_stats and house_records rows it wrote (0: nothing was pending).
CREATE FUNCTION stats_fold(p_limit INT) RETURNS INT LANGUAGE plpgsql AS $$
DECLARE
  a INT;
  h INT;
BEGIN
  WITH taken AS (
    DELETE FROM "agent_stats_pending" p
    WHERE (p."match_id", p."seat") IN (
      SELECT q."match_id", q."seat" FROM "agent_stats_pending" q LIMIT p_limit FOR UPDATE SKIP LOCKED
    )
    RETURNING p.*
  ), hist AS (
    SELECT x."agent_id", x."ruleset", jsonb_object_agg(x.k, x.n) AS h FROM (
      SELECT t."agent_id", t."ruleset", e.key AS k, sum(e.value::bigint) AS n
      FROM taken t, jsonb_each_text(t."latency_hist") e GROUP BY 1, 2, 3 HAVING sum(e.value::bigint) <> 0
    ) x GROUP BY 1, 2
  ), roles AS (
    SELECT x."agent_id", x."ruleset", jsonb_object_agg(x.k, x.n) AS r FROM (
      SELECT t."agent_id", t."ruleset", e.key AS k, sum(e.value::bigint) AS n
      FROM taken t, jsonb_each_text(t."role_counts") e GROUP BY 1, 2, 3 HAVING sum(e.value::bigint) <> 0
    ) x GROUP BY 1, 2
  ), sums AS (
    SELECT t."agent_id", t."ruleset", count(*)::int AS matches,
      sum(t."decisions")::int AS decisions, sum(t."faults")::int AS faults, sum(t."claims")::int AS claims,
      sum(t."bluffs")::int AS bluffs, sum(t."challenge_chances")::int AS challenge_chances,
      sum(t."challenges")::int AS challenges, sum(t."challenges_won")::int AS challenges_won,
      sum(t."challenges_resolved")::int AS challenges_resolved, sum(t."block_chances")::int AS block_chances,
      sum(t."blocks")::int AS blocks, sum(t."llm_matches")::int AS llm_matches,
      sum(t."llm_decisions")::int AS llm_decisions, sum(t."llm_prompt_tokens")::bigint AS llm_prompt_tokens,
      sum(t."llm_completion_tokens")::bigint AS llm_completion_tokens, sum(t."llm_retries")::int AS llm_retries,
      sum(t."llm_cost") AS llm_cost, sum(t."llm_priced_matches")::int AS llm_priced_matches,
      sum(t."interrogations")::int AS interrogations,
      sum(t."interrogation_decisions")::int AS interrogation_decisions,
      sum(t."forced_exchanges")::int AS forced_exchanges
    FROM taken t GROUP BY 1, 2
  )
  INSERT INTO "agent_stats" AS t (
    "agent_id", "ruleset", "matches", "decisions", "faults", "claims", "bluffs", "challenge_chances",
    "challenges", "challenges_won", "challenges_resolved", "block_chances", "blocks", "latency_hist",
    "role_counts", "llm_matches", "llm_decisions", "llm_prompt_tokens", "llm_completion_tokens",
    "llm_retries", "llm_cost", "llm_priced_matches", "interrogations", "interrogation_decisions",
    "forced_exchanges"
  )
  SELECT s."agent_id", s."ruleset", s.matches, s.decisions, s.faults, s.claims, s.bluffs, s.challenge_chances,
    s.challenges, s.challenges_won, s.challenges_resolved, s.block_chances, s.blocks,
    coalesce(hist.h, '{}'::jsonb), coalesce(roles.r, '{}'::jsonb), s.llm_matches, s.llm_decisions,
    s.llm_prompt_tokens, s.llm_completion_tokens, s.llm_retries, s.llm_cost, s.llm_priced_matches,
    s.interrogations, s.interrogation_decisions, s.forced_exchanges
  FROM sums s
  LEFT JOIN hist ON hist."agent_id" = s."agent_id" AND hist."ruleset" = s."ruleset"
  LEFT JOIN roles ON roles."agent_id" = s."agent_id" AND roles."ruleset" = s."ruleset"
  ORDER BY s."agent_id", s."ruleset"
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
    "role_counts" = CASE WHEN EXCLUDED."role_counts" = '{}'::jsonb THEN t."role_counts"
                         ELSE agent_stats_merge_hist(t."role_counts", EXCLUDED."role_counts") END,
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
  GET DIAGNOSTICS a = ROW_COUNT;

  WITH taken AS (
    DELETE FROM "house_records_pending" p
    WHERE p."id" IN (SELECT q."id" FROM "house_records_pending" q LIMIT p_limit FOR UPDATE SKIP LOCKED)
    RETURNING p."agent_id", p."house_id", p."matches", p."wins", p."losses"
  )
  INSERT INTO "house_records" AS r ("agent_id", "house_id", "matches", "wins", "losses")
  SELECT t."agent_id", t."house_id", sum(t."matches")::int, sum(t."wins")::int, sum(t."losses")::int
  FROM taken t GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT ("agent_id", "house_id") DO UPDATE SET
    "matches" = r."matches" + EXCLUDED."matches",
    "wins" = r."wins" + EXCLUDED."wins",
    "losses" = r."losses" + EXCLUDED."losses";
  GET DIAGNOSTICS h = ROW_COUNT;
  RETURN a + h;
END $$;

-- store_match_result as the agent_stats_by_ruleset migration wrote it, but: no agent_stats row is locked (a
-- ranked store appends its seats' figures to agent_stats_pending, which no other store touches), the seats'
-- statistics JSON is not written to match_seats, and the seats' update changes only place, faults and
-- forfeited (HOT). The agents' agent_stats rows are still created if missing, so an agent's row of a
-- ruleset exists from its first ranked match (and stays, at zero, if that match is deleted before a fold).
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
  UPDATE "matches" SET "status" = 'finished', "finished_at" = p_finished_at,
    "engine_version" = p_engine_version, "ruleset_version" = p_ruleset_version,
    "protocol_version" = p_protocol_version
  WHERE "id" = p_match_id;
  UPDATE "match_seats" ms SET "place" = v.place, "faults" = v.faults, "forfeited" = v.forfeited
  FROM jsonb_to_recordset(p_seats) AS v(seat INT, place INT, faults INT, forfeited BOOLEAN)
  WHERE ms."match_id" = p_match_id AND ms."seat" = v.seat;
  IF m."ranked" THEN
    -- Only rows not there yet (NOT EXISTS reads the snapshot): ON CONFLICT alone would wait for a fold
    -- that is rewriting an existing row.
    INSERT INTO "agent_stats" ("agent_id", "ruleset")
    SELECT DISTINCT ms."agent_id", ms."ruleset" FROM "match_seats" ms
    WHERE ms."match_id" = p_match_id AND ms."ranked" AND NOT EXISTS (
      SELECT 1 FROM "agent_stats" s WHERE s."agent_id" = ms."agent_id" AND s."ruleset" = ms."ruleset"
    )
    ORDER BY 1, 2
    ON CONFLICT ("agent_id", "ruleset") DO NOTHING;
    INSERT INTO "agent_stats_pending" (
      "match_id", "seat", "agent_id", "ruleset", "decisions", "faults", "claims", "bluffs", "challenge_chances",
      "challenges", "challenges_won", "challenges_resolved", "block_chances", "blocks", "latency_hist",
      "role_counts", "llm_matches", "llm_decisions", "llm_prompt_tokens", "llm_completion_tokens",
      "llm_retries", "llm_cost", "llm_priced_matches", "interrogations", "interrogation_decisions",
      "forced_exchanges"
    )
    SELECT ms."match_id", ms."seat", ms."agent_id", ms."ruleset", d.*
    FROM jsonb_to_recordset(p_seats) AS v(seat INT, stats JSONB)
    JOIN "match_seats" ms ON ms."match_id" = p_match_id AND ms."seat" = v.seat
    CROSS JOIN LATERAL agent_stats_seat_row(v.stats) d
    WHERE ms."ranked" AND jsonb_typeof(v.stats) = 'object';
  END IF;
  INSERT INTO "replays" ("match_id", "packed") VALUES (p_match_id, p_packed)
  ON CONFLICT ("match_id") DO UPDATE SET "packed" = EXCLUDED."packed", "data" = NULL;
  RETURN QUERY SELECT 'stored'::text, 'finished'::text, m.seats;
END $$;
