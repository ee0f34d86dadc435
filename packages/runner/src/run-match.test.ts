import { getEventListeners } from 'node:events';
import { afterAll, describe, expect, it } from 'vitest';
import { MatchEnd, MatchStart, seedCommitment } from '@coup/protocol';
import type { DecisionStep, FaultReason, Replay } from '@coup/protocol';
import type { MatchAgent } from './agent';
import { httpAgent } from './http-agent';
import { inProcessAgent } from './in-process';
import { runMatch } from './run';
import type { RunMatchOptions } from './run';
import { startAgentServer } from './testing/agent-server';
import type { AgentServer, Behaviour } from './testing/agent-server';
import { randomAgent } from './testing/agents';
import { verifyReplay } from './verify';

const servers: AgentServer[] = [];
const agents: MatchAgent[] = [];
afterAll(async () => {
  await Promise.all(agents.map((a) => a.close?.()));
  await Promise.all(servers.map((s) => s.close()));
});

async function http(behaviour: Behaviour, seed = 1, secret?: string): Promise<[MatchAgent, AgentServer]> {
  const server = await startAgentServer({ behaviour, seed, secret });
  servers.push(server);
  const agent = httpAgent({ name: `${behaviour}-${seed}`, url: server.url, secret });
  agents.push(agent);
  return [agent, server];
}

/** Every replay produced here must pass the verifier. */
async function play(opts: RunMatchOptions): Promise<Replay> {
  const replay = await runMatch(opts);
  expect(verifyReplay(replay)).toEqual({ ok: true });
  expect(JSON.parse(JSON.stringify(replay))).toEqual(replay);
  return replay;
}

const decisions = (r: Replay, seat: number): DecisionStep[] =>
  r.steps.filter((s): s is DecisionStep => s.kind === 'decision' && s.seat === seat);
const used = (r: Replay, seat: number) => decisions(r, seat).filter((s) => !s.unused);

/** A faulty seat: every decision it was asked is a fault of `reason`, and its 3rd fault forfeits it. */
function expectFaulty(r: Replay, seat: number, reason: FaultReason): void {
  const mine = used(r, seat);
  for (const d of mine) expect(d.fault?.reason, d.fault?.message).toBe(reason);
  const result = r.results[seat]!;
  expect(result.faults).toBe(mine.length);
  expect(result.faults).toBeLessThanOrEqual(3);
  expect(result.forfeited).toBe(result.faults === 3);
  if (result.forfeited) {
    const third = r.steps.indexOf(mine[2]!);
    expect(r.steps[third + 1]).toEqual({ kind: 'forfeit', seat, reason: 'too_many_faults' });
    expect(r.steps.slice(third + 1).some((s) => s.kind === 'decision' && s.seat === seat)).toBe(false);
  }
}

describe('runMatch over HTTP', () => {
  it('plays well-behaved agents with signed requests, start and end notifications', async () => {
    const pairs = await Promise.all([1, 2, 3, 4].map((i) => http('random', i, `secret-${i}`)));
    const replay = await play({
      matchId: 'mt_good',
      seed: 'good',
      agents: pairs.map(([a]) => a),
      timeoutMs: 3000,
    });
    expect(replay.results.every((r) => r.faults === 0 && !r.forfeited)).toBe(true);
    expect(replay.seedCommitment).toBe(seedCommitment('good'));
    pairs.forEach(([, server], seat) => {
      const decides = server.received.filter((x) => x.path === '/decide');
      expect(decides.length).toBe(decisions(replay, seat).length);
      for (const x of [...decides, ...server.received.filter((y) => y.path !== '/decide')]) {
        expect(x.signature).toEqual({ ok: true });
      }
      for (const x of decides) expect(x.decisionIdHeader).toBe(JSON.parse(x.body).decisionId);
      const start = MatchStart.parse(JSON.parse(server.received.find((x) => x.path === '/start')!.body));
      expect(start).toMatchObject({ seat, seedCommitment: replay.seedCommitment, timeoutMs: 3000 });
      const end = MatchEnd.parse(JSON.parse(server.received.find((x) => x.path === '/end')!.body));
      expect(end).toMatchObject({
        seat,
        seed: 'good',
        ranking: replay.ranking,
        place: replay.results[seat]!.place,
      });
    });
  });

  it('survives agents that time out, answer 500 and answer garbage; the slow one delays nobody else', async () => {
    const timeoutMs = 400;
    const [good] = await http('random', 7);
    const [sleepy] = await http('sleep');
    const [broken] = await http('status500');
    const [garbage] = await http('garbage');
    const started = performance.now();
    const replay = await play({
      matchId: 'mt_bad1',
      seed: 'bad1',
      agents: [good, sleepy, broken, garbage],
      timeoutMs,
    });
    const elapsed = performance.now() - started;
    expectFaulty(replay, 1, 'timeout');
    expectFaulty(replay, 2, 'http_status');
    expectFaulty(replay, 3, 'invalid_json');
    expect(replay.results[0]!.faults).toBe(0);
    expect(replay.results.reduce((n, r) => n + r.faults, 0)).toBeGreaterThanOrEqual(3);
    // Only the sleeper makes anyone wait, at most once per fault, and only until the deadline.
    expect(elapsed).toBeLessThan(replay.results[1]!.faults * timeoutMs + 2000);
    for (const d of used(replay, 1)) {
      expect(d.latencyMs).toBeGreaterThanOrEqual(timeoutMs - 5);
      expect(d.latencyMs).toBeLessThan(timeoutMs + 500);
    }
    for (const d of used(replay, 0)) expect(d.latencyMs).toBeLessThan(timeoutMs);
  });

  it('survives illegal actions, invalid answers, 10 MB bodies and closed sockets', async () => {
    const [good] = await http('random', 9);
    const [illegal] = await http('illegal');
    const [invalid] = await http('invalid');
    const [huge] = await http('huge');
    const a = await play({
      matchId: 'mt_bad2',
      seed: 'bad2',
      agents: [good, illegal, invalid, huge],
      timeoutMs: 3000,
    });
    expectFaulty(a, 1, 'illegal_action');
    expectFaulty(a, 2, 'invalid_answer');
    expectFaulty(a, 3, 'too_large');
    const [good2] = await http('random', 10);
    const [closer] = await http('close');
    const [chunked] = await http('huge_chunked');
    const b = await play({
      matchId: 'mt_bad3',
      seed: 'bad3',
      agents: [closer, good2, chunked],
      timeoutMs: 3000,
    });
    expectFaulty(b, 0, 'transport_error');
    expectFaulty(b, 2, 'too_large');
    // An answer nested 9,000 levels deep: an invalid_answer naming the depth, and the match goes on.
    const [good3] = await http('random', 11);
    const [deep] = await http('deep');
    const c = await play({ matchId: 'mt_deep', seed: 'deep', agents: [good3, deep], timeoutMs: 3000 });
    expectFaulty(c, 1, 'invalid_answer');
    for (const d of used(c, 1)) expect(d.fault?.message).toMatch(/more than 64 levels deep/);
    const all = [a, b].flatMap((r) => r.results).filter((r) => r.faults > 0);
    expect(all.length).toBeGreaterThanOrEqual(3);
  });
});

