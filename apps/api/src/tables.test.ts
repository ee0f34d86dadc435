import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMatch } from '@coup/db';
import { errorShapeProblem, startHarness, uniqueName } from './testing/harness';
import type { Account, ApiResponse, Harness } from './testing/harness';

// Casual tables with a person (POST /v1/tables): who may be seated, what the answer holds, and that a
// person's seat (transport `human`) stays out of everything rated. The API alone (no worker): tables stay
// queued, which is what the account cap counts. Playing a table is tested with a worker in apps/start.

let h: Harness;

beforeAll(async () => {
  h = await startHarness({
    worker: false,
    env: { EVENTS_ENABLED: 'true', MAX_ACTIVE_MATCHES_PER_ACCOUNT: '3', HUMAN_TIMEOUT_MS: '45000' },
  });
});

afterAll(async () => {
  await h?.stop();
});

interface TableBody {
  match: {
    id: string;
    ranked: boolean;
    status: string;
    timeoutMs: number;
    seats: { seat: number; agent: { id: string; name: string } }[];
  };
  ticket: {
    matchId: string;
    seat: number;
    agentId: string;
    ticket: string;
    expiresAt: string;
    url: string;
    protocols: string[];
  };
}

function expectError(res: ApiResponse, status: number, code: string) {
  expect(res.status, res.text).toBe(status);
  expect(errorShapeProblem(res.body)).toBeNull();
  expect((res.body as { error: { code: string } }).error.code).toBe(code);
}

const openTable = (key: string, body: unknown) => h.api<TableBody>('POST', '/v1/tables', { key, body });

async function agentOf(owner: Account, extra: Record<string, unknown> = {}) {
  return h.registerAgent(owner.key, { name: uniqueName('opp'), endpointUrl: 'http://127.0.0.1:9', ...extra });
}

describe('opening a table', () => {
  it("seats the person (created on the first table, once) with house agents, casual, at the platform's deadline", async () => {
    const me = await h.createAccount(uniqueName('alice'));
    const house = await h.houseAgent('heuristic');
    const res = await openTable(me.key, { opponents: [house, house], seat: 1 });
    expect(res.status, res.text).toBe(201);
    const { match, ticket } = res.body;
    expect(match).toMatchObject({ ranked: false, status: 'queued', timeoutMs: 3000 });
    expect(match.seats.map((s) => s.agent.id)).toEqual([house, ticket.agentId, house]);
    expect(ticket).toMatchObject({ matchId: match.id, seat: 1 });
    expect(ticket.url).toMatch(/^ws:\/\/.+\/v1\/agents\/connect$/);
    expect(ticket.protocols).toEqual(['coup.v1', `coup.ticket.${ticket.ticket}`]);
    expect(Date.parse(ticket.expiresAt) - Date.now()).toBeLessThanOrEqual(60_000);

    // The seat: an agent of transport human, owned by the account, named after it, never in the queue.
    const seat = await h.api<Record<string, unknown>>('GET', `/v1/agents/${ticket.agentId}`, { key: me.key });
    expect(seat.body).toMatchObject({ transport: 'human', inQueue: false, allowChallenges: false });
    expect(String(seat.body.name)).toMatch(/^@alice-/);
    // The next table reuses it.
    const again = await openTable(me.key, { opponents: [house] });
    expect(again.status, again.text).toBe(201);
    expect(again.body.ticket.agentId).toBe(ticket.agentId);
    expect(again.body.match.seats[0]?.agent.id).toBe(ticket.agentId);
  });

  it("seats the caller's own agents and agents whose owners allow challenges, never others'", async () => {
    const [me, other] = await Promise.all([h.createAccount(), h.createAccount()]);
    const mine = await agentOf(me);
    const closed = await agentOf(other);
    const open = await agentOf(other, { allowChallenges: true });
    expect((await openTable(me.key, { opponents: [mine.id] })).status).toBe(201);
    expect((await openTable(me.key, { opponents: [open.id] })).status).toBe(201);

    const refused = await openTable(me.key, { opponents: [open.id, closed.id] });
    expectError(refused, 403, 'opponent_not_allowed');
    expect(refused.body).toMatchObject({ error: { details: { agentId: closed.id } } });

    // The owner opens it up, and closes it again (PATCH allowChallenges).
    const patched = await h.api('PATCH', `/v1/agents/${closed.id}`, {
      key: other.key,
      body: { allowChallenges: true },
    });
    expect(patched.body).toMatchObject({ allowChallenges: true });
    const listed = await h.api<{ items: { id: string }[] }>(
      'GET',
      `/v1/agents?owner=${other.id}&allowChallenges=true`,
    );
    expect(listed.body.items.map((a) => a.id).sort()).toEqual([closed.id, open.id].sort());
    // Only its owner may change it.
    expectError(
      await h.api('PATCH', `/v1/agents/${open.id}`, { key: me.key, body: { allowChallenges: false } }),
      403,
      'forbidden',
    );
  });

  it("never seats another person, and a person's seat cannot be opened to challenges", async () => {
    const [me, other] = await Promise.all([h.createAccount(), h.createAccount()]);
    const house = await h.houseAgent('random');
    const theirs = (await openTable(other.key, { opponents: [house] })).body.ticket.agentId;
    expectError(await openTable(me.key, { opponents: [theirs] }), 403, 'opponent_not_allowed');
    expectError(
      await h.api('PATCH', `/v1/agents/${theirs}`, { key: other.key, body: { allowChallenges: true } }),
      409,
      'human_not_allowed',
    );
    // Nor can a person sit twice at their own table.
    const mine = (await openTable(me.key, { opponents: [house] })).body.ticket.agentId;
    expectError(await openTable(me.key, { opponents: [mine] }), 403, 'opponent_not_allowed');
  });

  it('refuses bad bodies, unknown, paused or deleted opponents, and callers without an account', async () => {
    const me = await h.createAccount();
    const house = await h.houseAgent('random');
    for (const body of [
      {},
      { opponents: [] },
      { opponents: [house, house, house, house, house, house] },
      { opponents: [house], seat: 2 },
      { opponents: [house], seat: -1 },
      { opponents: ['mt_abc'] },
      { opponents: [house], ranked: true },
    ]) {
      expectError(await openTable(me.key, body), 400, 'validation_failed');
    }
    expectError(await openTable(me.key, { opponents: ['ag_doesNotExist'] }), 404, 'not_found');
    const paused = await agentOf(me);
    await h.api('POST', `/v1/agents/${paused.id}/pause`, { key: me.key });
    expectError(await openTable(me.key, { opponents: [paused.id] }), 409, 'conflict');
    const gone = await agentOf(me);
    await h.api('DELETE', `/v1/agents/${gone.id}`, { key: me.key });
    expectError(await openTable(me.key, { opponents: [gone.id] }), 404, 'not_found');
    expectError(await h.api('POST', '/v1/tables', { body: { opponents: [house] } }), 401, 'unauthorized');
    expectError(await openTable(h.adminKey, { opponents: [house] }), 403, 'forbidden');
  });

  it('counts tables against MAX_ACTIVE_MATCHES_PER_ACCOUNT', async () => {
    const me = await h.createAccount();
    const house = await h.houseAgent('random');
    for (let i = 0; i < 3; i++) expect((await openTable(me.key, { opponents: [house] })).status).toBe(201);
    const over = await openTable(me.key, { opponents: [house] });
    expectError(over, 429, 'too_many_active_matches');
    expect(over.body).toMatchObject({ error: { details: { active: 3, limit: 3 } } });
  });
});

