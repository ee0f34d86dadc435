import { afterAll, describe, expect, it } from 'vitest';
import { createGame } from '@coup/engine';
import { buildDecisionRequest, verifySignature } from '@coup/protocol';
import type { DecisionRequest } from '@coup/protocol';
import { AgentFault } from './fault';
import { httpAgent } from './http-agent';
import { startAgentServer } from './testing/agent-server';
import type { AgentServer, Behaviour } from './testing/agent-server';

const state = createGame({ players: 3, seed: 'transport' });
const request = (timeoutMs = 2000): DecisionRequest =>
  buildDecisionRequest({
    state,
    seat: state.activeSeat,
    matchId: 'mt_t',
    decisionId: `mt_t.0.${state.activeSeat}`,
    deadline: Date.now() + timeoutMs,
    timeoutMs,
    names: ['a', 'b', 'c'],
    history: [],
  });

const servers: AgentServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

async function ask(behaviour: Behaviour, timeoutMs = 2000, secret?: string) {
  const server = await startAgentServer({ behaviour, secret, sleepMs: 10_000 });
  servers.push(server);
  const agent = httpAgent({ name: behaviour, url: server.url, secret });
  const started = performance.now();
  try {
    const body = await agent.decide(request(timeoutMs), AbortSignal.timeout(timeoutMs));
    return { body, fault: null, ms: performance.now() - started, server };
  } catch (err) {
    return { body: null, fault: err as AgentFault, ms: performance.now() - started, server };
  } finally {
    await agent.close?.();
  }
}

describe('httpAgent', () => {
  it('posts the request with the decision id and a signature that verifies with the secret', async () => {
    const { body, fault, server } = await ask('first', 2000, 'sekret');
    expect(fault).toBeNull();
    expect(body).toEqual({ action: request().legalActions[0] });
    const got = server.received[0]!;
    expect(got.path).toBe('/decide');
    expect(got.decisionIdHeader).toBe(`mt_t.0.${state.activeSeat}`);
    expect(got.signature).toEqual({ ok: true });
    expect(verifySignature('other secret', got.body, got.signatureHeader)).toEqual({
      ok: false,
      reason: 'mismatch',
    });
    expect(JSON.parse(got.body)).toMatchObject({
      type: 'decision',
      decisionId: `mt_t.0.${state.activeSeat}`,
    });
  });

  it('asks a secret function at each request, so a rotated secret signs the very next one', async () => {
    const server = await startAgentServer({ behaviour: 'first' });
    servers.push(server);
    let secret: string | Promise<string> = 'old secret';
    const agent = httpAgent({ name: 'rotating', url: server.url, secret: () => secret });
    try {
      await agent.decide(request(), AbortSignal.timeout(2000));
      secret = 'new secret';
      await agent.decide(request(), AbortSignal.timeout(2000));
      // While the new secret is being read, the request waits for it rather than use the old one.
      secret = new Promise((r) => setTimeout(() => r('newer secret'), 50));
      await agent.decide(request(), AbortSignal.timeout(2000));
      secret = Promise.reject(new Error('database unreachable'));
      const failed = await agent.decide(request(), AbortSignal.timeout(2000)).catch((e: unknown) => e);
      expect(failed).toBeInstanceOf(AgentFault);
      expect((failed as AgentFault).reason).toBe('transport_error');
    } finally {
      await agent.close?.();
    }
    const [a, b, c] = server.received;
    expect(server.received).toHaveLength(3);
    expect(verifySignature('old secret', a!.body, a!.signatureHeader)).toEqual({ ok: true });
    expect(verifySignature('new secret', b!.body, b!.signatureHeader)).toEqual({ ok: true });
    expect(verifySignature('newer secret', c!.body, c!.signatureHeader)).toEqual({ ok: true });
  });

  it.each<[Behaviour, string]>([
    ['status500', 'http_status'],
    ['garbage', 'invalid_json'],
    ['huge', 'too_large'],
    ['huge_chunked', 'too_large'],
    ['close', 'transport_error'],
  ])('%s is a %s fault', async (behaviour, reason) => {
    const { fault } = await ask(behaviour);
    expect(fault).toBeInstanceOf(AgentFault);
    expect(fault?.reason).toBe(reason);
  });

  it('refuses an answer nested 9,000 levels deep, before parsing it, as an invalid_answer fault', async () => {
    const { fault } = await ask('deep');
    expect(fault).toBeInstanceOf(AgentFault);
    expect(fault?.reason).toBe('invalid_answer');
    expect(fault?.message).toBe('answer: nests arrays and objects more than 64 levels deep');
  });

  it('says what a non-JSON answer was (status, content type, size), never a byte of what it said', async () => {
    const { fault } = await ask('garbage');
    expect(fault?.message).toBe('answer is not JSON (HTTP 200, content-type application/json, 23 bytes)');
    expect(fault?.message).not.toContain('action');
  });

  it('stops at the deadline with a timeout fault', async () => {
    const { fault, ms } = await ask('sleep', 200);
    expect(fault?.reason).toBe('timeout');
    expect(ms).toBeLessThan(1500);
  });

  it('reports an unreachable agent as a transport error', async () => {
    const agent = httpAgent({ name: 'nobody', url: 'http://127.0.0.1:1' });
    await expect(agent.decide(request(), AbortSignal.timeout(2000))).rejects.toMatchObject({
      reason: 'transport_error',
    });
    await agent.close?.();
  });

  it('hands back invalid and illegal answers raw: judging them is the runner’s job', async () => {
    expect((await ask('invalid')).body).toEqual({ move: 'pass' });
    expect((await ask('illegal')).body).toEqual({ action: { type: 'coup', data: { target: 42 } } });
  });
});
