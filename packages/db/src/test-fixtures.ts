import type { PrismaClient } from './generated/client.ts';
import { encryptSecret, hashSecret, keyPrefix, newAgentSecret, newApiKey } from './crypto.ts';
import { ID_PREFIX, newId } from './ids.ts';
import { seedCommitment } from '@coup/random';

// Small builders shared by this package's tests (not exported from the package).

export async function makeAccount(prisma: PrismaClient, name = newId('user')) {
  const key = newApiKey();
  return prisma.account.create({
    data: { id: newId(ID_PREFIX.account), name, apiKeyHash: hashSecret(key), apiKeyPrefix: keyPrefix(key) },
  });
}

export async function makeAgent(prisma: PrismaClient, ownerId: string, name = newId('bot')) {
  const secret = newAgentSecret();
  return prisma.agent.create({
    data: {
      id: newId(ID_PREFIX.agent),
      ownerId,
      name,
      transport: 'http',
      endpointUrl: 'http://127.0.0.1:9/agent',
      secretHash: hashSecret(secret),
      secretEnc: encryptSecret(secret),
    },
  });
}

/** A queued ranked match with one seat per agent (seat i = agents[i]), of `ruleset` (default `original`). */
export async function makeMatch(
  prisma: PrismaClient,
  agentIds: string[],
  seed = 'seed-' + newId('s'),
  ruleset = 'original',
) {
  return prisma.match.create({
    data: {
      id: newId(ID_PREFIX.match),
      ranked: true,
      ruleset,
      seed,
      seedCommitment: seedCommitment(seed),
      timeoutMs: 5000,
      seats: { create: agentIds.map((agentId, seat) => ({ seat, agentId })) },
    },
    include: { seats: true },
  });
}
