import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueMatch } from '@coup/competition';
import { insertMatch } from '@coup/db';
import { slowAgent } from './testing/agents';
import type { TestAgent } from './testing/agents';
import { startHarness, uniqueName } from './testing/harness';
import type { Account, Harness } from './testing/harness';
import { closedWithin, openSocket } from './testing/ws';
import type { TestSocket } from './testing/ws';

// Spectator sockets (/v1/matches/:id/live) end with their match: after `end` the platform closes them
// (1000 "match ended"), whether the match ended while they watched, before they came, or was aborted. One
// client address may hold MAX_SPECTATORS_PER_IP of them; the next is refused with 1008 and a reason.

const MAX_SPECTATORS = 3;

let h: Harness;
let owner: Account;
const agents: TestAgent[] = [];
const sockets: TestSocket[] = [];

beforeAll(async () => {
  h = await startHarness({ env: { MAX_SPECTATORS_PER_IP: String(MAX_SPECTATORS) } });
  owner = await h.createAccount();
});

afterAll(async () => {
  await Promise.all(sockets.map((s) => s.close()));
  await Promise.all(agents.map((a) => a.close()));
  await h?.stop();
});

/** A spectator from `ip` (the harness trusts X-Forwarded-For, as behind a reverse proxy). */
async function spectate(matchId: string, ip = '198.51.100.1'): Promise<TestSocket> {
  const s = await openSocket(`${h.wsUrl}/v1/matches/${matchId}/live`, undefined, {
    headers: { 'x-forwarded-for': ip },
  });
  sockets.push(s);
  return s;
}

/** A match queued but never handed to a worker: it stays `queued`, so its spectators stay connected. */
const idleMatch = async () =>
  insertMatch(h.db.prisma, {
    agentIds: [await h.houseAgent('random'), await h.houseAgent('honest')],
    ranked: false,
    timeoutMs: 1000,
  });

describe('spectator sockets end with their match', () => {
  it('close with 1000 "match ended" right after `end`, live or for a late spectator', async () => {
    const reg = await h.registerAgent(owner.key, {
      name: uniqueName('slow'),
      endpointUrl: 'http://127.0.0.1:9',
    });
    // Slow enough that the match outlasts the worker's first look for spectators (LIVE_WATCH_POLL_MS).
    const agent = await slowAgent({ delayMs: 150, secret: reg.secret, name: 'slow' });
    agents.push(agent);
    await h.api('PATCH', `/v1/agents/${reg.id}`, { key: owner.key, body: { endpointUrl: agent.url } });
    const id = await h.queueMatch(owner.key, [reg.id, await h.houseAgent('honest')], { timeoutMs: 3000 });

    const live = await spectate(id);
    await live.next((m) => m.type === 'update');
    // Watched while it runs; the rest may go at full speed (a long game can reach the turn cap).
    agent.setDelay(0);
    const end = await live.next((m) => m.type === 'end', 30_000);
    expect(await closedWithin(live, 3000)).toEqual({ code: 1000, reason: 'match ended' });
    expect(live.messages.at(-1)).toEqual(end);
    expect((await h.waitForMatch(id)).status).toBe('finished');

    const late = await spectate(id);
    expect(await closedWithin(late, 3000)).toEqual({ code: 1000, reason: 'match ended' });
    expect(late.messages[0]).toMatchObject({ type: 'hello', status: 'finished' });
    expect(late.messages.at(-1)).toMatchObject({ type: 'end', matchId: id, ranking: end.ranking });
  });

  it('close after an `end` with status aborted when the match is given up', async () => {
    const reg = await h.registerAgent(owner.key, {
      name: uniqueName('nowhere'),
      endpointUrl: 'http://127.0.0.1:9',
    });
    // An HTTP agent without an endpoint cannot be reached: the worker aborts its match at once.
    await h.db.prisma.agent.update({ where: { id: reg.id }, data: { endpointUrl: null } });
    // The spectator is there before the worker sees the match: the abort reaches it on the channel.
    const id = await insertMatch(h.db.prisma, {
      agentIds: [reg.id, await h.houseAgent('honest')],
      ranked: false,
      timeoutMs: 1000,
    });
    const s = await spectate(id);
    await s.next((m) => m.type === 'hello');
    await enqueueMatch(h.platform.runtime.matchQueue, id);
    expect(await closedWithin(s, 10_000)).toEqual({ code: 1000, reason: 'match ended' });
    expect(s.messages.at(-1)).toMatchObject({ type: 'end', matchId: id, status: 'aborted' });
    expect((await h.waitForMatch(id)).status).toBe('aborted');

    // A spectator who comes afterwards is told from the match row, and closed the same way.
    const late = await spectate(id);
    expect(await closedWithin(late, 3000)).toEqual({ code: 1000, reason: 'match ended' });
    expect(late.messages.at(-1)).toMatchObject({ type: 'end', matchId: id, status: 'aborted' });
  });
});

describe('spectator sockets per client address (MAX_SPECTATORS_PER_IP)', () => {
  it('refuses the one over the cap with 1008 and a reason; other addresses and freed slots are fine', async () => {
    const id = await idleMatch();
    const ip = '198.51.100.20';
    const held: TestSocket[] = [];
    for (let i = 0; i < MAX_SPECTATORS; i++) {
      const s = await spectate(id, ip);
      await s.next((m) => m.type === 'hello');
      held.push(s);
    }

    const refused = await spectate(id, ip);
    const why = `too many spectator sockets from your address (limit ${MAX_SPECTATORS})`;
    expect(await closedWithin(refused, 3000)).toEqual({ code: 1008, reason: why });
    expect(refused.messages).toEqual([{ type: 'error', code: 'too_many_spectators', message: why }]);
    // Those already open are untouched.
    for (const s of held) expect(s.ws.readyState).toBe(s.ws.OPEN);

    const elsewhere = await spectate(id, '198.51.100.21');
    await elsewhere.next((m) => m.type === 'hello');

    // A closed spectator frees its slot.
    await held[0]!.close();
    let again: TestSocket | undefined;
    for (let tries = 0; tries < 50 && !again; tries++) {
      const s = await spectate(id, ip);
      const first = await s.next(() => true);
      if (first.type === 'hello') again = s;
      else await new Promise((r) => setTimeout(r, 20));
    }
    expect(again?.ws.readyState).toBe(again?.ws.OPEN);
  });
});
