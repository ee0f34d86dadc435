import type { StatsRow } from '../repositories/agent-profile';
import { llmFigures, RATING_EPOCH_MS } from '@coup/gateway';
import type { LlmUsage } from '@coup/gateway';
import { behaviour, emptyStats, histogramPercentiles } from '@coup/competition';
import type { SeatStats } from '@coup/competition';
import { periodStart } from '@coup/rating';
import { isRulesetId } from '@coup/engine';
import type { RulesetId } from '@coup/engine';
import type { HistoryRow } from '../repositories/profile';

/** The agent's rating history rows (HISTORY_SQL's) as the profile shows them. */
export function historyOf(rows: readonly HistoryRow[], periodMs: number) {
  return rows.map((r) => ({
    ruleset: r.ruleset as RulesetId,
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
 * deadline), so it must not shape an agent's public figures. They are read from the agent's agent_stats rows,
 * one per ruleset, which a trigger keeps summed as match results are stored (one row read per ruleset,
 * whatever the number of matches). Figures are per ruleset (a bluff rate of the Inquisitor game is not one of
 * the original game): `stats` is the `original` ruleset's (the profile's long-standing field), `byRuleset`
 * every ruleset's the agent has played ranked matches of.
 */
export function statsOf(rows: readonly StatsRow[]) {
  const byRuleset: Partial<Record<RulesetId, ReturnType<typeof rulesetFigures>>> = {};
  for (const row of rows) {
    if (row.matches > 0 && isRulesetId(row.ruleset))
      byRuleset[row.ruleset] = rulesetFigures(row, row.ruleset);
  }
  // `stats` keeps the shape it had before rulesets: the original figures without the per-ruleset fields.
  const {
    ruleset: _,
    interrogations: __,
    forceExchangeRate: ___,
    ...original
  } = byRuleset.original ?? emptyFigures('original');
  return { stats: { ...original, bluffRateByRole: originalRoles(original.bluffRateByRole) }, byRuleset };
}

/** A ruleset's figures of an agent that has played none of its ranked matches. */
function emptyFigures(ruleset: RulesetId) {
  return { ruleset, matches: 0, ...behaviour(emptyStats(), ruleset), llm: null };
}

/** `original`'s bluff rate of each role: all five keys, as the profile's `stats` always gave them. */
function originalRoles(m: Partial<Record<string, number | null>>) {
  return {
    duke: m.duke ?? null,
    assassin: m.assassin ?? null,
    captain: m.captain ?? null,
    ambassador: m.ambassador ?? null,
    contessa: m.contessa ?? null,
  };
}

/** One agent_stats row as the profile's figures of its ruleset. */
function rulesetFigures(row: StatsRow, ruleset: RulesetId) {
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
    interrogations: row.interrogations,
    interrogationDecisions: row.interrogationDecisions,
    forcedExchanges: row.forcedExchanges,
    ...roleCounts(row.roleCounts),
  };
  const hist = (row.latencyHist ?? {}) as Record<string, number>;
  const [p50 = null, p95 = null] = histogramPercentiles(hist, [50, 95]);
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
    ruleset,
    matches: row.matches,
    ...behaviour(total, ruleset),
    latencyP50Ms: p50,
    latencyP95Ms: p95,
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
