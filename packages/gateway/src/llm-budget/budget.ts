import type { Prisma, PrismaClient } from '@coup/db';
import type { LlmModelConfig } from '@coup/llm';
import type { Env } from '../env';
import { budgetResetsAt, usageDay } from './day';
import { playsHostedModel } from '@coup/transports';

// The daily model budgets: per account (LLM_TOKENS_PER_ACCOUNT_PER_DAY) and, where the operator set one,
// per model for the whole platform (LLM_MODELS maxTokensPerDay). Both are read from llm_token_usage, the
// tokens model answers reported today (UTC). A spent budget stops new spending: new matches, tables,
// experiment deals, queue joins and checks with llm seats are refused, matchmaking skips them (their agents
// leave the ranked queue), and matches already running finish.

/** The error code (HTTP 429) and queue-leave reason of a spent budget. */
export const LLM_BUDGET_EXHAUSTED_CODE = 'llm_budget_exhausted';

export interface LlmBudgetLimits {
  /** LLM_TOKENS_PER_ACCOUNT_PER_DAY; 0: no daily budget per account. */
  perAccount: number;
  /** LLM_MODELS, for each model's maxTokensPerDay. */
  models: readonly Pick<LlmModelConfig, 'name' | 'maxTokensPerDay'>[];
}

export function llmBudgetLimits(
  env: Pick<Env, 'LLM_TOKENS_PER_ACCOUNT_PER_DAY' | 'LLM_MODELS'>,
): LlmBudgetLimits {
  return { perAccount: env.LLM_TOKENS_PER_ACCOUNT_PER_DAY, models: env.LLM_MODELS };
}

/** A spent budget: whose, how much was used of how much, and when it resets (ISO time). */
export type BudgetRefusal =
  | { scope: 'account'; accountId: string; used: number; limit: number; resetsAt: string }
  | { scope: 'model'; model: string; used: number; limit: number; resetsAt: string };

type Db = PrismaClient | Prisma.TransactionClient;

/** Tokens (prompt + completion) each account was charged on `day`; accounts without any are absent. */
export async function accountsUsed(db: Db, accountIds: readonly string[], day: string) {
  if (accountIds.length === 0) return new Map<string, number>();
  const rows = await db.$queryRaw<{ id: string; used: number }[]>`
    SELECT account_id AS id, sum(prompt_tokens + completion_tokens)::float8 AS used
    FROM llm_token_usage WHERE day = ${day}::date AND account_id = ANY(${[...accountIds]}::text[])
    GROUP BY account_id`;
  return new Map(rows.map((r) => [r.id, Number(r.used)]));
}

/** Tokens each model spent on `day`, all accounts together; models without any are absent. */
export async function modelsUsed(db: Db, models: readonly string[], day: string) {
  if (models.length === 0) return new Map<string, number>();
  const rows = await db.$queryRaw<{ id: string; used: number }[]>`
    SELECT model AS id, sum(prompt_tokens + completion_tokens)::float8 AS used
    FROM llm_token_usage WHERE day = ${day}::date AND model = ANY(${[...models]}::text[])
    GROUP BY model`;
  return new Map(rows.map((r) => [r.id, Number(r.used)]));
}

export interface SpentBudgets {
  accounts: Map<string, BudgetRefusal>;
  models: Map<string, BudgetRefusal>;
}

/** Which of these accounts and models have spent today's budget. */
export async function spentBudgets(
  db: Db,
  accountIds: readonly string[],
  models: readonly string[],
  limits: LlmBudgetLimits,
  now = new Date(),
): Promise<SpentBudgets> {
  const day = usageDay(now);
  const resetsAt = budgetResetsAt(now).toISOString();
  const spent: SpentBudgets = { accounts: new Map(), models: new Map() };
  const capped = models.flatMap((name) => {
    const limit = limits.models.find((m) => m.name === name)?.maxTokensPerDay;
    return limit === undefined ? [] : [{ name, limit }];
  });
  const none = new Map<string, number>();
  const modelNames = capped.map((m) => m.name);
  const [byAccount, byModel] = await Promise.all([
    limits.perAccount > 0 ? accountsUsed(db, unique(accountIds), day) : none,
    capped.length > 0 ? modelsUsed(db, modelNames, day) : none,
  ]);
  for (const [accountId, used] of byAccount) {
    if (used >= limits.perAccount) {
      spent.accounts.set(accountId, {
        scope: 'account',
        accountId,
        used,
        limit: limits.perAccount,
        resetsAt,
      });
    }
  }
  for (const { name, limit } of capped) {
    const used = byModel.get(name) ?? 0;
    if (used >= limit) spent.models.set(name, { scope: 'model', model: name, used, limit, resetsAt });
  }
  return spent;
}

/** An agent as far as spending goes: llm agents spend their owner's (or the payer's) budget and their model's. */
export interface SpendingAgent {
  ownerId: string;
  transport: string;
  modelName: string | null;
}

/**
 * Why a new match (or experiment deal, or check) with these seats may not start today, or null. It spends
 * when one of its seats is an llm agent: then the account that pays (`payerId`: the account asking for it),
 * each llm seat's owner, and each llm seat's model must have budget left.
 */
export async function budgetRefusal(
  db: Db,
  o: { payerId: string | null; agents: readonly SpendingAgent[] },
  limits: LlmBudgetLimits,
  now = new Date(),
): Promise<BudgetRefusal | null> {
  const llm = o.agents.filter(playsHostedModel);
  if (llm.length === 0) return null;
  const accounts = unique([...(o.payerId ? [o.payerId] : []), ...llm.map((a) => a.ownerId)]);
  const models = unique(llm.flatMap((a) => (a.modelName ? [a.modelName] : [])));
  const spent = await spentBudgets(db, accounts, models, limits, now);
  for (const id of accounts) {
    const r = spent.accounts.get(id);
    if (r) return r;
  }
  for (const m of models) {
    const r = spent.models.get(m);
    if (r) return r;
  }
  return null;
}

const unique = <T>(xs: readonly T[]): T[] => [...new Set(xs)];

/** The refusal in words, naming the limit and when it resets. */
export function budgetMessage(r: BudgetRefusal): string {
  const n = (x: number) => x.toLocaleString('en-US');
  return r.scope === 'account'
    ? `account ${r.accountId} has spent its daily model budget: ${n(r.used)} of ${n(r.limit)} tokens ` +
        `today (LLM_TOKENS_PER_ACCOUNT_PER_DAY); it resets at ${r.resetsAt}`
    : `model ${r.model} has spent the platform's daily budget for it: ${n(r.used)} of ${n(r.limit)} tokens ` +
        `today (LLM_MODELS maxTokensPerDay); it resets at ${r.resetsAt}`;
}
