import { Prisma } from './generated/client.ts';
import type { AgentStats, PrismaClient } from './generated/client.ts';

// An agent's behaviour sums (agent_stats) as of now: the folded rows plus the ranked seats still waiting in
// agent_stats_pending (stats_pending migration). Stores only append to the pending table, so ranked stores
// sharing agents never wait for each other and no agent_stats row is rewritten per match; the ladder folds
// the pending rows in batches (foldStats). Reading both in one statement (one snapshot) sees every stored
// seat exactly once, whether or not a fold ran meanwhile.

/**
 * The agent's agent_stats rows with its pending seats added, one per ruleset, in ruleset order. Summed in
 * the statement: an agent in every match (a house agent) has a second's worth of pending seats, hundreds of
 * rows at a hundred ranked matches a second, which were sent and parsed one by one.
 */
export async function agentStatsOf(prisma: PrismaClient, agentId: string): Promise<AgentStats[]> {
  return prisma.$queryRaw<AgentStats[]>(agentStatsSql(agentId));
}

/**
 * agentStatsOf's statement, for a read that runs it inside one of its own (the API's profile: one
 * statement for the whole profile). Columns as AgentStats' fields (sums of bigint columns as bigint).
 */
export function agentStatsSql(agentId: string): Prisma.Sql {
  return Prisma.sql`
    WITH r AS (
      SELECT ruleset, matches, decisions, faults, claims, bluffs, challenge_chances, challenges,
        challenges_won, challenges_resolved, block_chances, blocks, latency_hist, role_counts, llm_matches,
        llm_decisions, llm_prompt_tokens, llm_completion_tokens, llm_retries, llm_cost, llm_priced_matches,
        interrogations, interrogation_decisions, forced_exchanges
      FROM agent_stats WHERE agent_id = ${agentId}
      UNION ALL
      SELECT ruleset, 1, decisions, faults, claims, bluffs, challenge_chances, challenges, challenges_won,
        challenges_resolved, block_chances, blocks, latency_hist, role_counts, llm_matches, llm_decisions,
        llm_prompt_tokens, llm_completion_tokens, llm_retries, llm_cost, llm_priced_matches, interrogations,
        interrogation_decisions, forced_exchanges
      FROM agent_stats_pending WHERE agent_id = ${agentId}
    ), many AS (
      -- Rulesets with pending seats besides the folded row: only their latency histograms need summing key
      -- by key (hundreds of keys, ~1 ms a read); a single row's histogram is its sum already (a count of
      -- zero, which a sum would drop, weighs nothing in a percentile).
      SELECT ruleset FROM r GROUP BY ruleset HAVING count(*) > 1
    ), hist AS (
      -- { key: count } summed key by key, keys whose count is zero dropped (as agent_stats_merge_hist).
      SELECT ruleset, jsonb_object_agg(k, n) AS h FROM (
        SELECT r.ruleset, e.key AS k, sum(e.value::bigint) AS n
        FROM r, jsonb_each_text(r.latency_hist) e WHERE r.ruleset IN (SELECT ruleset FROM many)
        GROUP BY 1, 2 HAVING sum(e.value::bigint) <> 0
      ) x GROUP BY 1
      UNION ALL
      SELECT ruleset, latency_hist FROM r WHERE ruleset NOT IN (SELECT ruleset FROM many)
    ), roles AS (
      SELECT ruleset, jsonb_object_agg(k, n) AS c FROM (
        SELECT r.ruleset, e.key AS k, sum(e.value::bigint) AS n
        FROM r, jsonb_each_text(r.role_counts) e GROUP BY 1, 2 HAVING sum(e.value::bigint) <> 0
      ) x GROUP BY 1
    )
    SELECT ${agentId}::text AS "agentId", s.ruleset, s.matches, s.decisions, s.faults, s.claims, s.bluffs,
      s.challenge_chances AS "challengeChances", s.challenges, s.challenges_won AS "challengesWon",
      s.challenges_resolved AS "challengesResolved", s.block_chances AS "blockChances", s.blocks,
      coalesce(hist.h, '{}'::jsonb) AS "latencyHist", coalesce(roles.c, '{}'::jsonb) AS "roleCounts",
      s.llm_matches AS "llmMatches", s.llm_decisions AS "llmDecisions",
      s.llm_prompt_tokens AS "llmPromptTokens", s.llm_completion_tokens AS "llmCompletionTokens",
      s.llm_retries AS "llmRetries", s.llm_cost AS "llmCost", s.llm_priced_matches AS "llmPricedMatches",
      s.interrogations, s.interrogation_decisions AS "interrogationDecisions",
      s.forced_exchanges AS "forcedExchanges"
    FROM (
      SELECT ruleset, sum(matches)::int AS matches, sum(decisions)::int AS decisions,
        sum(faults)::int AS faults, sum(claims)::int AS claims, sum(bluffs)::int AS bluffs,
        sum(challenge_chances)::int AS challenge_chances, sum(challenges)::int AS challenges,
        sum(challenges_won)::int AS challenges_won, sum(challenges_resolved)::int AS challenges_resolved,
        sum(block_chances)::int AS block_chances, sum(blocks)::int AS blocks,
        sum(llm_matches)::int AS llm_matches, sum(llm_decisions)::int AS llm_decisions,
        sum(llm_prompt_tokens)::bigint AS llm_prompt_tokens,
        sum(llm_completion_tokens)::bigint AS llm_completion_tokens, sum(llm_retries)::int AS llm_retries,
        sum(llm_cost) AS llm_cost, sum(llm_priced_matches)::int AS llm_priced_matches,
        sum(interrogations)::int AS interrogations,
        sum(interrogation_decisions)::int AS interrogation_decisions,
        sum(forced_exchanges)::int AS forced_exchanges
      FROM r GROUP BY ruleset
    ) s
    LEFT JOIN hist ON hist.ruleset = s.ruleset
    LEFT JOIN roles ON roles.ruleset = s.ruleset
    ORDER BY s.ruleset COLLATE "C"`;
}

/**
 * Folds up to `limit` pending rows of agent_stats_pending and house_records_pending into agent_stats and
 * house_records (the SQL function stats_fold: one upsert per key, in key order; concurrent folds take
 * disjoint rows). Returns how many agent_stats and house_records rows it wrote (0: nothing was pending).
 */
export async function foldStats(prisma: PrismaClient, limit = 20_000): Promise<number> {
  const [row] = await prisma.$queryRaw<{ n: number }[]>`SELECT stats_fold(${limit}::int) AS n`;
  return row?.n ?? 0;
}
