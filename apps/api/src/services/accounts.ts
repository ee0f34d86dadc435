import type { FastifyInstance } from 'fastify';
import type { Account } from '@coup/db';
import { newApiKey } from '@coup/db';
import { accountUsageToday, llmBudgetLimits } from '@coup/platform';
import { conflict } from '../errors';
import { createAccount, replaceAccountKey } from '../repositories/accounts';
import { isUniqueViolation } from '../repositories/agents';
import { presentAccount } from './present';

// Accounts: created with a key shown once, the key replaced, and what GET /v1/accounts/me shows.

export async function openAccount(app: FastifyInstance, name: string) {
  const apiKey = newApiKey();
  try {
    const account = await createAccount(app.prisma, name, apiKey);
    return { account: presentAccount(account), apiKey };
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(`the account name "${name}" is taken`);
    throw err;
  }
}

export async function rotateAccountKey(app: FastifyInstance, accountId: string) {
  const apiKey = newApiKey();
  const account = await replaceAccountKey(app.prisma, accountId, apiKey);
  return { account: presentAccount(account), apiKey };
}

/** The account and the model tokens it was charged today, priced at the operator's prices. */
export async function accountMe(app: FastifyInstance, account: Account) {
  const llmUsage = await accountUsageToday(app.prisma, account.id, llmBudgetLimits(app.env), (model) =>
    app.env.LLM_MODELS.find((m) => m.name === model),
  );
  return { ...presentAccount(account), llmUsage: { ...llmUsage, currency: app.env.LLM_CURRENCY } };
}
