import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DecisionRequest } from '@coup/protocol';
import type { Table } from '@coup/api-contract/types';
import { startApiProcess } from './testing/api-process';
import type { ApiProcess } from './testing/api-process';
import { startHarness, uniqueName } from './testing/harness';
import type { Account, Harness } from './testing/harness';
import { closedWithin, openSocket } from './testing/ws';
import type { TestSocket } from './testing/ws';

// One message never takes the platform down, shown on the API as a process of its own (server.ts): the
// 54 KB frame `{"type":"answer","decisionId":"x","action":` + 9,000 nested `{"a":` and their closing
// braces, sent on an agent socket or on a person's table socket, used to overflow the stack in the socket's
// message handler and end the process. Now that socket is closed with 1007 and a reason, and the process,
// its other sockets, the table and its match carry on.

const DEEP_FRAME = `{"type":"answer","decisionId":"x","action":${'{"a":'.repeat(9000)}1${'}'.repeat(9000)}}`;
const TOO_DEEP = { code: 1007, reason: 'message: nests arrays and objects more than 64 levels deep' };

let h: Harness;
let api: ApiProcess;
let owner: Account;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  // A person's decisions wait 10 s here (HUMAN_TIMEOUT_MS), enough to reconnect and answer.
  h = await startHarness({ env: { HUMAN_TIMEOUT_MS: '10000' } });
  api = await startApiProcess(h);
  owner = await h.createAccount();
}, 90_000);

afterAll(async () => {
  for (const s of sockets) await s.close().catch(() => undefined);
  await api?.stop();
  await h?.stop();
});

async function open(path: string, key?: string, protocols?: string[]): Promise<TestSocket> {
  const s = await openSocket(`${api.wsUrl}${path}`, key, protocols ? { protocols } : {});
  sockets.push(s);
  return s;
}

async function wsAgent(): Promise<TestSocket> {
  const a = await h.registerAgent(owner.key, { name: uniqueName('ws'), transport: 'ws' });
  const s = await open('/v1/agents/connect', a.secret);
  await s.next((m) => m.type === 'welcome');
  return s;
}

/** The API process is up and answers HTTP; the socket is open and still served. */
async function stillUp(...served: TestSocket[]) {
  expect(api.alive(), api.output()).toBe(true);
  expect((await fetch(`${api.url}/healthz`)).status).toBe(200);
  for (const s of served) {
    s.ws.send('not json');
    await s.next((m) => m.code === 'invalid_json');
  }
}

describe('a frame nested 9,000 levels deep, to the API process', () => {
  it('on an agent socket: that socket is closed with 1007 and a reason; the process and other sockets carry on', async () => {
    expect(DEEP_FRAME.length).toBeGreaterThan(54_000);
    const [victim, bystander] = await Promise.all([wsAgent(), wsAgent()]);
    victim.ws.send(DEEP_FRAME);
    expect(await closedWithin(victim, 10_000)).toEqual(TOO_DEEP);
    await stillUp(bystander);
  });

  it("on a person's table socket: closed with 1007; the person reconnects with a new ticket and the table finishes", async () => {
    const house = await h.houseAgent('heuristic');
    const res = await h.api<Table>('POST', '/v1/tables', { key: owner.key, body: { opponents: [house] } });
    expect(res.status, res.text).toBe(201);
    const table = res.body;
    const seat = await open('/v1/agents/connect', undefined, table.ticket.protocols);
    await seat.next((m) => m.type === 'welcome');
    seat.ws.send(DEEP_FRAME);
    expect(await closedWithin(seat, 10_000)).toEqual(TOO_DEEP);
    await stillUp();

    const ticket = await h.api<Table['ticket']>('POST', `/v1/tables/${table.match.id}/ticket`, {
      key: owner.key,
    });
    expect(ticket.status, ticket.text).toBe(200);
    const again = await open('/v1/agents/connect', undefined, ticket.body.protocols);
    const answered = new Set<string>();
    for (;;) {
      const m = await again.next((x) => x.type === 'decision' || x.type === 'match_end', 30_000);
      if (m.type === 'match_end') break;
      const req = m as unknown as DecisionRequest;
      if (answered.has(req.decisionId)) continue;
      answered.add(req.decisionId);
      again.send({ type: 'answer', decisionId: req.decisionId, action: req.legalActions[0] });
    }
    const match = await h.waitForMatch(table.match.id, 60_000);
    expect(match.status).toBe('finished');
    await stillUp(again);
  }, 120_000);

  it('on a spectator socket: closed with 1007; the process carries on', async () => {
    // A seat with no socket: each of its decisions waits out MATCH_TIMEOUT_MS, so the match lasts.
    const absent = await h.registerAgent(owner.key, { name: uniqueName('absent'), transport: 'ws' });
    const id = await h.queueMatch(owner.key, [absent.id, await h.houseAgent('heuristic')]);
    const s = await open(`/v1/matches/${id}/live`);
    await s.next((m) => m.type === 'hello');
    s.ws.send(DEEP_FRAME);
    expect(await closedWithin(s, 10_000)).toEqual(TOO_DEEP);
    await stillUp();
  });

  it('in an HTTP body (POST /v1/accounts, no key): 400 validation_failed; the process carries on', async () => {
    const res = await fetch(`${api.url}/v1/accounts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `{"name":"deep","x":${'{"a":'.repeat(9000)}1${'}'.repeat(9000)}}`,
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      error: {
        code: 'validation_failed',
        message: 'body: nests arrays and objects more than 64 levels deep',
      },
    });
    await stillUp();
  });
});
