import type { FastifyInstance } from 'fastify';
import type { Prisma, PrismaClient } from '@coup/db';
import { budgetMessage, budgetRefusal, LLM_BUDGET_EXHAUSTED_CODE, llmBudgetLimits } from '@coup/platform';
import type { BudgetRefusal, SpendingAgent } from '@coup/platform';
import { HttpError } from '../errors';

// The daily model budgets at the API's doors: a match, table, experiment, queue join or /check that would
// have an llm agent call its model is refused (429 llm_budget_exhausted) once the paying account, an llm
// seat's owner, or an llm seat's model has spent today's tokens. Running matches are never stopped.

export const LLM_BUDGET_EXHAUSTED = LLM_BUDGET_EXHAUSTED_CODE;

export function llmBudgetExhausted(r: BudgetRefusal, consequence: string): HttpError {
  return new HttpError(429, LLM_BUDGET_EXHAUSTED, `${budgetMessage(r)}. ${consequence}`, { ...r });
}

/** Throws 429 llm_budget_exhausted when a budget these seats would spend from is spent today. */
export async function assertLlmBudget(
  app: FastifyInstance,
  o: { payerId: string | null; agents: readonly SpendingAgent[] },
  consequence: string,
  db: PrismaClient | Prisma.TransactionClient = app.prisma,
): Promise<void> {
  const refusal = await budgetRefusal(db, o, llmBudgetLimits(app.env));
  if (refusal) throw llmBudgetExhausted(refusal, consequence);
}
