import { tokenCost } from '@coup/llm';
import type { LlmModelConfig } from '@coup/llm';
import type { Replay } from '@coup/protocol';

// What one seat's language-model calls cost in one match (llm agents), kept in the seat's stats so profiles
// can show tokens per decision and, where the operator set prices in LLM_MODELS, cost per match. The price
// is the one in force when the match was stored.

export interface LlmUsage {
  /** Decisions whose calls were recorded (unused ones included: their tokens were spent too). */
  decisions: number;
  promptTokens: number;
  completionTokens: number;
  /** Calls beyond the first of each decision. */
  retries: number;
  /** Matches summed here (1 for one seat of one match). */
  matches: number;
  /** Cost at the operator's prices; null when no price applied. */
  cost: number | null;
  /** Matches whose cost is known (cost per match divides by this). */
  pricedMatches: number;
}

export type ModelPrices = (
  model: string,
) => Pick<LlmModelConfig, 'promptPricePerMTok' | 'completionPricePerMTok'> | undefined;

/** Each seat's model usage in the match, or null for seats that called no model. */
export function llmUsage(replay: Replay, prices: ModelPrices = () => undefined): (LlmUsage | null)[] {
  const out: (LlmUsage | null)[] = replay.players.map(() => null);
  for (const step of replay.steps) {
    if (step.kind !== 'decision' || !step.llm) continue;
    const u = (out[step.seat] ??= {
      decisions: 0,
      promptTokens: 0,
      completionTokens: 0,
      retries: 0,
      matches: 1,
      cost: null,
      pricedMatches: 0,
    });
    u.decisions++;
    u.promptTokens += step.llm.promptTokens;
    u.completionTokens += step.llm.completionTokens;
    u.retries += step.llm.retries;
    const cost = tokenCost(prices(step.llm.model), step.llm.promptTokens, step.llm.completionTokens);
    if (cost !== null) {
      u.cost = (u.cost ?? 0) + cost;
      u.pricedMatches = 1;
    }
  }
  return out;
}

/** Sums seats' usage over matches; null when none called a model. */
export function sumLlmUsage(all: Iterable<LlmUsage | null | undefined>): LlmUsage | null {
  let t: LlmUsage | null = null;
  for (const u of all) {
    if (!u) continue;
    t ??= {
      decisions: 0,
      promptTokens: 0,
      completionTokens: 0,
      retries: 0,
      matches: 0,
      cost: null,
      pricedMatches: 0,
    };
    t.decisions += u.decisions;
    t.promptTokens += u.promptTokens;
    t.completionTokens += u.completionTokens;
    t.retries += u.retries;
    t.matches += u.matches;
    if (u.cost !== null) t.cost = (t.cost ?? 0) + u.cost;
    t.pricedMatches += u.pricedMatches;
  }
  return t;
}

const per = (n: number, d: number, digits = 1) =>
  d === 0 ? null : Math.round((n / d) * 10 ** digits) / 10 ** digits;

/** The language-model figures of an agent profile. */
export function llmFigures(u: LlmUsage | null) {
  if (!u) return null;
  return {
    decisions: u.decisions,
    promptTokensPerDecision: per(u.promptTokens, u.decisions),
    completionTokensPerDecision: per(u.completionTokens, u.decisions),
    retriesPerDecision: per(u.retries, u.decisions, 3),
    costPerMatch: u.cost === null ? null : per(u.cost, u.pricedMatches, 6),
  };
}
