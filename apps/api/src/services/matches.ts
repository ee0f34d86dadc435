import type { FastifyInstance } from 'fastify';
import { insertMatch } from '@coup/db';
import type { NewMatch } from '@coup/db';
import { enqueueWithin, placementOfNew } from '@coup/competition';
import { conflict, notFound } from '../errors';
import { activeMatches, lockAccount } from '../repositories/accounts';
import { groupStillPlaying } from './group-deal';
import { agentsByIds } from '../repositories/agents';
import { getMatch } from '../repositories/matches';
import type { MatchView, MatchWithSeats } from '../repositories/matches';
import { assertLlmModel } from './llm-policy';
import { assertLlmBudget } from './llm-budget';
import {
  checkRankedAllowed,
  checkSeatsPerOwner,
  decisionDeadline,
  tooManyActiveMatches,
} from './match-policy';
import type { MatchCaller } from './match-policy';
import { refuseHumanSeat } from './human-seats';
import { experimentAgent } from './owned-agent';
import { playsHostedModel } from '@coup/transports';
import { assertAcceptsRuleset } from './ruleset-policy';
import type { RulesetId } from '@coup/engine';

/** publicUrl's WebSocket form (ws:// or wss://), worked out once per base rather than once per match. */
const wsBases = new Map<string, string>();
const wsBase = (publicUrl: string) => {
  let ws = wsBases.get(publicUrl);
  if (ws === undefined) {
    ws = publicUrl.replace(/^http/, 'ws');
    if (wsBases.size < 16) wsBases.set(publicUrl, ws);
  }
  return ws;
};

export function presentMatch(m: MatchView, publicUrl: string) {
  const ended = m.status === 'finished' || m.status === 'aborted';
  // A grouped match's siblings are dealt the same cards: its seed waits for the whole group.
  const dealPublic = ended && !groupStillPlaying(m.group);
  const ranking = m.status === 'finished' ? rankingFromPlaces(m.seats) : null;
  return {
    id: m.id,
    status: m.status,
    ranked: m.ranked,
    ruleset: m.ruleset as RulesetId,
    seedCommitment: m.seedCommitment,
    seed: dealPublic ? m.seed : null,
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
      live: `${wsBase(publicUrl)}/v1/matches/${m.id}/live`,
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

export interface MatchRequest {
  agentIds: string[];
  ranked: boolean;
  /** Absent: the platform's deadline (MATCH_TIMEOUT_MS). */
  timeoutMs?: number;
  seed?: string;
  /** Default `original`; every agent must accept it. */
  ruleset?: string;
}

/**
 * Checks the caller may queue this match (match-policy.ts), validates the agents, then creates a queued
 * match with its seats and hands it to the workers. A match asked for with an account key counts against
 * that account's cap of queued plus running matches (MAX_ACTIVE_MATCHES_PER_ACCOUNT).
 */
export async function queueMatch(
  app: FastifyInstance,
  caller: MatchCaller,
  req: MatchRequest,
): Promise<MatchWithSeats> {
  if (req.ranked) checkRankedAllowed(caller);
  if (req.ranked && req.seed !== undefined) throw conflict('a ranked match draws its own seed');
  const agents = await agentsByIds(app.prisma, req.agentIds);
  const byId = new Map(agents.map((a) => [a.id, a]));
  for (const id of req.agentIds) {
    const a = byId.get(id);
    if (!a || a.deletedAt) throw notFound(`agent ${id}`);
    if (a.status !== 'active') throw conflict(`agent ${a.name} (${id}) is ${a.status} and cannot play`);
    refuseHumanSeat(a, 'be seated through POST /v1/matches');
    if (a.experimentId) throw experimentAgent(a);
    if (playsHostedModel(a)) assertLlmModel(app, a.modelName, 409);
    assertAcceptsRuleset(a, req.ruleset ?? 'original');
  }
  const seated = req.agentIds.map((id) => byId.get(id) as (typeof agents)[number]);
  // The account that asks pays for its llm seats' tokens (the operator's ranked matches: their owners).
  await assertLlmBudget(
    app,
    { payerId: caller.account?.id ?? null, agents: seated },
    'No new match with an llm seat until the budget resets; matches already running finish',
  );
  if (req.ranked) {
    if (new Set(req.agentIds).size !== req.agentIds.length) {
      throw conflict('a ranked match cannot seat one agent twice');
    }
    checkSeatsPerOwner(seated, app.env.MAX_SEATS_PER_OWNER);
  }
  const input: NewMatch = {
    agentIds: req.agentIds,
    ranked: req.ranked,
    timeoutMs: decisionDeadline(caller, seated, req.timeoutMs, app.env.MATCH_TIMEOUT_MS),
    ...(req.seed !== undefined ? { seed: req.seed } : {}),
    ruleset: req.ruleset ?? 'original',
  };
  const account = caller.account;
  const id = account ? await insertCapped(app, account.id, input) : await insertMatch(app.prisma, input);
  // The match is durable once written; with Redis away its job is added when Redis is back. A casual match
  // of an account uses that account's share of the workers' slots; a ranked one goes ahead of casual ones.
  const placement = placementOfNew({ ...input, ...(account ? { createdById: account.id } : {}) });
  await enqueueWithin(app.matchQueue, id, placement);
  return getMatch(app.prisma, id);
}

/**
 * Writes the match unless the account already has MAX_ACTIVE_MATCHES_PER_ACCOUNT queued or running ones
 * (a running experiment counts as one). The account row is locked for the count and the insert, so
 * parallel requests cannot all slip under it.
 */
export async function insertCapped(
  app: FastifyInstance,
  accountId: string,
  input: NewMatch,
): Promise<string> {
  const limit = app.env.MAX_ACTIVE_MATCHES_PER_ACCOUNT;
  return app.prisma.$transaction(async (tx) => {
    await lockAccount(tx, accountId);
    const active = await activeMatches(tx, accountId);
    if (active >= limit) throw tooManyActiveMatches(active, limit);
    return insertMatch(tx, { ...input, createdById: accountId });
  });
}
