import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBot } from '@coup/bots';
import { freePort } from '@coup/devstack';
import { Replay, SeatReplay, seedCommitment } from '@coup/protocol';
import type { DecisionRequest, MatchEnd, MatchStart } from '@coup/protocol';
import { verifyReplay } from '@coup/runner';
import { createAgent } from '@coup/sdk';
import type { AgentConnection } from '@coup/sdk';
import { serveBotWithCli } from './testing/agents';
import type { BotProcess } from './testing/agents';
import { errorShapeProblem, startHarness, uniqueName } from './testing/harness';
import type { Account, Harness } from './testing/harness';
import { hiddenInfoLeaks } from '@coup/api/testing';

// The whole platform end to end: an account, two HTTP agents served by `coup bot serve` child processes
// (checking the platform's signatures with their secrets), a WebSocket agent on the SDK's .connect(), a
// 3-seat match run by the worker, and the result and replays read back through the API.

let h: Harness;
let owner: Account;
const bots: BotProcess[] = [];
let conn: AgentConnection | undefined;

beforeAll(async () => {
  h = await startHarness();
  owner = await h.createAccount();
});

afterAll(async () => {
  await conn?.close();
  await Promise.all(bots.map((b) => b.stop()));
  await h?.stop();
});

/** An HTTP agent served by the CLI: registered first (for its secret), then pointed at the bot's URL. */
async function cliAgent(kind: 'heuristic' | 'honest') {
  const a = await h.registerAgent(owner.key, {
    name: uniqueName(`cli-${kind}`),
    endpointUrl: 'http://127.0.0.1:9',
  });
  const bot = await serveBotWithCli(kind, a.secret);
  bots.push(bot);
  const res = await h.api('PATCH', `/v1/agents/${a.id}`, { key: owner.key, body: { endpointUrl: bot.url } });
  expect(res.status).toBe(200);
  return { ...a, bot };
}

