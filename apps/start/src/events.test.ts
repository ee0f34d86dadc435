import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSecret, ID_PREFIX, newId } from '@coup/db';
import { startHarness } from './testing/harness';
import type { Harness } from './testing/harness';

// Official events end to end: the real API, worker, ladder scheduler, Postgres and Redis, with house bots
// (in-process) as entrants so the matches are quick and never fault.

interface EventView {
  id: string;
  status: 'open' | 'running' | 'finished';
  format: string;
  entrantCount: number;
  currentRound: number;
  entrants: { agent: { id: string } }[];
  standings: {
    rank: number;
    agent: { id: string; name: string };
    points: number;
    played: number;
    wins: number;
    buchholz: number;
    meanPlace: number | null;
  }[];
  schedule: {
    round: number;
    matches: {
      id: string;
      status: string;
      ranked: boolean;
      eventId: string | null;
      eventRound: number | null;
      seats: { agent: { id: string }; place: number | null }[];
    }[];
  }[];
}

const DISABLED = {
  error: {
    code: 'events_disabled',
    message: 'official events are disabled on this platform (EVENTS_ENABLED=false)',
  },
};

let h: Harness;
let houseOwnerId: string;

/** A house-style agent (plays in-process as a random bot) owned by `ownerId`. */
async function botAgent(ownerId: string, name: string): Promise<string> {
  const id = newId(ID_PREFIX.agent);
  await h.db.prisma.agent.create({
    data: {
      id,
      ownerId,
      name,
      transport: 'http',
      endpointUrl: 'bot:random',
      isHouse: true,
      secretHash: hashSecret(`secret-${id}`),
      secretEnc: 'unused',
    },
  });
  return id;
}

async function createEvent(body: Record<string, unknown>) {
  const res = await h.api<{ id: string }>('POST', '/v1/events', { key: h.adminKey, body });
  if (res.status !== 201) throw new Error(`create event: HTTP ${res.status} ${res.text}`);
  return res.body.id;
}

async function getEvent(id: string): Promise<EventView> {
  const res = await h.api<EventView>('GET', `/v1/events/${id}`);
  if (res.status !== 200) throw new Error(`get event: HTTP ${res.status} ${res.text}`);
  return res.body;
}

