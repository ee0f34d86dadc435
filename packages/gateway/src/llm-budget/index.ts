export { usageDay, budgetResetsAt } from './day';
export { LlmUsageLedger } from './ledger';
export type { TokenSpend, UsageSink, LedgerOptions } from './ledger';
export {
  accountsUsed,
  LLM_BUDGET_EXHAUSTED_CODE,
  budgetMessage,
  budgetRefusal,
  llmBudgetLimits,
  modelsUsed,
  spentBudgets,
} from './budget';
export type { BudgetRefusal, LlmBudgetLimits, SpendingAgent, SpentBudgets } from './budget';
export { accountUsageToday } from './account-usage';
export type { AccountUsageToday, AgentUsageToday } from './account-usage';
