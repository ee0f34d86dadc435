import { SIGNATURE_HEADER, sign } from '@coup/protocol';
import type { DecisionRequest, MatchEnd, MatchStart } from '@coup/protocol';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAgent } from './index';
import type { ListeningAgent } from './index';
import { postJson, realRequest } from './test/fixtures';

const SECRET = 'sk_test_secret';
const req = realRequest();
const start: MatchStart = {
  protocol: 1,
  type: 'match_start',
  matchId: req.matchId,
  seat: req.seat,
  players: req.state.players.map((p) => ({ seat: p.seat, name: p.name })),
  seedCommitment: 'a'.repeat(64),
  rulesetVersion: '1',
  timeoutMs: 5000,
};
const end: MatchEnd = {
  protocol: 1,
  type: 'match_end',
  matchId: req.matchId,
  seat: req.seat,
  ranking: [[0], [1], [2]],
  place: 1,
  seed: 'sdk',
  replayUrl: null,
};

describe('HTTP agent with a secret', () => {
  const decide = vi.fn((r: DecisionRequest) => r.legalActions[r.legalActions.length - 1]!);
  const onStart = vi.fn();
  const onEnd = vi.fn();
  let server: ListeningAgent;
  const signed = (body: string, now = Date.now()) => ({ [SIGNATURE_HEADER]: sign(SECRET, body, now) });

  beforeAll(async () => {
    const agent = createAgent({ decide, onStart, onEnd, secret: SECRET, maxBodyBytes: 64 * 1024 });
    server = await agent.listen(0);
  });
  afterAll(() => server.close());

  it('answers a valid, signed decision with one of its legal actions', async () => {
    const body = JSON.stringify(req);
    const res = await postJson(`${server.url}/decide`, body, signed(body));
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ action: req.legalActions[req.legalActions.length - 1] });
    // A retry of the same decision is answered from the cache.
    const again = await postJson(`${server.url}/decide`, body, signed(body));
    expect(again.json).toEqual(res.json);
    expect(decide).toHaveBeenCalledTimes(1);
  });

  it('rejects a bad signature, a missing one and a stale timestamp with 401', async () => {
    const body = JSON.stringify({ ...req, decisionId: 'other' });
    const forged = await postJson(`${server.url}/decide`, body, { [SIGNATURE_HEADER]: sign('wrong', body) });
    expect(forged.status).toBe(401);
    expect(forged.json).toMatchObject({ error: { code: 'unauthorized' } });
    const missing = await postJson(`${server.url}/decide`, body);
    expect(missing.status).toBe(401);
    const stale = await postJson(`${server.url}/decide`, body, signed(body, Date.now() - 6 * 60 * 1000));
    expect(stale.status).toBe(401);
    expect(stale.json).toMatchObject({
      error: { code: 'unauthorized', message: expect.stringMatching(/expired/) },
    });
    // A body changed after signing does not verify either.
    const tampered = await postJson(`${server.url}/decide`, body.replace('"seat"', '"seat" '), signed(body));
    expect(tampered.status).toBe(401);
    expect(decide).toHaveBeenCalledTimes(1);
  });

  it('answers 400 with the error shape on malformed JSON and on an invalid request', async () => {
    const bad = '{"protocol": 1,';
    const res = await postJson(`${server.url}/decide`, bad, signed(bad));
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ error: { code: 'invalid_json', message: expect.any(String) } });
    const invalid = JSON.stringify({ ...req, legalActions: [] });
    const res2 = await postJson(`${server.url}/decide`, invalid, signed(invalid));
    expect(res2.status).toBe(400);
    expect(res2.json).toMatchObject({ error: { code: 'validation_failed', details: expect.any(Array) } });
  });

  it('answers /start and /end with 200 and runs the hooks', async () => {
    for (const [path, msg] of [
      ['start', start],
      ['end', end],
    ] as const) {
      const body = JSON.stringify(msg);
      const res = await postJson(`${server.url}/${path}`, body, signed(body));
      expect(res.status).toBe(200);
    }
    await vi.waitFor(() => {
      expect(onStart).toHaveBeenCalledWith(start);
      expect(onEnd).toHaveBeenCalledWith(end);
    });
  });

  it('refuses oversized bodies, unknown paths and other methods', async () => {
    const huge = JSON.stringify({ ...req, prompt: 'x'.repeat(100 * 1024) });
    const res = await postJson(`${server.url}/decide`, huge, signed(huge));
    expect(res.status).toBe(413);
    expect(res.json).toMatchObject({ error: { code: 'too_large' } });
    expect((await postJson(`${server.url}/nope`, '{}')).status).toBe(404);
    expect((await fetch(`${server.url}/decide`)).status).toBe(405);
  });
});

describe('HTTP agent without a secret', () => {
  it('accepts unsigned requests, takes a bare action or an answer, and reports decide errors as 500', async () => {
    let mode: 'action' | 'answer' | 'throw' = 'action';
    const agent = createAgent({
      decide(r) {
        if (mode === 'throw') throw new Error('boom');
        const action = r.legalActions[0]!;
        return mode === 'action' ? action : { action, comment: 'c'.repeat(400) };
      },
      onError: () => {},
    });
    const server = await agent.listen(0);
    try {
      const res = await postJson(`${server.url}/decide`, JSON.stringify(req));
      expect(res).toEqual({ status: 200, json: { action: req.legalActions[0] } });
      mode = 'answer';
      const res2 = await postJson(`${server.url}/decide`, JSON.stringify({ ...req, decisionId: 'd2' }));
      // Comments are cut to the protocol's 280 characters rather than fault the answer.
      expect((res2.json as { comment: string }).comment).toHaveLength(280);
      mode = 'throw';
      const res3 = await postJson(`${server.url}/decide`, JSON.stringify({ ...req, decisionId: 'd3' }));
      expect(res3.status).toBe(500);
      expect(res3.json).toMatchObject({ error: { code: 'agent_error', message: 'boom' } });
    } finally {
      await server.close();
    }
  });
});
