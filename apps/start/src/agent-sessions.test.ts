import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBot } from '@coup/bots';
import { SIGNATURE_HEADER, verifySignature } from '@coup/protocol';
import type { DecisionRequest } from '@coup/protocol';
import { startPlatform } from './platform';
import type { RunningPlatform } from './platform';
import { REDIS_URL, startHarness, uniqueName } from './testing/harness';
import type { Account, Harness } from './testing/harness';
import { closedWithin, openSocket } from './testing/ws';
import type { Message, TestSocket } from './testing/ws';
import { startWorkerProcess } from './testing/worker-process';
import type { WorkerProcess } from './testing/worker-process';

// An agent's sessions last as long as its right to them. Rotating its secret, pausing or deleting it closes
// its WebSocket at once, on whichever API instance holds it; an HTTP agent's requests are signed with the
// new secret from the next decision on, by a worker in its own process. A socket flooding messages is
// closed. The API and the worker run as separate processes here, as in production.

const MAX_MSGS = 5;

let h: Harness;
let owner: Account;
let worker: WorkerProcess | undefined;
const closers: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  h = await startHarness({ worker: false, env: { AGENT_SOCKET_MAX_MSGS_PER_S: String(MAX_MSGS) } });
  owner = await h.createAccount();
  worker = await startWorkerProcess(h.workerEnv());
}, 60_000);

afterAll(async () => {
  for (const close of closers.reverse()) await close().catch(() => undefined);
  await worker?.stop();
  await h?.stop();
});

const connectUrl = () => `${h.wsUrl}/v1/agents/connect`;

async function wsAgent(name: string) {
  const reg = await h.registerAgent(owner.key, { name: uniqueName(name), transport: 'ws' });
  return reg;
}

async function connected(url: string, key: string): Promise<TestSocket> {
  const s = await openSocket(url, key);
  closers.push(() => s.close());
  await s.next((m) => m.type === 'welcome');
  return s;
}

describe('agent sockets close when the agent loses its right to them', () => {
  it('rotating the secret closes the socket with 4001; the old key is refused, the new one connects', async () => {
    const a = await wsAgent('rotated');
    const s = await connected(connectUrl(), a.secret);
    const res = await h.api<{ secret: string }>('POST', `/v1/agents/${a.id}/rotate-secret`, {
      key: owner.key,
    });
    expect(res.status).toBe(200);
    expect(await closedWithin(s)).toEqual({ code: 4001, reason: 'agent secret rotated' });
    await expect(openSocket(connectUrl(), a.secret)).rejects.toThrow(/401/);
    await (await connected(connectUrl(), res.body.secret)).close();
  });

  it.each([
    ['POST /pause', (id: string) => h.api('POST', `/v1/agents/${id}/pause`, { key: owner.key })],
    [
      'PATCH status paused',
      (id: string) => h.api('PATCH', `/v1/agents/${id}`, { key: owner.key, body: { status: 'paused' } }),
    ],
  ])(
    'pausing (%s) closes every socket of the agent with 4003; it connects again once resumed',
    async (_, pause) => {
      const a = await wsAgent('paused');
      const sockets = [await connected(connectUrl(), a.secret), await connected(connectUrl(), a.secret)];
      expect((await pause(a.id)).status).toBe(200);
      for (const s of sockets) expect(await closedWithin(s)).toEqual({ code: 4003, reason: 'agent paused' });
      await expect(openSocket(connectUrl(), a.secret)).rejects.toThrow(/403/);
      await h.api('POST', `/v1/agents/${a.id}/resume`, { key: owner.key });
      await (await connected(connectUrl(), a.secret)).close();
    },
  );

  it('deleting the agent closes its socket with 4003 "agent deleted"', async () => {
    const a = await wsAgent('deleted');
    const s = await connected(connectUrl(), a.secret);
    expect((await h.api('DELETE', `/v1/agents/${a.id}`, { key: owner.key })).status).toBe(204);
    expect(await closedWithin(s)).toEqual({ code: 4003, reason: 'agent deleted' });
    await expect(openSocket(connectUrl(), a.secret)).rejects.toThrow(/401/);
  });

  it('closes a socket held by another API instance (the revocation goes through Redis)', async () => {
    const other: RunningPlatform = await startPlatform({
      env: { ...h.platform.runtime.env, PORT: 0 },
      databaseUrl: h.db.url,
      redisUrl: REDIS_URL,
      worker: false,
      demo: false,
    });
    closers.push(() => other.stop());
    const url = `${other.url.replace(/^http/, 'ws')}/v1/agents/connect`;
    const a = await wsAgent('elsewhere');
    const b = await wsAgent('elsewhere');
    const [sa, sb] = [await connected(url, a.secret), await connected(url, b.secret)];
    // The change is made on the first instance, which holds none of these sockets.
    expect(h.platform.app.agentSockets.count(a.id)).toBe(0);
    await h.api('POST', `/v1/agents/${a.id}/rotate-secret`, { key: owner.key });
    expect(await closedWithin(sa)).toEqual({ code: 4001, reason: 'agent secret rotated' });
    await h.api('POST', `/v1/agents/${b.id}/pause`, { key: owner.key });
    expect(await closedWithin(sb)).toEqual({ code: 4003, reason: 'agent paused' });
  });
});

