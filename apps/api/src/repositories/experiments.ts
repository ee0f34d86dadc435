import { ID_PREFIX, newAgentSecret, newId, encryptSecret, hashSecret } from '@coup/db';
import type { Prisma, PrismaClient } from '@coup/db';
import type { ExperimentListQuery } from '@coup/api-contract';
import type { z } from 'zod';
import { afterCursor, decodeCursor, newestFirst } from './cursor';

// The queries of the experiment routes: an experiment with its prompts (arms: one hidden llm agent each)
// and its deals (match groups) with each match's status and the prompt's place.

export const experimentInclude = {
  owner: { select: { id: true, name: true } },
  arms: { orderBy: { index: 'asc' }, include: { agent: { select: { strategyPrompt: true } } } },
  groups: {
    orderBy: { deal: 'asc' },
    select: {
      id: true,
      deal: true,
      matches: {
        select: {
          id: true,
          status: true,
          seatRotation: true,
          seats: { select: { agentId: true, place: true } },
        },
      },
    },
  },
} as const satisfies Prisma.ExperimentInclude;

export type ExperimentRow = Prisma.ExperimentGetPayload<{ include: typeof experimentInclude }>;

export function findExperiment(prisma: PrismaClient, id: string) {
  return prisma.experiment.findUnique({ where: { id }, include: experimentInclude });
}

/** Who owns it (who may cancel it), or null. */
export function experimentOwner(prisma: PrismaClient, id: string) {
  return prisma.experiment.findUnique({ where: { id }, select: { ownerId: true } });
}

/** One that exists (just written). */
export function getExperiment(prisma: PrismaClient, id: string) {
  return prisma.experiment.findUniqueOrThrow({ where: { id }, include: experimentInclude });
}

/** Experiments newest first (`limit + 1` rows: see services/cursor.ts), filtered as asked. */
export function listExperiments(prisma: PrismaClient, q: z.output<typeof ExperimentListQuery>) {
  return prisma.experiment.findMany({
    where: {
      ...(q.owner ? { ownerId: q.owner } : {}),
      ...(q.status ? { status: q.status } : {}),
      ...afterCursor(decodeCursor(q.cursor)),
    },
    orderBy: newestFirst,
    take: q.limit + 1,
    include: experimentInclude,
  });
}

/** Names of agents by id (an experiment's opponents). */
export async function agentNames(prisma: PrismaClient, ids: readonly string[]): Promise<Map<string, string>> {
  const rows = await prisma.agent.findMany({
    where: { id: { in: [...new Set(ids)] } },
    select: { id: true, name: true },
  });
  return new Map(rows.map((r) => [r.id, r.name]));
}

export interface NewExperiment {
  ownerId: string;
  name: string;
  modelName: string;
  prompts: { label: string; strategyPrompt: string }[];
  opponentIds: string[];
  deals: number;
  seed: string;
  timeoutMs: number;
}

/**
 * Writes the experiment and, per prompt, its arm and the hidden llm agent that plays it (owned by the
 * caller, never queued or listed; its secret is never shown: nothing connects as it). Returns the id.
 */
export async function insertExperiment(tx: Prisma.TransactionClient, e: NewExperiment): Promise<string> {
  const id = newId(ID_PREFIX.experiment);
  await tx.experiment.create({
    data: {
      id,
      ownerId: e.ownerId,
      name: e.name,
      modelName: e.modelName,
      opponentIds: e.opponentIds,
      deals: e.deals,
      seed: e.seed,
      timeoutMs: e.timeoutMs,
    },
  });
  for (const [index, p] of e.prompts.entries()) {
    const secret = newAgentSecret();
    const agentId = newId(ID_PREFIX.agent);
    await tx.agent.create({
      data: {
        id: agentId,
        ownerId: e.ownerId,
        // Unique like every agent name; in its matches it sits under the model's name (worker: seatedAs).
        name: `${id}.${index + 1}`,
        transport: 'llm',
        modelName: e.modelName,
        strategyPrompt: p.strategyPrompt,
        secretHash: hashSecret(secret),
        secretEnc: encryptSecret(secret),
        experimentId: id,
      },
    });
    await tx.experimentArm.create({ data: { experimentId: id, index, label: p.label, agentId } });
  }
  return id;
}
