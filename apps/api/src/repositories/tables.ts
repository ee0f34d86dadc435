import { ID_PREFIX, newAgentSecret, newId } from '@coup/db';
import type { PrismaClient } from '@coup/db';
import { isUniqueViolation, secretColumns } from './agents';

// The queries of casual tables with a person: the account's seat agent (transport `human`) and the
// matches it sits in.

/** The account's seat agent, created on its first table. One per account (looked up by transport). */
export async function humanSeatOf(prisma: PrismaClient, account: { id: string; name: string }) {
  const find = () =>
    prisma.agent.findFirst({
      where: { ownerId: account.id, transport: 'human', deletedAt: null },
      orderBy: { createdAt: 'asc' },
    });
  const found = await find();
  if (found) return found;
  try {
    return await prisma.agent.create({
      data: {
        id: newId(ID_PREFIX.agent),
        ownerId: account.id,
        // "@" is not allowed in registered names, so a person's seat never collides with an agent; the
        // account name is unique, so neither with another person's.
        name: `@${account.name}`,
        transport: 'human',
        // Its secret is never shown: a person's socket opens with a ticket, not with a key.
        ...secretColumns(newAgentSecret()),
      },
    });
  } catch (err) {
    // Two first tables at once: the other request created it.
    if (!isUniqueViolation(err)) throw err;
    const raced = await find();
    if (!raced) throw err;
    return raced;
  }
}

/** The match with its seats' agents (who owns which seat, and of what kind), or null. */
export function tableOf(prisma: PrismaClient, matchId: string) {
  return prisma.match.findUnique({
    where: { id: matchId },
    select: {
      id: true,
      status: true,
      seats: {
        orderBy: { seat: 'asc' },
        select: { seat: true, agent: { select: { id: true, ownerId: true, transport: true } } },
      },
    },
  });
}
