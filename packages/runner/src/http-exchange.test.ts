import { afterAll, describe, expect, it } from 'vitest';
import { createGame } from '@coup/engine';
import { buildDecisionRequest } from '@coup/protocol';
import type { DecisionRequest } from '@coup/protocol';
import { httpAgent } from './http-agent';
import { startAgentServer } from './testing/agent-server';
import type { AgentServer, AgentServerOptions } from './testing/agent-server';

// What the dispatch-handler exchange must keep from undici's pool.request: error pages drained so the
// keep-alive socket carries the next decision, and a deadline honoured wherever the request is (not yet
// sent, queued behind another on the one socket, or waiting for its answer).

const state = createGame({ players: 3, seed: 'exchange' });
const request = (): DecisionRequest =>
  buildDecisionRequest({
    state,
    seat: state.activeSeat,
    matchId: 'mt_x',
    decisionId: `mt_x.0.${state.activeSeat}`,
    deadline: Date.now() + 2000,
    timeoutMs: 2000,
    names: ['a', 'b', 'c'],
    history: [],
  });

const servers: AgentServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});
async function server(opts: AgentServerOptions) {
  const s = await startAgentServer(opts);
  servers.push(s);
  return s;
}

describe('the HTTP exchange', () => {
  it('drains a small error page, so the next decision goes over the same socket', async () => {
    const s = await server({ behaviour: (i) => (i === 0 ? 'status500' : 'first') });
    const agent = httpAgent({ name: 'reuse', url: s.url, connections: 1 });
    try {
      await expect(agent.decide(request(), AbortSignal.timeout(2000))).rejects.toMatchObject({
        reason: 'http_status',
        message: 'HTTP 500',
      });
      await expect(agent.decide(request(), AbortSignal.timeout(2000))).resolves.toEqual({
        action: request().legalActions[0],
      });
    } finally {
      await agent.close?.();
    }
    expect(s.received).toHaveLength(2);
    expect(s.received[1]!.remotePort).toBe(s.received[0]!.remotePort);
  });

  it('sends nothing for a decision whose deadline has already passed', async () => {
    const s = await server({ behaviour: 'first' });
    const agent = httpAgent({ name: 'late', url: s.url });
    const signal = AbortSignal.abort();
    try {
      await expect(agent.decide(request(), signal)).rejects.toMatchObject({ reason: 'timeout' });
    } finally {
      await agent.close?.();
    }
    expect(s.received).toHaveLength(0);
  });

  it('times out a decision queued behind a slow one on the only socket, at its own deadline', async () => {
    const s = await server({ behaviour: 'sleep', sleepMs: 10_000 });
    const agent = httpAgent({ name: 'queued', url: s.url, connections: 1 });
    try {
      const slow = agent.decide(request(), AbortSignal.timeout(600)).catch((e: unknown) => e);
      const started = performance.now();
      await expect(agent.decide(request(), AbortSignal.timeout(100))).rejects.toMatchObject({
        reason: 'timeout',
      });
      expect(performance.now() - started).toBeLessThan(550);
      expect(await slow).toMatchObject({ reason: 'timeout' });
    } finally {
      await agent.close?.();
    }
    // The queued one was never written: only the slow one reached the agent.
    expect(s.received).toHaveLength(1);
  });

  it('notifies under the agent’s path and settles once the answer is read; a failure rejects', async () => {
    const s = await server({ behaviour: 'first' });
    const agent = httpAgent({ name: 'notify', url: `${s.url}/bot/` });
    const nobody = httpAgent({ name: 'nobody', url: 'http://127.0.0.1:1' });
    const end = { protocol: 2, type: 'match_end' } as never;
    try {
      await expect(agent.end!(end, AbortSignal.timeout(2000))).resolves.toBeUndefined();
      await expect(nobody.end!(end, AbortSignal.timeout(2000))).rejects.toThrow();
    } finally {
      await agent.close?.();
      await nobody.close?.();
    }
    expect(s.received.map((r) => r.path)).toEqual(['/bot/end']);
  });
});
