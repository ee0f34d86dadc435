import { DEFAULT_RULESET, RULESETS, rulesetOf } from '@coup/engine';
import type { AnyTurnActionType, GameState, Role, Ruleset, RulesetId } from '@coup/engine';
import { notRerunnable, replaySteps } from '@coup/protocol';
import type { Replay } from '@coup/protocol';
import { sumLlmUsage } from '@coup/gateway';
import type { LlmUsage } from '@coup/gateway';

/** What one seat did in one match; summed over matches for an agent's profile. */
export interface SeatStats {
  decisions: number;
  faults: number;
  /** Role claims made: claimed actions declared and blocks. */
  claims: number;
  /** Claims made without holding the role face-down at that moment. */
  bluffs: number;
  /** Claims and bluffs per role (absent in stats stored before they were counted). */
  roleClaims?: Partial<Record<Role, number>>;
  roleBluffs?: Partial<Record<Role, number>>;
  /** Decisions in a window where a challenge was possible (challenge_action, challenge_block). */
  challengeChances: number;
  challenges: number;
  /** Challenges that were resolved (the first challenger in seat order) and caught a bluff. */
  challengesWon: number;
  /** Challenges that were resolved (won or lost). */
  challengesResolved: number;
  blockChances: number;
  blocks: number;
  /**
   * Rulesets with an interrogation (`inquisitors`), absent in stats of other games and in stats stored
   * before they were counted: interrogations declared, decisions after one stood (allow or force), and
   * forced exchanges among those.
   */
  interrogations?: number;
  interrogationDecisions?: number;
  forcedExchanges?: number;
  /** Latency of each answered decision, ms (rounded to 0.1). */
  latencies: number[];
  /** Language-model calls (llm agents only): tokens, retries, cost. Set by the worker (llmUsage). */
  llm?: LlmUsage | null;
}

export const emptyStats = (): SeatStats => ({
  decisions: 0,
  faults: 0,
  claims: 0,
  bluffs: 0,
  challengeChances: 0,
  challenges: 0,
  challengesWon: 0,
  challengesResolved: 0,
  blockChances: 0,
  blocks: 0,
  roleClaims: {},
  roleBluffs: {},
  latencies: [],
});

const bump = (m: Partial<Record<Role, number>>, r: Role, by = 1) => {
  m[r] = (m[r] ?? 0) + by;
};

function holds(s: GameState, seat: number, role: Role): boolean {
  return s.players[seat]?.cards.some((c) => !c.revealed && c.role === role) ?? false;
}

/** Adds `by` to an optional counter. */
const add = (st: SeatStats, k: 'interrogations' | 'interrogationDecisions' | 'forcedExchanges', by = 1) => {
  st[k] = (st[k] ?? 0) + by;
};

/**
 * Re-runs the match from its replay (the hidden state is needed to tell a bluff from a true claim) and
 * returns each seat's statistics. Claims are read from the rules of the replay's ruleset (an inquisitors
 * exchange claims the inquisitor, an interrogation too). Throws if the replay does not re-run (verify
 * replays before storing).
 */
export function seatStats(replay: Replay): SeatStats[] {
  const stats = replay.players.map(emptyStats);
  // An unknown ruleset has no rules here: replaySteps throws for it at the first step.
  const rules = RULESETS[(replay.ruleset ?? DEFAULT_RULESET) as RulesetId] as Ruleset | undefined;
  const interrogates = rules?.action.interrogate !== undefined;
  if (interrogates)
    for (const st of stats)
      Object.assign(st, { interrogations: 0, interrogationDecisions: 0, forcedExchanges: 0 });
  // Re-run as the version that played the match (its seeding included); an unknown one throws.
  for (const run of replaySteps(replay)) {
    if (run.rejected) throw notRerunnable(run);
    const { step, before } = run;
    if (step.kind === 'forfeit' || !run.transition) continue;
    const st = stats[step.seat];
    if (!st || !step.applied) continue;
    const a = step.applied;
    st.decisions++;
    if (step.fault) st.faults++;
    else st.latencies.push(Math.round(step.latencyMs * 10) / 10);
    if (step.phase === 'challenge_action' || step.phase === 'challenge_block') {
      st.challengeChances++;
      if (a.type === 'challenge') st.challenges++;
    }
    if (step.phase === 'block') {
      st.blockChances++;
      if (a.type === 'block') st.blocks++;
    }
    if (interrogates && !step.fault) {
      if (step.phase === 'action' && a.type === 'interrogate') add(st, 'interrogations');
      if (step.phase === 'interrogate_decide') {
        add(st, 'interrogationDecisions');
        if (a.type === 'force_exchange') add(st, 'forcedExchanges');
      }
    }
    const claim =
      step.phase === 'action'
        ? (rulesetOf(before).action[a.type as AnyTurnActionType]?.claim ?? null)
        : a.type === 'block'
          ? (a.data?.role ?? null)
          : null;
    if (claim && !step.fault) {
      st.claims++;
      bump((st.roleClaims ??= {}), claim);
      if (!holds(before, step.seat, claim)) {
        st.bluffs++;
        bump((st.roleBluffs ??= {}), claim);
      }
    }
    for (const e of run.events) {
      if (e.type !== 'challenged') continue;
      const challenger = stats[e.seat];
      if (!challenger) continue;
      challenger.challengesResolved++;
      if (!e.truthful) challenger.challengesWon++;
    }
  }
  return stats;
}

