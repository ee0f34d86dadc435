-- Hand-written (no schema change): a match's result is stored with one call of this function instead of an
-- interactive transaction of four to six statements (BEGIN, the locked read, the agent_stats locks, the
-- writes, COMMIT), so a worker makes one round trip to Postgres per stored match (issue 12).
--
-- It does what packages/db/src/matches.ts storeMatchResult documents: lock the match row, check it (still
-- queued or running, the latest attempt, the seed's commitment, the seats), lock the agents' agent_stats rows
-- in agent id order for a ranked match (the agent_stats_apply trigger updates them; two matches sharing
-- agents would deadlock locking them in seat order), then write the match, its seats and its packed replay.
-- Nothing is written unless every check passes; the outcome says which check failed.
CREATE FUNCTION store_match_result(
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
  SELECT mt."status"::text AS status, mt."seed_commitment", mt."attempts", mt."ranked",
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
    INSERT INTO "agent_stats" ("agent_id")
    SELECT DISTINCT ms."agent_id" FROM "match_seats" ms WHERE ms."match_id" = p_match_id ORDER BY ms."agent_id"
    ON CONFLICT ("agent_id") DO NOTHING;
    PERFORM 1 FROM "agent_stats" s
    WHERE s."agent_id" IN (SELECT ms."agent_id" FROM "match_seats" ms WHERE ms."match_id" = p_match_id)
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