async function waitFinished(id: string, timeoutMs = 90_000): Promise<EventView> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const e = await getEvent(id);
    if (e.status === 'finished') return e;
    if (Date.now() > until) throw new Error(`event ${id} still ${e.status} (round ${e.currentRound})`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Points recomputed from the places of the finished matches: seats at the table - place. */
function pointsFromMatches(e: EventView): Map<string, number> {
  const points = new Map<string, number>();
  for (const r of e.schedule) {
    for (const m of r.matches) {
      if (m.status !== 'finished') continue;
      for (const s of m.seats) {
        points.set(s.agent.id, (points.get(s.agent.id) ?? 0) + m.seats.length - (s.place ?? NaN));
      }
    }
  }
  return points;
}

function expectConsistentStandings(e: EventView) {
  const expected = pointsFromMatches(e);
  for (const s of e.standings) expect(s.points, s.agent.name).toBe(expected.get(s.agent.id) ?? 0);
  expect(e.standings.map((s) => s.rank)).toEqual(e.standings.map((_, i) => i + 1));
  for (let i = 1; i < e.standings.length; i++) {
    expect(e.standings[i - 1]!.points).toBeGreaterThanOrEqual(e.standings[i]!.points);
  }
}

beforeAll(async () => {
  // The matchmaker stays out of the way (house agents are in the ranked queue): only event matches run.
  h = await startHarness({ env: { EVENTS_ENABLED: 'true', MATCHMAKER_INTERVAL_MS: '3600000' } });
  const house = await h.db.prisma.account.findUniqueOrThrow({ where: { name: 'house' } });
  houseOwnerId = house.id;
});

afterAll(async () => {
  await h?.stop();
});

describe('official events (EVENTS_ENABLED=true)', () => {
  it('runs a round robin of 4 house agents and a Swiss event to the end, with consistent standings', async () => {
    const agents = await Promise.all(
      ['a', 'b', 'c', 'd', 'e'].map((n) => botAgent(houseOwnerId, `ev-bot-${n}`)),
    );
    const rr = await createEvent({
      name: 'Round robin cup',
      format: 'round_robin',
      seatsPerMatch: 2,
      rounds: 3,
      entry: 'list',
      agents: agents.slice(0, 4),
    });
    const swiss = await createEvent({
      name: 'Swiss open',
      format: 'swiss',
      seatsPerMatch: 3,
      rounds: 2,
      entry: 'list',
      agents,
      rated: true,
    });
    const list = await h.api<{ items: { id: string }[] }>('GET', '/v1/events');
    expect(list.status).toBe(200);
    // Newest first.
    expect(list.body.items.map((e) => e.id).slice(0, 2)).toEqual([swiss, rr]);

    const [done, sw] = await Promise.all([waitFinished(rr), waitFinished(swiss)]);

    expect(done.currentRound).toBe(3);
    expect(done.schedule.map((r) => r.round)).toEqual([1, 2, 3]);
    for (const r of done.schedule) {
      expect(r.matches).toHaveLength(2);
      for (const m of r.matches) {
        expect(m).toMatchObject({ status: 'finished', ranked: false, eventId: rr, eventRound: r.round });
      }
    }
    // The circle method: each of the 6 pairs met exactly once.
    const pairs = done.schedule.flatMap((r) =>
      r.matches.map((m) =>
        m.seats
          .map((s) => s.agent.id)
          .sort()
          .join(),
      ),
    );
    expect(new Set(pairs).size).toBe(6);
    expect(done.standings.map((s) => s.played)).toEqual([3, 3, 3, 3]);
    expectConsistentStandings(done);

    // Swiss: 5 entrants in tables of at most 3 (3 + 2), 2 rounds, ranked because the event is rated.
    expect(sw.schedule.map((r) => r.matches.map((m) => m.seats.length).sort())).toEqual([
      [2, 3],
      [2, 3],
    ]);
    expect(sw.schedule.flatMap((r) => r.matches).every((m) => m.ranked && m.status === 'finished')).toBe(
      true,
    );
    expectConsistentStandings(sw);

    // The match list filters by event too.
    const ms = await h.api<{ items: unknown[] }>('GET', `/v1/matches?event=${rr}&limit=100`);
    expect(ms.body.items).toHaveLength(6);
  });

  it('lets only the operator create events', async () => {
    const body = { name: 'Nope', format: 'swiss', seatsPerMatch: 2, rounds: 1, entry: 'open' };
    expect((await h.api('POST', '/v1/events', { body })).status).toBe(401);
    const someone = await h.createAccount();
    const res = await h.api<{ error: { code: string } }>('POST', '/v1/events', { key: someone.key, body });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('forbidden');
  });

  it('validates the event', async () => {
    const bad = [
      { name: 'x', format: 'swiss', seatsPerMatch: 2, rounds: 1, entry: 'open' },
      { name: 'Seven', format: 'swiss', seatsPerMatch: 7, rounds: 1, entry: 'open' },
      { name: 'Many', format: 'swiss', seatsPerMatch: 2, rounds: 51, entry: 'open' },
      { name: 'Knockout', format: 'knockout', seatsPerMatch: 2, rounds: 1, entry: 'open' },
      { name: 'No list', format: 'swiss', seatsPerMatch: 2, rounds: 1, entry: 'list' },
      { name: 'When', format: 'swiss', seatsPerMatch: 2, rounds: 1, entry: 'open', startsAt: 'soon' },
    ];
    for (const body of bad) {
      const res = await h.api<{ error: { code: string } }>('POST', '/v1/events', { key: h.adminKey, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
    }
    const missing = await h.api('POST', '/v1/events', {
      key: h.adminKey,
      body: {
        name: 'Ghosts',
        format: 'swiss',
        seatsPerMatch: 2,
        rounds: 1,
        entry: 'list',
        agents: ['ag_nope1', 'ag_nope2'],
      },
    });
    expect(missing.status).toBe(404);
    expect((await h.api('GET', '/v1/events/ev_doesnotexist')).status).toBe(404);
  });

  it('takes open entries from owners before the start, and refuses them after', async () => {
    const owner = await h.createAccount();
    const other = await h.createAccount();
    const mine = await botAgent(owner.id, `mine-${owner.id.slice(-6)}`);
    const paused = await botAgent(owner.id, `paused-${owner.id.slice(-6)}`);
    await h.db.prisma.agent.update({ where: { id: paused }, data: { status: 'paused' } });
    const house = await botAgent(houseOwnerId, `house-entrant-${owner.id.slice(-6)}`);
    const startsAt = new Date(Date.now() + 6000).toISOString();
    const ev = await createEvent({
      name: 'Open night',
      format: 'round_robin',
      seatsPerMatch: 2,
      rounds: 1,
      entry: 'open',
      agents: [house],
      startsAt,
    });
    const enter = (key: string, agentId: string) =>
      h.api<{ agent: { id: string }; error?: { code: string } }>('POST', `/v1/events/${ev}/entries`, {
        key,
        body: { agentId },
      });

    expect((await h.api('POST', `/v1/events/${ev}/entries`, { body: { agentId: mine } })).status).toBe(401);
    expect((await enter(other.key, mine)).status).toBe(403);
    expect((await enter(owner.key, paused)).status).toBe(409);
    const first = await enter(owner.key, mine);
    expect(first.status).toBe(201);
    expect(first.body.agent.id).toBe(mine);
    expect((await enter(owner.key, mine)).status).toBe(200);
    // Withdraw, then enter again.
    expect((await h.api('DELETE', `/v1/events/${ev}/entries/${mine}`, { key: other.key })).status).toBe(403);
    expect((await h.api('DELETE', `/v1/events/${ev}/entries/${mine}`, { key: owner.key })).status).toBe(204);
    expect((await h.api('DELETE', `/v1/events/${ev}/entries/${mine}`, { key: owner.key })).status).toBe(404);
    expect((await enter(owner.key, mine)).status).toBe(201);
    expect((await getEvent(ev)).entrants.map((e) => e.agent.id).sort()).toEqual([house, mine].sort());

    // An event with an entry list takes no entries.
    const listed = await createEvent({
      name: 'Invitational',
      format: 'swiss',
      seatsPerMatch: 2,
      rounds: 1,
      entry: 'list',
      agents: [house, mine],
      startsAt: new Date(Date.now() + 60_000).toISOString(),
    });
    const refused = await h.api<{ error: { code: string } }>('POST', `/v1/events/${listed}/entries`, {
      key: owner.key,
      body: { agentId: mine },
    });
    expect(refused.status).toBe(409);

    // After the start time: refused, and no withdrawal either.
    await new Promise((r) => setTimeout(r, Math.max(0, Date.parse(startsAt) - Date.now() + 100)));
    const third = await botAgent(owner.id, `third-${owner.id.slice(-6)}`);
    const after = await enter(owner.key, third);
    expect(after.status).toBe(409);
    expect(after.body.error?.code).toBe('conflict');
    expect((await h.api('DELETE', `/v1/events/${ev}/entries/${mine}`, { key: owner.key })).status).toBe(409);

    // The event runs with the two entrants: one heads-up match.
    const done = await waitFinished(ev);
    expect(done.schedule).toHaveLength(1);
    expect(done.schedule[0]?.matches[0]?.seats.map((s) => s.agent.id).sort()).toEqual([house, mine].sort());
    expectConsistentStandings(done);
  });
});

describe('official events (EVENTS_ENABLED=false)', () => {
  let off: Harness;
  beforeAll(async () => {
    off = await startHarness({ worker: false });
  });
  afterAll(async () => {
    await off?.stop();
  });

  it('answers 404 events_disabled on every event route', async () => {
    const account = await off.createAccount();
    const calls: [string, string, Record<string, unknown>][] = [
      ['GET', '/v1/events', {}],
      ['GET', '/v1/events/ev_abc', {}],
      ['POST', '/v1/events', { key: off.adminKey, body: { name: 'x' } }],
      ['POST', '/v1/events', {}],
      ['POST', '/v1/events/ev_abc/entries', { key: account.key, body: { agentId: 'ag_x' } }],
      ['DELETE', '/v1/events/ev_abc/entries/ag_x', { key: account.key }],
    ];
    for (const [method, path, o] of calls) {
      const res = await off.api(method, path, o);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body).toEqual(DISABLED);
    }
  });
});