/** Sums per-match stats into an agent's totals (latencies concatenated). */
export function sumStats(all: Iterable<SeatStats>): SeatStats {
  const t = emptyStats();
  const llm: (LlmUsage | null | undefined)[] = [];
  for (const x of all) {
    llm.push(x.llm);
    t.decisions += x.decisions;
    t.faults += x.faults;
    t.claims += x.claims;
    t.bluffs += x.bluffs;
    t.challengeChances += x.challengeChances;
    t.challenges += x.challenges;
    t.challengesWon += x.challengesWon;
    t.challengesResolved += x.challengesResolved;
    t.blockChances += x.blockChances;
    t.blocks += x.blocks;
    // The roles each seat's stats name (those of its match's ruleset; none in stats stored before).
    for (const [r, n] of Object.entries(x.roleClaims ?? {})) bump((t.roleClaims ??= {}), r as Role, n ?? 0);
    for (const [r, n] of Object.entries(x.roleBluffs ?? {})) bump((t.roleBluffs ??= {}), r as Role, n ?? 0);
    if (x.interrogations !== undefined) add(t, 'interrogations', x.interrogations);
    if (x.interrogationDecisions !== undefined) add(t, 'interrogationDecisions', x.interrogationDecisions);
    if (x.forcedExchanges !== undefined) add(t, 'forcedExchanges', x.forcedExchanges);
    for (const l of x.latencies) t.latencies.push(l);
  }
  const usage = sumLlmUsage(llm);
  if (usage) t.llm = usage;
  return t;
}

export function percentile(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i] ?? null;
}

const rate = (n: number, d: number) => (d === 0 ? null : Math.round((n / d) * 1000) / 1000);

/**
 * The behaviour figures of an agent profile, over matches of one ruleset (its roles are the keys of
 * bluffRateByRole; the interrogation figures are there for a ruleset that interrogates).
 */
export function behaviour(t: SeatStats, ruleset: RulesetId = DEFAULT_RULESET) {
  const sorted = [...t.latencies].sort((a, b) => a - b);
  const rules = RULESETS[ruleset];
  return {
    decisions: t.decisions,
    bluffRate: rate(t.bluffs, t.claims),
    /** Bluffs per claim of each role ("bluffs Duke 4% of the times it claims it"); null with no claims. */
    bluffRateByRole: Object.fromEntries(
      rules.roles.map((r) => [r, rate(t.roleBluffs?.[r] ?? 0, t.roleClaims?.[r] ?? 0)]),
    ) as Partial<Record<Role, number | null>>,
    ...(rules.action.interrogate
      ? {
          interrogations: t.interrogations ?? 0,
          /** Forced exchanges per interrogation that stood (the interrogator's choice). */
          forceExchangeRate: rate(t.forcedExchanges ?? 0, t.interrogationDecisions ?? 0),
        }
      : {}),
    challengeRate: rate(t.challenges, t.challengeChances),
    challengeSuccess: rate(t.challengesWon, t.challengesResolved),
    blockRate: rate(t.blocks, t.blockChances),
    faultRate: rate(t.faults, t.decisions),
    latencyP50Ms: percentile(sorted, 50),
    latencyP95Ms: percentile(sorted, 95),
  };
}

/**
 * The percentile of latencies kept as a histogram `{ "<ms>": count }` (agent_stats.latency_hist), by the
 * same rule as percentile() over the sorted list the histogram stands for.
 */
export function histogramPercentile(hist: Readonly<Record<string, number>>, p: number): number | null {
  return histogramPercentiles(hist, [p])[0] ?? null;
}

/** histogramPercentile for each of `ps`, the histogram sorted once (a profile's has hundreds of keys). */
export function histogramPercentiles(
  hist: Readonly<Record<string, number>>,
  ps: readonly number[],
): (number | null)[] {
  const bins = Object.entries(hist)
    .map(([k, n]) => [Number(k), n] as const)
    .filter(([v, n]) => Number.isFinite(v) && n > 0)
    .sort((a, b) => a[0] - b[0]);
  const total = bins.reduce((s, [, n]) => s + n, 0);
  return ps.map((p) => {
    if (total === 0) return null;
    const i = Math.min(total - 1, Math.max(0, Math.ceil((p / 100) * total) - 1));
    let seen = 0;
    for (const [v, n] of bins) {
      seen += n;
      if (i < seen) return v;
    }
    return null;
  });
}
