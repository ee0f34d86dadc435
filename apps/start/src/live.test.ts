import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBot } from '@coup/bots';
import { Replay } from '@coup/protocol';
import type { DecisionRequest } from '@coup/protocol';
import { verifyReplay } from '@coup/runner';
import { slowAgent } from './testing/agents';
import type { TestAgent } from './testing/agents';
import { servedAgent } from './testing/served-agent';
import { startHarness, uniqueName } from './testing/harness';
import type { Account, Harness } from './testing/harness';
import { hiddenInfoLeaks } from '@coup/api/testing';
import { openSocket } from './testing/ws';
import type { Message } from './testing/ws';

// WebSockets against the real platform: spectators watching a running match, and a WebSocket agent that
// drops its connection in the middle of a decision and comes back before the deadline.

let h: Harness;
let owner: Account;
const agents: TestAgent[] = [];

beforeAll(async () => {
  // The agent check waits this long for an answer.
  h = await startHarness({ env: { MATCH_TIMEOUT_MS: '1000' } });
  owner = await h.createAccount();
});

afterAll(async () => {
  await Promise.all(agents.map((a) => a.close()));
  await h?.stop();
});

describe('spectators (/v1/matches/:id/live)', () => {
  it('receive public updates while the match runs, then end; never a face-down card', async () => {
    const ids: string[] = [];
    const slow: TestAgent[] = [];
    for (const kind of ['random', 'honest'] as const) {
      // Slow enough that the match is still running well after the worker's first look for spectators
      // (LIVE_WATCH_POLL_MS) and the batch after it, even for a short game.
      const served = await servedAgent(h, owner.key, { kind, delayMs: 200, name: `slow-${kind}` });
      agents.push(served.agent);
      slow.push(served.agent);
      ids.push(served.id);
    }
    const id = await h.queueMatch(owner.key, ids, { timeoutMs: 3000 });
    const live = await openSocket(`${h.wsUrl}/v1/matches/${id}/live`);
    const hello = await live.next(() => true);
    expect(hello).toMatchObject({ type: 'hello', matchId: id });

    // An update arrives while the match is still running.
    await live.next((m) => m.type === 'update' && ((m.events as unknown[]) ?? []).length > 0);
    const during = await h.api<{ status: string; seed: string | null }>('GET', `/v1/matches/${id}`);
    expect(during.body).toMatchObject({ status: 'running', seed: null });
    // No replay (not even one seat's) and no seed while it runs.
    for (const q of ['', '?seat=0']) {
      const early = await h.api('GET', `/v1/matches/${id}/replay${q}`);
      expect(early.status).toBe(409);
      expect(early.body).toMatchObject({ error: { code: 'match_not_finished' } });
    }
    // A batch after the catch-up, then let the game run at full speed: a long one can reach the turn cap.
    await live.next((m) => m.type === 'update' && m.catchUp !== true, 10_000);
    for (const a of slow) a.setDelay(0);

    const end = await live.next((m) => m.type === 'end', 30_000);
    const match = await h.waitForMatch(id);
    expect(match.status).toBe('finished');
    expect(end).toMatchObject({ matchId: id, ranking: match.ranking });

    const updates = live.messages.filter((m) => m.type === 'update');
    // Batched (LIVE_BATCH_MS): a short game may need only a few messages, but more than the catch-up.
    expect(updates.length).toBeGreaterThan(1);
    // Watched from the start: the first update is the catch-up, and the updates hold every event once.
    expect(updates[0]).toMatchObject({ catchUp: true, fromEvent: 0 });
    let shown = 0;
    for (const u of updates) {
      expect(u.fromEvent as number).toBeLessThanOrEqual(shown);
      shown = Math.max(shown, (u.fromEvent as number) + (u.events as unknown[]).length);
    }
    const replay = Replay.parse((await h.api('GET', `/v1/matches/${id}/replay`)).body);
    expect(shown).toBe(replay.events.length);
    for (const u of updates) expect((u.state as { you: unknown }).you).toBeNull();
    expect(hiddenInfoLeaks(live.messages, null)).toEqual([]);
    await live.close();

    // A spectator who arrives after the end gets the end (the replay has the rest).
    const late = await openSocket(`${h.wsUrl}/v1/matches/${id}/live`);
    await late.next((m) => m.type === 'end');
    expect(late.messages[0]).toMatchObject({ type: 'hello', status: 'finished' });
    expect(late.messages.filter((m) => m.type === 'update')).toHaveLength(0);
    await late.close();
  });

  it('publish nothing while nobody watches; a spectator joining mid-match first gets the table and recent events', async () => {
    const reg = await h.registerAgent(owner.key, {
      name: uniqueName('slow-mid'),
      endpointUrl: 'http://127.0.0.1:9',
    });
    const agent = await slowAgent({ kind: 'honest', delayMs: 150, secret: reg.secret, name: 'mid' });
    agents.push(agent);
    await h.api('PATCH', `/v1/agents/${reg.id}`, { key: owner.key, body: { endpointUrl: agent.url } });
    const id = await h.queueMatch(owner.key, [reg.id, await h.houseAgent('honest')], { timeoutMs: 3000 });
    const redis = h.platform.runtime.redis;
    const keys = h.platform.runtime.keys;
    // Running for a while, unwatched: no live log, no watch mark.
    for (let i = 0; i < 100; i++) {
      const m = await h.api<{ status: string }>('GET', `/v1/matches/${id}`);
      if (m.body.status === 'running') break;
      await new Promise((r) => setTimeout(r, 50));
    }
    await new Promise((r) => setTimeout(r, 700));
    expect(await redis.lrange(keys.matchLog(id), 0, -1)).toEqual([]);
    expect(await redis.exists(keys.matchWatched(id))).toBe(0);

    const live = await openSocket(`${h.wsUrl}/v1/matches/${id}/live`);
    const first = await live.next((m) => m.type === 'update', 5000);
    expect(first).toMatchObject({ catchUp: true });
    expect(first.fromEvent as number).toBeGreaterThanOrEqual(0);
    expect((first.fromEvent as number) + (first.events as unknown[]).length).toBeGreaterThan(3);
    expect((first.state as { turn: number }).turn).toBeGreaterThan(0);
    expect(await redis.exists(keys.matchWatched(id))).toBe(1);
    // Seen what it needs: two honest bots can block each other's steals up to the turn cap.
    agent.setDelay(0);
    await live.next((m) => m.type === 'end', 30_000);
    expect(hiddenInfoLeaks(live.messages, null)).toEqual([]);
    await live.close();
  });

  it('closes with 4404 for an unknown match', async () => {
    const s = await openSocket(`${h.wsUrl}/v1/matches/mt_nope/live`);
    const err = await s.next(() => true);
    expect(err).toMatchObject({ type: 'error', code: 'not_found' });
    expect((await s.closed).code).toBe(4404);
  });
});

