import type { FastifyInstance } from 'fastify';
import type { Agent } from '@coup/db';
import { enqueueWithin, table } from '@coup/platform';
import type { TableTicket } from '@coup/api-contract/types';
import { conflict, HttpError, notFound } from '../errors';
import { assertLlmModel } from './llm-policy';
import { assertLlmBudget } from './llm-budget';
import { experimentAgent } from './owned-agent';
import { agentsByIds } from '../repositories/agents';
import { humanSeatOf, tableOf } from '../repositories/tables';
import { isHumanSeat } from './human-seats';
import { insertCapped } from './matches';
import { getMatch } from '../repositories/matches';
import type { MatchWithSeats } from '../repositories/matches';
import { issueTicket } from './table-tickets';

// A person opens a casual table: their own seat (created on demand) and 1 to 5 opponents. The table is a
// casual match like any other (never rated, the account's cap of active matches applies, the platform's
// deadline for the agents); only the person's seat plays at HUMAN_TIMEOUT_MS (see @coup/platform
// transports).

export const OPPONENT_NOT_ALLOWED = 'opponent_not_allowed';
export const NOT_YOUR_TABLE = 'not_your_table';
export const TABLE_ENDED = 'table_ended';

export interface TableRequest {
  opponents: string[];
  seat?: number;
}

/**
 * Who may be seated against a person: house agents, the person's own agents, and agents whose owners
 * allow challenges. Never another person (a person's seat plays only at its owner's tables).
 */
function checkOpponent(a: Agent, accountId: string): void {
  if (isHumanSeat(a)) {
    throw new HttpError(
      403,
      OPPONENT_NOT_ALLOWED,
      `agent ${a.name} (${a.id}) is a person's seat: people sit only at tables they open themselves`,
      { agentId: a.id },
    );
  }
  if (a.isHouse || a.ownerId === accountId || a.allowChallenges) return;
  throw new HttpError(
    403,
    OPPONENT_NOT_ALLOWED,
    `agent ${a.name} (${a.id}) belongs to another account that does not allow challenges: seat house ` +
      'agents, your own agents, or agents with allowChallenges',
    { agentId: a.id },
  );
}

export async function openTable(
  app: FastifyInstance,
  account: { id: string; name: string },
  req: TableRequest,
): Promise<{ match: MatchWithSeats; ticket: TableTicket }> {
  const person = await humanSeatOf(app.prisma, account);
  if (person.status !== 'active') {
    throw conflict(
      `your seat ${person.name} (${person.id}) is ${person.status}: resume it (POST /v1/agents/${person.id}/resume) to play`,
    );
  }
  const found = new Map((await agentsByIds(app.prisma, req.opponents)).map((a) => [a.id, a]));
  for (const id of req.opponents) {
    const a = found.get(id);
    if (!a || a.deletedAt) throw notFound(`agent ${id}`);
    checkOpponent(a, account.id);
    if (a.experimentId) throw experimentAgent(a);
    if (a.transport === 'llm') assertLlmModel(app, a.modelName, 409);
    if (a.status !== 'active') throw conflict(`agent ${a.name} (${id}) is ${a.status} and cannot play`);
  }
  // The person's account pays for its table's llm opponents.
  await assertLlmBudget(
    app,
    { payerId: account.id, agents: [...found.values()] },
    'No new table with an llm opponent until the budget resets; tables already running finish',
  );
  const seat = req.seat ?? 0;
  const agentIds = [...req.opponents];
  agentIds.splice(seat, 0, person.id);
  const id = await insertCapped(app, account.id, {
    agentIds,
    ranked: false,
    timeoutMs: app.env.MATCH_TIMEOUT_MS,
  });
  const ticket = await issueTicket(
    app.redis,
    app.keys,
    { agentId: person.id, matchId: id, seat },
    app.publicUrl,
  );
  // Its own queue and slots: a table mostly waits for its person (@coup/platform match-placement.ts).
  await enqueueWithin({ matches: app.matchQueue, tables: app.tableQueue }, id, table(account.id));
  const match = await getMatch(app.prisma, id);
  return { match, ticket };
}

/** A new ticket for the caller's seat at a table that has not ended (to reconnect). */
export async function ticketFor(
  app: FastifyInstance,
  account: { id: string },
  matchId: string,
): Promise<TableTicket> {
  const table = await tableOf(app.prisma, matchId);
  if (!table) throw notFound(`match ${matchId}`);
  const mine = table.seats.find((s) => isHumanSeat(s.agent) && s.agent.ownerId === account.id);
  if (!mine) {
    throw new HttpError(403, NOT_YOUR_TABLE, `you have no seat at match ${matchId}`);
  }
  if (table.status === 'finished' || table.status === 'aborted') {
    throw new HttpError(
      409,
      TABLE_ENDED,
      `match ${matchId} is ${table.status}: nothing is left to play (its replay: /v1/matches/${matchId}/replay)`,
      { status: table.status, seat: mine.seat },
    );
  }
  return issueTicket(
    app.redis,
    app.keys,
    { agentId: mine.agent.id, matchId, seat: mine.seat },
    app.publicUrl,
  );
}