/** An HTTP agent that checks every request's signature against the secret it currently knows. */
async function checkingAgent(secret: string, onDecision: (req: DecisionRequest, n: number) => Promise<void>) {
  const bot = createBot('random', { seed: 'checking' });
  const state = { secret, decisions: 0 };
  const seen: { path: string; verified: boolean; withOld: boolean; after: boolean }[] = [];
  let rotated: string | null = null;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const header = req.headers[SIGNATURE_HEADER] as string | undefined;
        const verified = verifySignature(state.secret, body, header).ok;
        const withOld = rotated !== null && verifySignature(secret, body, header).ok;
        seen.push({ path: req.url ?? '', verified, withOld, after: rotated !== null });
        if (!verified) return void res.writeHead(401).end('{"error":"bad signature"}');
        let answer: unknown = {};
        if (req.url === '/decide') {
          const decision = JSON.parse(body) as DecisionRequest;
          await onDecision(decision, ++state.decisions);
          answer = bot.decide(decision);
        }
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
      })();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  closers.push(() => new Promise((r) => server.close(r)));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    /** From now on only the new secret is accepted. */
    rotate(newSecret: string) {
      state.secret = newSecret;
      rotated = newSecret;
    },
  };
}

describe('HTTP agents', () => {
  it('get requests signed with the new secret from the next decision after a rotation, mid-match', async () => {
    const reg = await h.registerAgent(owner.key, {
      name: uniqueName('rotating-http'),
      endpointUrl: 'http://127.0.0.1:9',
    });
    // At its first decision that only this seat can make (its turn, or a card to lose: the random bot can
    // lose both cards before its first turn) the owner rotates the secret; the agent learns it before
    // answering, and the match waits for it (a decision in a window asked of several seats can be closed by
    // another's answer, and the match could end before a slow rotation did).
    let rotating = false;
    const agent = await checkingAgent(reg.secret, async (req) => {
      if ((req.phase !== 'action' && req.phase !== 'lose_influence') || rotating) return;
      rotating = true;
      const res = await h.api<{ secret: string }>('POST', `/v1/agents/${reg.id}/rotate-secret`, {
        key: owner.key,
      });
      agent.rotate(res.body.secret);
    });
    await h.api('PATCH', `/v1/agents/${reg.id}`, { key: owner.key, body: { endpointUrl: agent.url } });
    // Four seats: the agent also decides in the windows after the others' actions, so it has many decisions.
    const house = [
      await h.houseAgent('honest'),
      await h.houseAgent('random'),
      await h.houseAgent('heuristic'),
    ];
    // A long deadline: the 2nd decision waits for the rotation (an API call, database writes), which under a
    // loaded CI machine can take seconds; past the deadline the next request would still carry the old secret.
    const id = await h.queueMatch(owner.key, [reg.id, ...house], { timeoutMs: 15_000 });
    const match = await h.waitForMatch(id, 60_000);

    expect(match.status, match.abortReason ?? '').toBe('finished');
    const decides = agent.seen.filter((r) => r.path === '/decide');
    expect(decides.length).toBeGreaterThan(2);
    // Every request verified with the secret current when it arrived: none was refused, so no fault.
    expect(agent.seen.filter((r) => !r.verified)).toEqual([]);
    expect(match.seats[0]?.faults).toBe(0);
    // ...and after the rotation not one was signed with the old secret (the notification at the end too).
    const after = agent.seen.filter((r) => r.after);
    expect(after.length).toBeGreaterThan(1);
    expect(after.some((r) => r.path === '/decide')).toBe(true);
    expect(after.some((r) => r.path === '/end')).toBe(true);
    expect(after.filter((r) => r.withOld)).toEqual([]);
  });
});

describe('agent socket message cap (AGENT_SOCKET_MAX_MSGS_PER_S)', () => {
  it('closes a socket that floods messages with 1008 and the reason', async () => {
    const a = await wsAgent('flood');
    const s = await connected(connectUrl(), a.secret);
    for (let i = 0; i < 50; i++) s.ws.send('not json');
    const err = await s.next((m) => m.type === 'error' && m.code === 'rate_limited');
    expect(err.message).toBe(`too many messages (limit ${MAX_MSGS}/s)`);
    expect(await closedWithin(s)).toEqual({ code: 1008, reason: `too many messages (limit ${MAX_MSGS}/s)` });
    // Only the first MAX_MSGS frames were answered as invalid: the rest were not processed.
    expect(s.messages.filter((m) => m.code === 'invalid_json')).toHaveLength(MAX_MSGS);
  });

  it('never counts one answer per decision: an agent answering matches at full speed keeps its socket', async () => {
    const a = await wsAgent('fast');
    const s = await connected(connectUrl(), a.secret);
    const bot = createBot('random', { seed: 'fast' });
    const sentAt: number[] = [];
    s.ws.on('message', (data) => {
      const m = JSON.parse(data.toString()) as Message;
      if (m.type !== 'decision') return;
      const req = m as unknown as DecisionRequest;
      s.send({ type: 'answer', decisionId: req.decisionId, action: bot.decide(req).action });
      sentAt.push(Date.now());
    });
    /** The most answers sent within one second. */
    const peak = () =>
      Math.max(0, ...sentAt.map((t, i) => sentAt.slice(i).filter((u) => u < t + 1000).length));
    const house = [
      await h.houseAgent('random'),
      await h.houseAgent('honest'),
      await h.houseAgent('heuristic'),
    ];
    // Matches until the agent has answered faster than the cap allows other messages (one is usually enough).
    for (let i = 0; i < 5 && peak() <= MAX_MSGS; i++) {
      const id = await h.queueMatch(owner.key, [a.id, ...house], { timeoutMs: 3000 });
      const match = await h.waitForMatch(id);
      expect(match.status).toBe('finished');
      expect(match.seats[0]?.faults).toBe(0);
    }
    expect(peak()).toBeGreaterThan(MAX_MSGS);
    expect(s.ws.readyState).toBe(s.ws.OPEN);
    expect(s.messages.filter((m) => m.type === 'error')).toEqual([]);
    await s.close();
  });
});
