import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { test } from 'node:test';
import { DecisionRequest, SIGNATURE_HEADER, sign, toAnswer } from '@coup/sdk';
import { createMyAgent, decide } from './agent.js';

// `npm test`: your agent answers every kind of decision with a legal action, and over HTTP it answers
// signed requests and refuses unsigned ones. fixtures/ holds one sample request of each phase.

const dir = new URL('./fixtures/', import.meta.url);
const samples = readdirSync(dir)
  .filter((file) => file.endsWith('.json'))
  .map((file) => DecisionRequest.parse(JSON.parse(readFileSync(new URL(file, dir), 'utf8'))));

test('decide answers every sample request with one of its legal actions', () => {
  assert.ok(samples.length >= 6, 'the sample requests are in fixtures/');
  for (const req of samples) {
    const { action } = toAnswer(decide(req));
    const legal = req.legalActions.some((a) => JSON.stringify(a) === JSON.stringify(action));
    assert.ok(legal, `${req.phase}: ${JSON.stringify(action)} is not one of the legal actions`);
  }
});

test('the agent answers signed requests over HTTP and refuses unsigned ones', async () => {
  const { url, close } = await createMyAgent('test-secret').listen(0);
  try {
    const body = JSON.stringify(samples[0]);
    const post = (headers: Record<string, string>) =>
      fetch(`${url}/decide`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
      });
    const signed = await post({ [SIGNATURE_HEADER]: sign('test-secret', body) });
    assert.equal(signed.status, 200);
    assert.ok('action' in ((await signed.json()) as object));
    assert.equal((await post({})).status, 401);
  } finally {
    await close();
  }
});