describe('runMatch fault policy', () => {
  it('forfeits a seat at its 3rd fault and never asks it again', async () => {
    for (const seed of ['f1', 'f2', 'f3']) {
      const asked: number[] = [];
      const bad = inProcessAgent('bad', (req) => {
        asked.push(req.seat);
        return 'not an answer';
      });
      const r = await play({
        matchId: `mt_${seed}`,
        seed,
        agents: [randomAgent('a', 1), bad, randomAgent('c', 3)],
      });
      expectFaulty(r, 1, 'invalid_answer');
      if (r.results[1]!.forfeited) {
        expect(asked.length).toBe(decisions(r, 1).length);
        expect(r.ranking.at(-1)).toEqual([1]);
      }
    }
  });

  it('times out an agent that ignores its signal, and counts a throwing bot as a transport error', async () => {
    const never = inProcessAgent('never', () => new Promise(() => {}));
    const thrower = inProcessAgent('thrower', () => {
      throw new Error('bot bug');
    });
    const r = await play({
      matchId: 'mt_never',
      seed: 'never',
      agents: [never, randomAgent('b', 2), thrower],
      timeoutMs: 100,
    });
    expectFaulty(r, 0, 'timeout');
    expectFaulty(r, 2, 'transport_error');
    expect(used(r, 2)[0]?.fault?.message).toContain('bot bug');
  });

  it('rejects when the caller aborts', async () => {
    const controller = new AbortController();
    const slow = inProcessAgent('slow', () => new Promise(() => {}));
    const p = runMatch({ matchId: 'mt_abort', seed: 'x', agents: [slow, slow], signal: controller.signal });
    setTimeout(() => controller.abort(new Error('shutdown')), 20);
    await expect(p).rejects.toThrow('shutdown');
  });

  it("leaves no listener on the caller's long-lived signal", async () => {
    const shutdown = new AbortController();
    for (let i = 0; i < 20; i++) {
      await play({
        matchId: `mt_sig${i}`,
        seed: `sig${i}`,
        agents: [randomAgent('a', i + 1), randomAgent('b', i + 2)],
        signal: shutdown.signal,
      });
    }
    expect(getEventListeners(shutdown.signal, 'abort')).toHaveLength(0);
  });

  it('streams redacted events and a spectator view', async () => {
    const updates: { events: unknown[]; you: unknown }[] = [];
    const r = await play({
      matchId: 'mt_live',
      seed: 'live',
      agents: [1, 2, 3, 4].map((i) => randomAgent(`r${i}`, i)),
      onEvent: (u) => updates.push({ events: u.events, you: u.state.you }),
    });
    const streamed = updates.flatMap((u) => u.events) as Record<string, unknown>[];
    expect(streamed.length).toBe(r.events.length);
    for (const e of streamed) {
      expect(e.replacement).toBeUndefined();
      expect(e.roles).toBeUndefined();
      expect(e.returned).toBeUndefined();
    }
    expect(updates.every((u) => u.you === null)).toBe(true);
  });
});