describe('WebSocket agents (/v1/agents/connect)', () => {
  it('get a pending decision again after a reconnect within the deadline, and their answer counts', async () => {
    const ws = await h.registerAgent(owner.key, { name: uniqueName('flaky-ws'), transport: 'ws' });
    const url = `${h.wsUrl}/v1/agents/connect`;
    const bot = createBot('random', { seed: 'flaky' });
    let socket = await openSocket(url, ws.secret);
    await socket.next((m) => m.type === 'welcome');
    const id = await h.queueMatch(owner.key, [await h.houseAgent('random'), ws.id], { timeoutMs: 4000 });

    // The first decision: drop the connection without answering, then come back.
    const first = (await socket.next((m) => m.type === 'decision')) as unknown as DecisionRequest;
    socket.ws.terminate();
    await socket.closed;
    socket = await openSocket(url, ws.secret);
    await socket.next((m) => m.type === 'welcome');
    const again = (await socket.next((m) => m.type === 'decision')) as unknown as DecisionRequest;
    expect(again.decisionId).toBe(first.decisionId);
    expect(again).toEqual(first);
    expect(Date.now()).toBeLessThan(first.deadline);

    // Answer that one and every later one until the end.
    const answered = new Map<string, unknown>();
    const answer = (req: DecisionRequest) => {
      const { action } = bot.decide(req);
      answered.set(req.decisionId, action);
      socket.send({ type: 'answer', decisionId: req.decisionId, action });
    };
    answer(again);
    const s = socket;
    s.ws.on('message', (data) => {
      const m = JSON.parse(data.toString()) as Message;
      if (m.type === 'decision' && !answered.has(m.decisionId as string))
        answer(m as unknown as DecisionRequest);
    });
    for (const m of s.messages.slice(s.messages.indexOf(again as unknown as Message) + 1)) {
      if (m.type === 'decision' && !answered.has(m.decisionId as string))
        answer(m as unknown as DecisionRequest);
    }

    const match = await h.waitForMatch(id);
    expect(match.status).toBe('finished');
    expect(match.seats[1]?.faults).toBe(0);
    const replay = Replay.parse((await h.api('GET', `/v1/matches/${id}/replay`)).body);
    expect(verifyReplay(replay)).toEqual({ ok: true });
    const step = replay.steps.find((st) => st.kind === 'decision' && st.decisionId === first.decisionId);
    expect(step).toMatchObject({ fault: null, answer: answered.get(first.decisionId) });
    await socket.close();
  });

  it('that have no socket at the deadline get `disconnected` faults, and forfeit at the third', async () => {
    const ws = await h.registerAgent(owner.key, { name: uniqueName('absent-ws'), transport: 'ws' });
    const check = await h.api('POST', `/v1/agents/${ws.id}/check`, { key: owner.key });
    expect(check.body).toMatchObject({ ok: false, fault: { reason: 'disconnected' } });

    const id = await h.queueMatch(owner.key, [ws.id, await h.houseAgent('honest')], { timeoutMs: 400 });
    const match = await h.waitForMatch(id);
    expect(match.seats[0]).toMatchObject({ faults: 3, forfeited: true, place: 2 });
    const replay = Replay.parse((await h.api('GET', `/v1/matches/${id}/replay`)).body);
    const faults = replay.steps.flatMap((st) =>
      st.kind === 'decision' && st.fault ? [st.fault.reason] : [],
    );
    expect(faults).toEqual(['disconnected', 'disconnected', 'disconnected']);
  });

  it('get an error message for frames they cannot use, and keep the socket', async () => {
    const ws = await h.registerAgent(owner.key, { name: uniqueName('noisy-ws'), transport: 'ws' });
    const s = await openSocket(`${h.wsUrl}/v1/agents/connect`, ws.secret);
    await s.next((m) => m.type === 'welcome');
    for (const [frame, code] of [
      ['not json', 'invalid_json'],
      ['{"type":"answer"}', 'invalid_message'],
      ['[]', 'invalid_message'],
    ] as const) {
      s.ws.send(frame);
      expect(await s.next((m) => m.type === 'error')).toMatchObject({ code });
    }
    // A NUL character could never be stored in the replay (jsonb): refused here, naming the field.
    s.send({ type: 'answer', decisionId: 'mt_x.0.2', action: { type: 'income' }, comment: 'a\u0000' });
    expect(await s.next((m) => m.type === 'error')).toMatchObject({
      code: 'invalid_message',
      message: expect.stringMatching(/^message\.comment: contains a NUL character/),
    });
    // An answer to a decision nobody asked, or with an action nobody offered, is dropped (the runner
    // judges answers against the legal actions).
    s.send({ type: 'answer', decisionId: 'mt_x.0.0', action: { type: 'income' } });
    s.send({ type: 'answer', decisionId: 'mt_x.0.1', action: { type: 'launch_missiles' } });
    s.ws.send(Buffer.from([1, 2, 3]), { binary: true });
    expect(await s.next((m) => m.type === 'error')).toMatchObject({ code: 'invalid_message' });
    expect(s.ws.readyState).toBe(s.ws.OPEN);
    await s.close();
  });

  it('refuses a missing or wrong key, and the key of an HTTP agent', async () => {
    const url = `${h.wsUrl}/v1/agents/connect`;
    await expect(openSocket(url)).rejects.toThrow(/401/);
    await expect(openSocket(url, 'as_wrong')).rejects.toThrow(/401/);
    const httpAgent = await h.registerAgent(owner.key, {
      name: uniqueName('http'),
      endpointUrl: 'http://127.0.0.1:9',
    });
    await expect(openSocket(url, httpAgent.secret)).rejects.toThrow(/409/);
  });
});
