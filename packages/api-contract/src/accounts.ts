import * as z from 'zod';
import { AccountId, AgentId, Name, Timestamp } from './common';

export const AccountCreate = z.strictObject({ name: Name });

export const AccountOut = z
  .object({
    id: AccountId,
    name: z.string(),
    keyPrefix: z.string(),
    isAdmin: z.boolean(),
    createdAt: Timestamp,
  })
  .meta({ id: 'Account' });

export const AccountCreated = z.object({
  account: AccountOut,
  /** Shown once: only its hash is stored. */
  apiKey: z.string(),
});

/** The model tokens an account was charged today (UTC) and its daily budget (LLM_TOKENS_PER_ACCOUNT_PER_DAY). */
export const LlmUsageToday = z
  .object({
    /** The UTC day counted, e.g. "2026-11-24". */
    day: z.iso.date(),
    /** Tokens charged today: prompt + completion, as the model server reported them. */
    used: z.number().int(),
    /** The daily budget; null when the platform sets none. */
    limit: z.number().int().nullable(),
    remaining: z.number().int().nullable(),
    /** Spent: new matches, tables, experiments, queue joins and checks with llm seats get 429 until it resets. */
    exhausted: z.boolean(),
    /** The next 00:00 UTC. */
    resetsAt: Timestamp,
    promptTokens: z.number().int(),
    completionTokens: z.number().int(),
    /** At the operator's prices (LLM_MODELS); null when no price is set for today's models. */
    cost: z.number().nullable(),
    /** The currency of `cost` (LLM_CURRENCY, default USD). */
    currency: z.string(),
    /** By agent and model (a prompt experiment's agents included). */
    agents: z.array(
      z.object({
        agentId: AgentId,
        model: z.string(),
        promptTokens: z.number().int(),
        completionTokens: z.number().int(),
        calls: z.number().int(),
        cost: z.number().nullable(),
      }),
    ),
    /** Platform-wide daily budgets (LLM_MODELS maxTokensPerDay) of the models used today: all accounts. */
    models: z.array(
      z.object({
        model: z.string(),
        used: z.number().int(),
        limit: z.number().int(),
        exhausted: z.boolean(),
      }),
    ),
  })
  .meta({ id: 'LlmUsageToday' });

/** GET /v1/accounts/me: the account, and what it spent on models today. */
export const AccountMe = AccountOut.extend({ llmUsage: LlmUsageToday }).meta({ id: 'AccountMe' });
