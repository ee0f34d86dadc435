import type { AgentStats, PrismaClient } from './generated/client.ts';

// An agent's behaviour sums (agent_stats) as of now: the folded rows plus the ranked seats still waiting in
// agent_stats_pending (stats_pending migration). Stores only append to the pending table, so ranked stores
// sharing agents never wait for each other and no agent_stats row is rewritten per match; the ladder folds
// the pending rows in batches (foldStats). Reading both in one statement (one snapshot) sees every stored
// seat exactly once, whether or not a fold ran meanwhile.

/** The agent's agent_stats rows with its pending seats added, one per ruleset, in ruleset order. */
export async function agentStatsOf(prisma: PrismaClient, agentId: string): Promise<AgentStats[]> {
  const rows = await prisma.$queryRaw<AgentStats[]>`
    SELECT agent_id AS "agentId", ruleset, matches, decisions, faults, claims, bluffs,
      challenge_chances AS "challengeChances", challenges, challenges_won AS "challengesWon",
      challenges_resolved AS "challengesResolved", block_chances AS "blockChances", blocks,
      latency_hist AS "latencyHist", role_counts AS "roleCounts", llm_matches AS "llmMatches",
      llm_decisions AS "llmDecisions", llm_prompt_tokens AS "llmPromptTokens",
      llm_completion_tokens AS "llmCompletionTokens", llm_retries AS "llmRetries", llm_cost AS "llmCost",
      llm_priced_matches AS "llmPricedMatches", interrogations,
      interrogation_decisions AS "interrogationDecisions", forced_exchanges AS "forcedExchanges"
    FROM agent_stats WHERE agent_id = ${agentId}
    UNION ALL
    SELECT agent_id, ruleset, 1, decisions, faults, claims, bluffs, challenge_chances, challenges,
      challenges_won, challenges_resolved, block_chances, blocks, latency_hist, role_counts, llm_matches,
      llm_decisions, llm_prompt_tokens, llm_completion_tokens, llm_retries, llm_cost, llm_priced_matches,
      interrogations, interrogation_decisions, forced_exchanges
    FROM agent_stats_pending WHERE agent_id = ${agentId}`;
  const byRuleset = new Map<string, AgentStats>();
  for (const r of rows) {
    const sum = byRuleset.get(r.ruleset);
    byRuleset.set(r.ruleset, sum ? addStats(sum, r) : { ...r });
  }
  return [...byRuleset.values()].sort((a, b) => (a.ruleset < b.ruleset ? -1 : a.ruleset > b.ruleset ? 1 : 0));
}

const COUNTERS = [
  'matches',
  'decisions',
  'faults',
  'claims',
  'bluffs',
  'challengeChances',
  'challenges',
  'challengesWon',
  'challengesResolved',
  'blockChances',
  'blocks',
  'llmMatches',
  'llmDecisions',
  'llmRetries',
  'llmPricedMatches',
  'interrogations',
  'interrogationDecisions',
  'forcedExchanges',
] as const;

/** Two rows of one agent and ruleset added up, as stats_fold adds a pending row to agent_stats. */
function addStats(a: AgentStats, b: AgentStats): AgentStats {
  const out = { ...a };
  for (const k of COUNTERS) out[k] = a[k] + b[k];
  out.llmPromptTokens = a.llmPromptTokens + b.llmPromptTokens;
  out.llmCompletionTokens = a.llmCompletionTokens + b.llmCompletionTokens;
  out.llmCost = b.llmCost === null ? a.llmCost : (a.llmCost ?? 0) + b.llmCost;
  out.latencyHist = addCounts(a.latencyHist, b.latencyHist);
  out.roleCounts = addCounts(a.roleCounts, b.roleCounts);
  return out;
}

/** Two `{ key: count }` objects added key by key, dropping keys whose count is zero (agent_stats_merge_hist). */
function addCounts(a: unknown, b: unknown): Record<string, number> {
  const out: Record<string, number> = { ...(a as Record<string, number>) };
  for (const [k, n] of Object.entries((b ?? {}) as Record<string, number>)) {
    const v = (out[k] ?? 0) + n;
    if (v === 0) delete out[k];
    else out[k] = v;
  }
  return out;
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
