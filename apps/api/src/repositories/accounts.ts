import { hashSecret, ID_PREFIX, keyPrefix, newId } from '@coup/db';
import type { Prisma, PrismaClient } from '@coup/db';

// The queries of accounts: API keys are stored as sha256 hashes (looked up by hash, never kept) with a
// short prefix to recognise them by; and the account row lock and count behind the cap of active matches.

const keyColumns = (apiKey: string) => ({ apiKeyHash: hashSecret(apiKey), apiKeyPrefix: keyPrefix(apiKey) });

/** The account a key belongs to, or null. */
export function accountByKey(prisma: PrismaClient, apiKey: string) {
  return prisma.account.findUnique({ where: { apiKeyHash: hashSecret(apiKey) } });
}

/** Only the id of the key's account, or null (the rate limiter's bucket, on every request). */
export function accountIdByKey(prisma: PrismaClient, apiKey: string) {
  return prisma.account.findUnique({ where: { apiKeyHash: hashSecret(apiKey) }, select: { id: true } });
}

/** A new account with its key; throws a unique violation when the name is taken. */
export function createAccount(prisma: PrismaClient, name: string, apiKey: string) {
  return prisma.account.create({ data: { id: newId(ID_PREFIX.account), name, ...keyColumns(apiKey) } });
}

/** Replaces the account's key: the old one stops working at once. */
export function replaceAccountKey(prisma: PrismaClient, id: string, apiKey: string) {
  return prisma.account.update({ where: { id }, data: keyColumns(apiKey) });
}

/** Locks the account row for the count and the insert, so parallel requests cannot all slip under the cap. */
export async function lockAccount(tx: Prisma.TransactionClient, accountId: string): Promise<void> {
  await tx.$queryRaw`SELECT id FROM accounts WHERE id = ${accountId} FOR UPDATE`;
}

/**
 * What counts against an account's MAX_ACTIVE_MATCHES_PER_ACCOUNT: the queued and running matches it
 * asked for, plus one per running prompt experiment (an experiment queues its own matches a few at a time:
 * EXPERIMENT_CONCURRENCY). Read under the account's row lock (lockAccount) by whoever adds to it.
 */
export async function activeMatches(tx: Prisma.TransactionClient, accountId: string): Promise<number> {
  const [matches, experiments] = await Promise.all([
    tx.matchActive.count({ where: { createdById: accountId } }),
    tx.experiment.count({ where: { ownerId: accountId, status: 'running' } }),
  ]);
  return matches + experiments;
}
