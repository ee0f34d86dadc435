import type { FastifyInstance } from 'fastify';
import { createMatch } from '@coup/platform';
import type { NewMatch } from '@coup/platform';
import type { Prisma } from '@coup/db';
import { conflict, notFound } from '../plugins/errors';

export const matchInclude = {
  seats: { orderBy: { seat: 'asc' }, include: { agent: { select: { id: true, name: true } } } },
} as const satisfies Prisma.MatchInclude;

export type MatchWithSeats = Prisma.MatchGetPayload<{ include: typeof matchInclude }>;

export function presentMatch(m: MatchWithSeats, publicUrl: string) {
  const ended = m.status === 'finished' || m.status === 'aborted';
  const ranking = m.status === 'finished' ? rankingFromPlaces(m.seats) : null;
  return {
    id: m.id,
    status: m.status,
    ranked: m.ranked,
    seedCommitment: m.seedCommitment,
    seed: ended ? m.seed : null,
    engineVersion: m.engineVersion,
    rulesetVersion: m.rulesetVersion,
    protocolVersion: m.protocolVersion,
    timeoutMs: m.timeoutMs,
    eventId: m.eventId,
    eventRound: m.eventRound,
    attempts: m.attempts,
    abortReason: m.abortReason,
    createdAt: m.createdAt.toISOString(),
    startedAt: m.startedAt?.toISOString() ?? null,
    finishedAt: m.finishedAt?.toISOString() ?? null,
    seats: m.seats.map((s) => ({
      seat: s.seat,
      agent: s.agent,
      place: s.place,
      faults: s.faults,
      forfeited: s.forfeited,
    })),
    ranking,
    links: {
      self: `${publicUrl}/v1/matches/${m.id}`,
      replay: `${publicUrl}/v1/matches/${m.id}/replay`,
      live: `${publicUrl.replace(/^http/, 'ws')}/v1/matches/${m.id}/live`,
    },
  };
}

function rankingFromPlaces(seats: { seat: number; place: number | null }[]): number[][] {
  const byPlace = new Map<number, number[]>();
  for (const s of seats) {
    if (s.place === null) continue;
    byPlace.set(s.place, [...(byPlace.get(s.place) ?? []), s.seat]);
  }
  return [...byPlace.entries()].sort((a, b) => a[0] - b[0]).map(([, seats]) => seats);
}

/** Validates the agents, then creates a queued match with its seats and hands it to the workers. */
export async function queueMatch(app: FastifyInstance, input: NewMatch): Promise<MatchWithSeats> {
  const agents = await app.prisma.agent.findMany({ where: { id: { in: input.agentIds } } });
  const byId = new Map(agents.map((a) => [a.id, a]));
  for (const id of input.agentIds) {
    const a = byId.get(id);
    if (!a || a.deletedAt) throw notFound(`agent ${id}`);
    if (a.status !== 'active') throw conflict(`agent ${a.name} (${id}) is ${a.status} and cannot play`);
  }
  if (input.ranked && new Set(input.agentIds).size !== input.agentIds.length) {
    throw conflict('a ranked match cannot seat one agent twice');
  }
  const id = await createMatch(app.prisma, app.matchQueue, input);
  return app.prisma.match.findUniqueOrThrow({ where: { id }, include: matchInclude });
}
