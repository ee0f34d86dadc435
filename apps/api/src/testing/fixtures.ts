import { uniqueName } from './harness';
import type { Account, Harness } from './harness';
import { fillPath } from './routes';
import { insertHumanDataset } from './datasets';
import { randomGame } from '@coup/archive/testing';

// One of each resource a /v1 route can name (an account with an agent, a queued match, an open event, a
// human dataset with a game),
// and a valid body for every route that takes one: what tests over "every route" start from.

export interface Fixture {
  owner: Account;
  agentId: string;
  matchId: string;
  eventId: string;
  datasetId: string;
}

/** A valid body for each route that takes one (tests fail for a route with a body and no entry). */
export const VALID_BODY: Record<string, (f: Fixture) => Record<string, unknown>> = {
  'POST /v1/accounts': () => ({ name: uniqueName('acct') }),
  'POST /v1/agents': () => ({ name: uniqueName('agent'), endpointUrl: 'http://127.0.0.1:9' }),
  'PATCH /v1/agents/:id': () => ({ modelName: 'm' }),
  'POST /v1/matches': (f) => ({ agents: [f.agentId, f.agentId] }),
  'POST /v1/events': () => ({ name: 'cup', format: 'swiss', seatsPerMatch: 2, rounds: 1, entry: 'open' }),
  'POST /v1/events/:id/entries': (f) => ({ agentId: f.agentId }),
  'POST /v1/tables': (f) => ({ opponents: [f.agentId] }),
  'POST /v1/experiments': (f) => ({
    modelName: 'stand-in-7b',
    strategyPrompts: ['Bluff rarely.', 'Bluff often.'],
    opponents: [f.agentId],
    deals: 1,
  }),
};

/** Operator routes: they get the admin key, so what they check after authentication is reached. */
export const ADMIN_ROUTES = new Set(['POST /v1/events', 'POST /v1/admin/ratings/check']);

/** Needs EVENTS_ENABLED=true (the event is created through the API). */
export async function createFixture(h: Harness): Promise<Fixture> {
  const owner = await h.createAccount();
  const agent = await h.registerAgent(owner.key, {
    name: uniqueName('a'),
    endpointUrl: 'http://127.0.0.1:9',
  });
  const matchId = await h.queueMatch(owner.key, [agent.id, agent.id]);
  const startsAt = new Date(Date.now() + 3_600_000).toISOString();
  const event = await h.api<{ id: string }>('POST', '/v1/events', {
    key: h.adminKey,
    body: {
      name: uniqueName('event'),
      format: 'swiss',
      seatsPerMatch: 2,
      rounds: 1,
      entry: 'open',
      startsAt,
    },
  });
  if (event.status !== 201) throw new Error(`create event: HTTP ${event.status} ${event.text}`);
  const datasetId = await insertHumanDataset(h.platform.runtime.prisma, { games: [randomGame(1)] });
  return { owner, agentId: agent.id, matchId, eventId: event.body.id, datasetId };
}

/**
 * Fills `:id` with an existing resource of the kind the path names, `:agentId` with the agent, `:ordinal`
 * with the dataset's game.
 */
export function pathOf(url: string, f: Fixture, override: Record<string, string> = {}): string {
  const id =
    url.startsWith('/v1/matches/') || url.startsWith('/v1/tables/')
      ? f.matchId
      : url.startsWith('/v1/events/')
        ? f.eventId
        : url.startsWith('/v1/datasets/')
          ? f.datasetId
          : f.agentId;
  return fillPath(url, { id, agentId: f.agentId, ordinal: '1', ...override });
}
