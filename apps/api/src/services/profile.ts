import type { PrismaClient } from '@coup/db';
import { behaviour, emptyStats, histogramPercentile, llmFigures, RATING_EPOCH_MS } from '@coup/platform';
import type { LlmUsage, SeatStats } from '@coup/platform';
import { periodStart } from '@coup/rating';
import { agentStatsRow, ratingHistoryRows } from '../repositories/profile';

export async function ratingHistory(prisma: PrismaClient, agentId: string, periodMs: number) {
  const rows = await ratingHistoryRows(prisma, agentId);
  return rows.map((r) => ({
    periodIndex: r.periodIndex,
    periodEnd: new Date(periodStart(r.periodIndex + 1, periodMs, RATING_EPOCH_MS)).toISOString(),
    rating: r.rating,
    rd: r.rd,
    games: r.games,
  }));
}

/**
 * Behaviour figures (bluff, challenge, block, fault rates, latency, and an llm agent's tokens and cost) over
 * every finished ranked match of the agent: a casual match is anyone's to set up (opponents, a short
 * deadline), so it must not shape an agent's public figures. They are read from the agent's agent_stats row,
 * which a trigger keeps summed as match results are stored (one row read, whatever the number of matches).
 */
export async function behaviourStats(prisma: PrismaClient, agentId: string) {
  const row = await agentStatsRow(prisma, agentId);
  if (!row) return { matches: 0, ...behaviour(emptyStats()), llm: null };
  const total: SeatStats = {
    ...emptyStats(),
    decisions: row.decisions,
    faults: row.faults,
    claims: row.claims,
    bluffs: row.bluffs,
    challengeChances: row.challengeChances,
    challenges: row.challenges,
    challengesWon: row.challengesWon,
    challengesResolved: row.challengesResolved,
    blockChances: row.blockChances,
    blocks: row.blocks,
    ...roleCounts(row.roleCounts),
  };
  const hist = (row.latencyHist ?? {}) as Record<string, number>;
  const llm: LlmUsage | null =
    row.llmMatches > 0
      ? {
          matches: row.llmMatches,
          decisions: row.llmDecisions,
          promptTokens: Number(row.llmPromptTokens),
          completionTokens: Number(row.llmCompletionTokens),
          retries: row.llmRetries,
          cost: row.llmCost,
          pricedMatches: row.llmPricedMatches,
        }
      : null;
  return {
    matches: row.matches,
    ...behaviour(total),
    latencyP50Ms: histogramPercentile(hist, 50),
    latencyP95Ms: histogramPercentile(hist, 95),
    llm: llmFigures(llm),
  };
}

/** agent_stats.role_counts (`{ "claims.duke": n, "bluffs.duke": n }`) as seat stats' per-role counts. */
function roleCounts(json: unknown): Pick<SeatStats, 'roleClaims' | 'roleBluffs'> {
  const roleClaims: Record<string, number> = {};
  const roleBluffs: Record<string, number> = {};
  for (const [key, n] of Object.entries((json ?? {}) as Record<string, unknown>)) {
    const [kind, role] = key.split('.');
    if (typeof n !== 'number' || !role) continue;
    if (kind === 'claims') roleClaims[role] = n;
    if (kind === 'bluffs') roleBluffs[role] = n;
  }
  return { roleClaims, roleBluffs } as Pick<SeatStats, 'roleClaims' | 'roleBluffs'>;
}
