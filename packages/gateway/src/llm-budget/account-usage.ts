import type { Prisma, PrismaClient } from '@coup/db';
import { tokenCost } from '@coup/llm';
import type { ModelPrices } from '../llm-usage';
import type { LlmBudgetLimits } from './budget';
import { modelsUsed } from './budget';
import { budgetResetsAt, usageDay } from './day';

// What an account spent on models today (UTC), for its owner: GET /v1/accounts/me, the agent page and
// `coup platform whoami`. Cost is at the operator's current prices (LLM_MODELS); null when none apply.

export interface AgentUsageToday {
  agentId: string;
  model: string;
  promptTokens: number;
  completionTokens: number;
  /** Answers counted. */
  calls: number;
  cost: number | null;
}

export interface AccountUsageToday {
  /** The UTC day counted ("2026-11-24"). */
  day: string;
  /** Tokens charged to the account today (prompt + completion). */
  used: number;
  /** LLM_TOKENS_PER_ACCOUNT_PER_DAY; null when the platform sets no daily budget. */
  limit: number | null;
  /** Tokens left today; null without a budget. */
  remaining: number | null;
  exhausted: boolean;
  /** When the budget resets: the next 00:00 UTC. */
  resetsAt: string;
  promptTokens: number;
  completionTokens: number;
  /** At the operator's prices; null when none of today's models has a price. */
  cost: number | null;
  /** By agent and model (an experiment's hidden agents included). */
  agents: AgentUsageToday[];
  /** The platform-wide daily budgets of the models this account used today (LLM_MODELS maxTokensPerDay). */
  models: { model: string; used: number; limit: number; exhausted: boolean }[];
}

type Db = PrismaClient | Prisma.TransactionClient;

export async function accountUsageToday(
  db: Db,
  accountId: string,
  limits: LlmBudgetLimits,
  prices: ModelPrices,
  now = new Date(),
): Promise<AccountUsageToday> {
  const day = usageDay(now);
  const rows = await db.$queryRaw<
    { agent_id: string; model: string; prompt: number; completion: number; calls: number }[]
  >`
    SELECT agent_id, model, prompt_tokens::float8 AS prompt, completion_tokens::float8 AS completion, calls
    FROM llm_token_usage WHERE day = ${day}::date AND account_id = ${accountId}
    ORDER BY agent_id, model`;
  const agents = rows.map((r) => ({
    agentId: r.agent_id,
    model: r.model,
    promptTokens: Number(r.prompt),
    completionTokens: Number(r.completion),
    calls: r.calls,
    cost: tokenCost(prices(r.model), Number(r.prompt), Number(r.completion)),
  }));
  const promptTokens = agents.reduce((n, a) => n + a.promptTokens, 0);
  const completionTokens = agents.reduce((n, a) => n + a.completionTokens, 0);
  const priced = agents.filter((a) => a.cost !== null);
  const used = promptTokens + completionTokens;
  const limit = limits.perAccount > 0 ? limits.perAccount : null;
  const capped = [...new Set(agents.map((a) => a.model))].flatMap((model) => {
    const cap = limits.models.find((m) => m.name === model)?.maxTokensPerDay;
    return cap === undefined ? [] : [{ model, limit: cap }];
  });
  const platform = await modelsUsed(
    db,
    capped.map((m) => m.model),
    day,
  );
  return {
    day,
    used,
    limit,
    remaining: limit === null ? null : Math.max(0, limit - used),
    exhausted: limit !== null && used >= limit,
    resetsAt: budgetResetsAt(now).toISOString(),
    promptTokens,
    completionTokens,
    cost: priced.length > 0 ? priced.reduce((n, a) => n + (a.cost ?? 0), 0) : null,
    agents,
    models: capped.map((m) => {
      const usedByAll = platform.get(m.model) ?? 0;
      return { model: m.model, used: usedByAll, limit: m.limit, exhausted: usedByAll >= m.limit };
    }),
  };
}
