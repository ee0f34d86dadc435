import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAgentServer } from '@coup/runner/testing';
import type { AgentServer } from '@coup/runner/testing';
import { errorShapeProblem, startHarness, uniqueName } from './testing/harness';
import type { Account, Harness } from './testing/harness';

// Values nested thousands of levels deep, from outside, over HTTP: a recursive walk of one (the text
// guard's, a serialiser's) overflowed the stack and gave 500. Each is now refused past 64 levels, before
// anything walks it, with a 400 `validation_failed` that says so; an agent's deep answer to /check is an
// `invalid_answer` fault in the check's result.

const nested = (levels: number, inner = '1') => '{"a":'.repeat(levels) + inner + '}'.repeat(levels);
const TOO_DEEP = 'body: nests arrays and objects more than 64 levels deep';

let h: Harness;
let owner: Account;
const servers: AgentServer[] = [];

beforeAll(async () => {
  h = await startHarness({ worker: false });
  owner = await h.createAccount();
});

afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  await h?.stop();
});

const someIp = () => `198.51.100.${1 + Math.floor(Math.random() * 250)}`;

describe('deep values over HTTP', () => {
  it('POST /v1/accounts without a key, with a body 9,000 levels deep: 400 validation_failed naming the depth', async () => {
    const raw = `{"name":"deep","x":${nested(9000)}}`;
    const res = await h.api('POST', '/v1/accounts', { raw, headers: { 'x-forwarded-for': someIp() } });
    expect(res.status, res.text).toBe(400);
    expect(errorShapeProblem(res.body)).toBeNull();
    expect(res.body).toMatchObject({ error: { code: 'validation_failed', message: TOO_DEEP } });
    // A top-level array, and a body that is only brackets (not even JSON): refused the same way.
    for (const body of [`[${nested(100)}]`, '['.repeat(50_000)]) {
      const r = await h.api('POST', '/v1/accounts', { raw: body, headers: { 'x-forwarded-for': someIp() } });
      expect(r.status, r.text.slice(0, 200)).toBe(400);
      expect(r.body).toMatchObject({ error: { code: 'validation_failed', message: TOO_DEEP } });
    }
  });

  it('refuses such a body on an authenticated route too, and the API goes on serving', async () => {
    const raw = `{"name":"deep-agent","endpointUrl":"http://127.0.0.1:9","x":${nested(9000)}}`;
    const res = await h.api('POST', '/v1/agents', { key: owner.key, raw });
    expect(res.status, res.text).toBe(400);
    expect(res.body).toMatchObject({ error: { code: 'validation_failed', message: TOO_DEEP } });
    const fine = await h.api('GET', '/v1/agents', { key: owner.key });
    expect(fine.status).toBe(200);
  });

  it('lets 64 levels through to the route (which then judges the body on its own terms)', async () => {
    // The body object is the first level: 63 more inside it.
    const res = await h.api('POST', '/v1/accounts', {
      raw: `{"name":"${uniqueName('d')}","x":${nested(63)}}`,
      headers: { 'x-forwarded-for': someIp() },
    });
    expect(res.status).toBe(400);
    expect((res.body as { error: { message: string } }).error.message).not.toMatch(/levels deep/);
  });

  it('never answers 5xx to a deep query string (qs-style brackets, a cursor of deep JSON)', async () => {
    const brackets = `a${'[a]'.repeat(9000)}=1`;
    const viaInject = await h.platform.app.inject({ method: 'GET', url: `/v1/matches?${brackets}` });
    expect(viaInject.statusCode, viaInject.body).toBe(400);
    expect(JSON.parse(viaInject.body)).toMatchObject({ error: { code: 'validation_failed' } });
    const cursor = Buffer.from(nested(9000)).toString('base64url');
    const res = await h.platform.app.inject({ method: 'GET', url: `/v1/matches?cursor=${cursor}` });
    expect(res.statusCode, res.body).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject({ error: { code: 'validation_failed' } });
    expect((await h.api('GET', '/healthz')).status).toBe(200);
  });

  it('/check of an HTTP agent that answers JSON 9,000 levels deep: an invalid_answer fault, not a 500', async () => {
    const server = await startAgentServer({ behaviour: 'deep' });
    servers.push(server);
    const agent = await h.registerAgent(owner.key, { name: uniqueName('deep'), endpointUrl: server.url });
    const res = await h.api<{ ok: boolean; answer: unknown; fault: { reason: string; message: string } }>(
      'POST',
      `/v1/agents/${agent.id}/check`,
      { key: owner.key },
    );
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    expect(res.body).toMatchObject({
      ok: false,
      answer: null,
      fault: {
        reason: 'invalid_answer',
        message: 'answer: nests arrays and objects more than 64 levels deep',
      },
    });
    expect(server.received.filter((r) => r.path === '/decide')).toHaveLength(1);
  });
});
