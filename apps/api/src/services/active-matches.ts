import type { Prisma } from '@coup/db';

/**
 * What counts against an account's MAX_ACTIVE_MATCHES_PER_ACCOUNT: the queued and running matches it
 * asked for, plus one per running prompt experiment (an experiment queues its own matches a few at a time:
 * EXPERIMENT_CONCURRENCY). Read under the account's row lock (lockAccount) by whoever adds to it.
 */
export async function activeMatches(tx: Prisma.TransactionClient, accountId: string): Promise<number> {
  const [matches, experiments] = await Promise.all([
    tx.match.count({ where: { createdById: accountId, status: { in: ['queued', 'running'] } } }),
    tx.experiment.count({ where: { ownerId: accountId, status: 'running' } }),
  ]);
  return matches + experiments;
}

/** Locks the account row for the count and the insert, so parallel requests cannot all slip under the cap. */
export async function lockAccount(tx: Prisma.TransactionClient, accountId: string): Promise<void> {
  await tx.$queryRaw`SELECT id FROM accounts WHERE id = ${accountId} FOR UPDATE`;
}
