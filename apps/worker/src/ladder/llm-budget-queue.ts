import type { Prisma } from '@coup/db';
import { budgetMessage, LLM_BUDGET_EXHAUSTED_CODE, spentBudgets } from '@coup/gateway';
import type { BudgetRefusal, LlmBudgetLimits } from '@coup/gateway';
import { playsHostedModel, transportIdsWhere } from '@coup/transports';

// The ranked queue and the daily model budgets: a queued llm agent whose owner has spent today's tokens
// (LLM_TOKENS_PER_ACCOUNT_PER_DAY), or whose model has spent the platform's (LLM_MODELS maxTokensPerDay),
// leaves the queue before the matchmaker seats anyone, with the reason for its owner (as agents that fault
// too often do). Its owner may join again once the budget has reset. Matches it already plays finish.

/** The reason an owner reads (GET /v1/agents/:id queueReason, the web UI, the CLI). */
export function budgetQueueReason(r: BudgetRefusal): string {
  return (
    `left the ranked queue (${LLM_BUDGET_EXHAUSTED_CODE}): ${budgetMessage(r)}; ` +
    'join the queue again once it has reset'
  );
}

export async function dropSpentLlmAgents(
  tx: Prisma.TransactionClient,
  limits: LlmBudgetLimits,
  now: Date,
): Promise<string[]> {
  const queued = await tx.agent.findMany({
    where: { inQueue: true, transport: { in: transportIdsWhere(playsHostedModel) }, deletedAt: null },
    select: { id: true, ownerId: true, modelName: true },
  });
  if (queued.length === 0) return [];
  const models = [...new Set(queued.flatMap((a) => (a.modelName ? [a.modelName] : [])))];
  const spent = await spentBudgets(
    tx,
    queued.map((a) => a.ownerId),
    models,
    limits,
    now,
  );
  const dropped: string[] = [];
  for (const a of queued) {
    const why = spent.accounts.get(a.ownerId) ?? (a.modelName ? spent.models.get(a.modelName) : undefined);
    if (!why) continue;
    await tx.agent.update({
      where: { id: a.id },
      data: { inQueue: false, queueJoinedAt: null, queueReason: budgetQueueReason(why) },
    });
    dropped.push(a.id);
  }
  return dropped;
}