describe('tickets', () => {
  it('gives a new ticket to the seat only, while the table has not ended', async () => {
    const [me, other] = await Promise.all([h.createAccount(), h.createAccount()]);
    const house = await h.houseAgent('random');
    const table = (await openTable(me.key, { opponents: [house], seat: 1 })).body;
    const res = await h.api<TableBody['ticket']>('POST', `/v1/tables/${table.match.id}/ticket`, {
      key: me.key,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ matchId: table.match.id, seat: 1, agentId: table.ticket.agentId });
    expect(res.body.ticket).not.toBe(table.ticket.ticket);

    expectError(
      await h.api('POST', `/v1/tables/${table.match.id}/ticket`, { key: other.key }),
      403,
      'not_your_table',
    );
    // A match without the caller's seat, one that does not exist, one that has ended.
    const agent = await agentOf(me);
    const plain = await h.queueMatch(me.key, [agent.id, house]);
    expectError(await h.api('POST', `/v1/tables/${plain}/ticket`, { key: me.key }), 403, 'not_your_table');
    expectError(await h.api('POST', '/v1/tables/mt_nope/ticket', { key: me.key }), 404, 'not_found');
    expectError(await h.api('POST', '/v1/tables/ag_nope/ticket', { key: me.key }), 400, 'validation_failed');
    await h.platform.runtime.prisma.match.update({
      where: { id: table.match.id },
      data: { status: 'aborted', abortReason: 'test' },
    });
    expectError(
      await h.api('POST', `/v1/tables/${table.match.id}/ticket`, { key: me.key }),
      409,
      'table_ended',
    );
  });
});

describe("a person's seat is never rated", () => {
  it('stays out of the ranked queue, events, POST /v1/matches, /check and ranked match creation', async () => {
    const me = await h.createAccount();
    const house = await h.houseAgent('random');
    const seat = (await openTable(me.key, { opponents: [house] })).body.ticket.agentId;

    expectError(await h.api('POST', `/v1/agents/${seat}/queue`, { key: me.key }), 409, 'human_not_allowed');
    expectError(await h.api('POST', `/v1/agents/${seat}/check`, { key: me.key }), 409, 'human_not_allowed');
    expectError(
      await h.api('POST', '/v1/matches', { key: me.key, body: { agents: [seat, house] } }),
      409,
      'human_not_allowed',
    );
    expectError(
      await h.api('POST', '/v1/matches', { key: h.adminKey, body: { agents: [seat, house], ranked: true } }),
      409,
      'human_not_allowed',
    );
    const event = (body: Record<string, unknown>) =>
      h.api<{ id: string }>('POST', '/v1/events', {
        key: h.adminKey,
        body: {
          name: uniqueName('cup'),
          format: 'round_robin',
          seatsPerMatch: 2,
          rounds: 1,
          startsAt: new Date(Date.now() + 3_600_000).toISOString(),
          ...body,
        },
      });
    expectError(await event({ entry: 'list', agents: [seat, house] }), 409, 'human_not_allowed');
    const open = await event({ entry: 'open' });
    expectError(
      await h.api('POST', `/v1/events/${open.body.id}/entries`, { key: me.key, body: { agentId: seat } }),
      409,
      'human_not_allowed',
    );
    // The one door every ranked match goes through refuses it too (matchmaker, events, operator).
    await expect(
      insertMatch(h.platform.runtime.prisma, { agentIds: [seat, house], ranked: true, timeoutMs: 3000 }),
    ).rejects.toThrow(/person's seat/);
    const state = await h.api<{ inQueue: boolean }>('GET', `/v1/agents/${seat}`);
    expect(state.body.inQueue).toBe(false);
  });
});
