import type { Prisma, PrismaClient } from './generated/client.ts';
import { hashSecret } from './crypto.ts';
import { ID_PREFIX, newId } from './ids.ts';

// The rows most database tests start from: an account, and agents owned by it. Only the columns a test
// cares about are given; the rest are placeholders no code path here reads (an HTTP endpoint nobody
// listens on, a secret that is never decrypted).

export async function seedAccount(prisma: PrismaClient, name = newId('u')): Promise<{ id: string }> {
  return prisma.account.create({
    data: { id: newId(ID_PREFIX.account), name, apiKeyHash: hashSecret(newId('key')), apiKeyPrefix: 'x' },
    select: { id: true },
  });
}

/** An agent of `ownerId`: by default an HTTP agent; `row` overrides any column. */
export async function seedAgent(
  prisma: PrismaClient,
  ownerId: string,
  row: Partial<Omit<Prisma.AgentUncheckedCreateInput, 'ownerId'>> = {},
): Promise<string> {
  const id = row.id ?? newId(ID_PREFIX.agent);
  const transport = row.transport ?? 'http';
  await prisma.agent.create({
    data: {
      name: `bot-${id}`,
      endpointUrl: transport === 'http' ? 'http://127.0.0.1:9/agent' : null,
      secretHash: hashSecret(id),
      secretEnc: 'unused',
      ...row,
      id,
      ownerId,
      transport,
    },
  });
  return id;
}