describe('end to end', () => {
  let httpA: Awaited<ReturnType<typeof cliAgent>>;

  it('plays a 3-seat match (2 CLI HTTP agents, 1 SDK WebSocket agent) and serves result and replays', async () => {
    const [a, b] = await Promise.all([cliAgent('heuristic'), cliAgent('honest')]);
    httpA = a;
    const strategyPrompt = 'Claim Duke early.';
    const ws = await h.registerAgent(owner.key, {
      name: uniqueName('sdk-ws'),
      transport: 'ws',
      strategyPrompt,
    });
    const bot = createBot('heuristic', { seed: 'ws' });
    const received: DecisionRequest[] = [];
    const notes: (MatchStart | MatchEnd)[] = [];
    conn = createAgent({ name: 'ws-bot', decide: (r) => bot.decide(r), onError: () => undefined }).connect(
      `${h.wsUrl}/v1/agents/connect`,
      ws.secret,
      { minBackoffMs: 50, maxBackoffMs: 200 },
    );
    conn.on('decision', (r: DecisionRequest) => received.push(r));
    conn.on('match_start', (m: MatchStart) => notes.push(m));
    conn.on('match_end', (m: MatchEnd) => notes.push(m));
    await once(conn, 'welcome');

    const id = await h.queueMatch(owner.key, [a.id, b.id, ws.id], { timeoutMs: 5000 });
    const m = await h.waitForMatch(id);

    // The result: finished, every seat placed once, no fault (so both CLI bots accepted every signature).
    expect(m.status, m.abortReason ?? '').toBe('finished');
    expect(m.attempts).toBe(1);
    expect(m.seats.map((s) => s.agent.id)).toEqual([a.id, b.id, ws.id]);
    expect(m.seats.every((s) => s.place !== null && s.place >= 1)).toBe(true);
    expect(m.seats.map((s) => s.faults)).toEqual([0, 0, 0]);
    expect(m.ranking?.flat().sort()).toEqual([0, 1, 2]);
    expect(m.seed).toEqual(expect.any(String));
    expect(seedCommitment(m.seed as string)).toBe(m.seedCommitment);

    // The omniscient replay re-runs to the same result.
    const full = await h.api('GET', `/v1/matches/${id}/replay`);
    expect(full.status).toBe(200);
    const replay = Replay.parse(full.body);
    expect(verifyReplay(full.body)).toEqual({ ok: true });
    expect(replay.seed).toBe(m.seed);
    expect(replay.ranking).toEqual(m.ranking);
    expect(replay.players.map((p) => p.agentId)).toEqual([a.id, b.id, ws.id]);
    expect(await h.db.prisma.replay.count({ where: { matchId: id } })).toBe(1);

    // Each seat's view holds only what that seat may know.
    for (const seat of [0, 1, 2]) {
      const res = await h.api('GET', `/v1/matches/${id}/replay?seat=${seat}`);
      expect(res.status).toBe(200);
      const view = SeatReplay.parse(res.body);
      expect(view.seat).toBe(seat);
      expect(hiddenInfoLeaks(res.body, seat)).toEqual([]);
      const steps = replay.steps.filter((s) => s.kind === 'decision' && s.seat === seat);
      expect(view.decisions.map((d) => d.request.decisionId)).toEqual(
        steps.map((s) => s.kind === 'decision' && s.decisionId),
      );
      expect(view.result).toEqual(replay.results[seat]);
    }

    // ...and for the WebSocket seat it is exactly what the agent received (the strategy prompt aside: it
    // belongs to the owner and is not published).
    const wsView = SeatReplay.parse((await h.api('GET', `/v1/matches/${id}/replay?seat=2`)).body);
    expect(received.length).toBeGreaterThan(0);
    expect(received.every((r) => r.strategyPrompt === strategyPrompt)).toBe(true);
    expect(hiddenInfoLeaks(received, 2)).toEqual([]);
    const withoutPrompt = ({ strategyPrompt: _p, ...r }: DecisionRequest) => r;
    // The agent registered with historyMode delta (the default): protocol 2 requests, each with the events
    // since its last answer. Folded back, they are the protocol 1 requests the seat replay shows.
    expect(received.every((r) => r.protocol === 2 && r.historyFrom !== undefined)).toBe(true);
    expect(received.some((r) => (r.historyFrom ?? 0) > 0)).toBe(true);
    let whole: DecisionRequest['history'] = [];
    const folded = received.map(({ historyFrom, ...r }) => {
      expect(historyFrom).toBeLessThanOrEqual(whole.length);
      whole = [...whole.slice(0, historyFrom), ...r.history];
      return { ...r, protocol: 1 as const, history: whole };
    });
    expect(wsView.decisions.map((d) => withoutPrompt(d.request))).toEqual(folded.map(withoutPrompt));
    await waitFor(() => notes.length === 2);
    expect(notes.map((n) => n.type)).toEqual(['match_start', 'match_end']);
    expect(notes[1]).toMatchObject({ matchId: id, seat: 2, seed: m.seed, ranking: m.ranking });
  });

  it('checks an HTTP agent: a legal answer with its latency; a dead endpoint or a wrong secret is a fault', async () => {
    const ok = await h.api<Record<string, unknown>>('POST', `/v1/agents/${httpA.id}/check`, {
      key: owner.key,
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ ok: true, fault: null, answer: { action: expect.any(Object) } });
    expect(ok.body.latencyMs).toEqual(expect.any(Number));
    expect(ok.body.latencyMs).toBeGreaterThan(0);

    const dead = await h.registerAgent(owner.key, {
      name: uniqueName('dead'),
      endpointUrl: `http://127.0.0.1:${await freePort()}`,
    });
    const res = await h.api<{ ok: boolean; fault: { reason: string; message: string } }>(
      'POST',
      `/v1/agents/${dead.id}/check`,
      { key: owner.key },
    );
    expect(res.status).toBe(200);
    expect(res.body.ok).toBe(false);
    expect(res.body.fault.reason).toBe('transport_error');
    expect(res.body.fault.message).toMatch(/ECONNREFUSED/);

    // The CLI bot checks signatures: once the platform signs with a new secret, it refuses (HTTP 401).
    const rotated = await h.api('POST', `/v1/agents/${httpA.id}/rotate-secret`, { key: owner.key });
    expect(rotated.status).toBe(200);
    const refused = await h.api<{ ok: boolean; fault: { reason: string; message: string } }>(
      'POST',
      `/v1/agents/${httpA.id}/check`,
      { key: owner.key },
    );
    expect(refused.body).toMatchObject({ ok: false, fault: { reason: 'http_status', message: 'HTTP 401' } });
  });

  it('checks a connected WebSocket agent through Redis', async () => {
    const ws = await h.registerAgent(owner.key, { name: uniqueName('ws-check'), transport: 'ws' });
    const bot = createBot('random');
    const c = createAgent({ decide: (r) => bot.decide(r) }).connect(
      `${h.wsUrl}/v1/agents/connect`,
      ws.secret,
    );
    try {
      await once(c, 'welcome');
      const res = await h.api('POST', `/v1/agents/${ws.id}/check`, { key: owner.key });
      expect(res.body).toMatchObject({ ok: true, fault: null });
    } finally {
      await c.close();
    }
  });

  it('has no replay for an unknown match', async () => {
    const res = await h.api('GET', '/v1/matches/mt_doesnotexist/replay');
    expect(res.status).toBe(404);
    expect(errorShapeProblem(res.body)).toBeNull();
  });
});

async function waitFor(cond: () => boolean, timeoutMs = 5000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!cond()) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}
