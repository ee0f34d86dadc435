import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorShapeProblem, startHarness, uniqueName } from './testing/harness';
import type { Harness } from './testing/harness';

// An agent's wire preferences (PROTOCOL.md "History modes"): historyMode and wantsPrompt are set at
// registration (defaults delta and true), changed with PATCH, shown in agent responses, and used by /check.

let h: Harness;
let bodies: Record<string, unknown>[] = [];
let url = '';
const server = createServer((req, res) => {
  let raw = '';
  req.on('data', (c: Buffer) => (raw += c.toString()));
  req.on('end', () => {
    const body = JSON.parse(raw) as { legalActions: unknown[] };
    bodies.push(body as Record<string, unknown>);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ action: body.legalActions[0] }));
  });
});

beforeAll(async () => {
  h = await startHarness({ worker: false });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.close();
  await h?.stop();
});

interface AgentBody {
  id: string;
  historyMode: string;
  wantsPrompt: boolean;
}

describe('history mode and prompt preference', () => {
  it('defaults to delta with the prompt, can be changed, and /check sends what the agent asked for', async () => {
    const me = await h.createAccount(uniqueName('wire'));
    const { id } = await h.registerAgent(me.key, { name: uniqueName('wire'), endpointUrl: url });
    const got = await h.api<AgentBody>('GET', `/v1/agents/${id}`);
    expect(got.body).toMatchObject({ historyMode: 'delta', wantsPrompt: true });

    bodies = [];
    const check = await h.api('POST', `/v1/agents/${id}/check`, { key: me.key });
    expect(check.status, check.text).toBe(200);
    expect(bodies[0]).toMatchObject({ protocol: 2, historyFrom: 0, history: [] });
    expect(typeof bodies[0]?.prompt).toBe('string');

    const patched = await h.api<AgentBody>('PATCH', `/v1/agents/${id}`, {
      key: me.key,
      body: { wantsPrompt: false },
    });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body).toMatchObject({ historyMode: 'delta', wantsPrompt: false });
    bodies = [];
    await h.api('POST', `/v1/agents/${id}/check`, { key: me.key });
    expect(bodies[0]).toMatchObject({ protocol: 2, historyFrom: 0 });
    expect(bodies[0]).not.toHaveProperty('prompt');

    // Back to protocol 1: the whole history and the prompt, no historyFrom.
    const full = await h.api<AgentBody>('PATCH', `/v1/agents/${id}`, {
      key: me.key,
      body: { historyMode: 'full', wantsPrompt: true },
    });
    expect(full.body).toMatchObject({ historyMode: 'full', wantsPrompt: true });
    bodies = [];
    await h.api('POST', `/v1/agents/${id}/check`, { key: me.key });
    expect(bodies[0]).toMatchObject({ protocol: 1 });
    expect(bodies[0]).not.toHaveProperty('historyFrom');
    expect(typeof bodies[0]?.prompt).toBe('string');
  });

  it('registers with explicit preferences and refuses unknown modes', async () => {
    const me = await h.createAccount(uniqueName('wire'));
    const { id } = await h.registerAgent(me.key, {
      name: uniqueName('wire'),
      endpointUrl: url,
      historyMode: 'full',
      wantsPrompt: false,
    });
    const got = await h.api<AgentBody>('GET', `/v1/agents/${id}`);
    expect(got.body).toMatchObject({ historyMode: 'full', wantsPrompt: false });
    const bad = await h.api('PATCH', `/v1/agents/${id}`, { key: me.key, body: { historyMode: 'some' } });
    expect(bad.status).toBe(400);
    expect(errorShapeProblem(bad.body)).toBeNull();
  });
});
