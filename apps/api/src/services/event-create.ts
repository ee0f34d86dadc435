import type { PrismaClient } from '@coup/db';
import type { EventCreate } from '@coup/api-contract';
import type { z } from 'zod';
import { conflict, notFound } from '../errors';
import { agentsByIds } from '../repositories/agents';
import { insertEvent } from '../repositories/events';
import { refuseHumanSeat } from './human-seats';

/** Creates an event with its entry list, once every listed agent is known, not deleted and active. */
export async function createEvent(prisma: PrismaClient, b: z.output<typeof EventCreate>) {
  const listed = b.agents ?? [];
  const byId = new Map((await agentsByIds(prisma, listed)).map((a) => [a.id, a]));
  for (const id of listed) {
    const a = byId.get(id);
    if (!a || a.deletedAt) throw notFound(`agent ${id}`);
    if (a.status !== 'active') throw conflict(`agent ${a.name} (${id}) is ${a.status} and cannot enter`);
    refuseHumanSeat(a, 'enter an official event');
  }
  return insertEvent(prisma, b);
}
