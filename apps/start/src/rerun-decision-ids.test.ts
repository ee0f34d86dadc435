import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDecisionId, Replay } from '@coup/protocol';
import type { DecisionRequest } from '@coup/protocol';
import { verifyReplay } from '@coup/runner';
import { createAgent } from '@coup/sdk';
import type { ListeningAgent } from '@coup/sdk';
import { runMatchJob } from '@coup/worker';
import { startHarness, uniqueName } from './testing/harness';
import type { Harness } from './testing/harness';

// A match re-run after its worker died (a new attempt) asks every question under a new decision id. An SDK
// agent answers retries from a cache keyed by decision id: had the re-run reused the first run's ids, it
// would have answered the re-run's (different) questions with the first run's answers: illegal actions,
// faults, forfeits in ranked play.

/** The SDK agent's decisions before the first run is cut off (the match of this seed lasts longer). */
const CUT_AFTER = 4;

let h: Harness;
let sdk: ListeningAgent;
let other: Server;
/** The opponent plays differently in each run, as any agent that is not deterministic would. */
let otherPicksLast = false;
const sdkIds: string[] = [];
let key: string;
let seats: string[];

beforeAll(async () => {
  h = await startHarness({ worker: false });
  key = (await h.createAccount()).key;
  const a = await h.registerAgent(key, { name: uniqueName('sdk'), endpointUrl: 'http://127.0.0.1:9' });
  const b = await h.registerAgent(key, { name: uniqueName('plain'), endpointUrl: 'http://127.0.0.1:9' });
  // The SDK agent: a fixed choice per question, its answers cached by decision id.
  sdk = await createAgent({
    secret: a.secret,
    decide: async (req) => {
      sdkIds.push(req.decisionId);
      // Slow enough for the first run to be cut off mid-match.
      await new Promise((r) => setTimeout(r, 50));
      return req.legalActions[Math.floor(req.legalActions.length / 2)]!;
    },
  }).listen(0);
  // A plain HTTP agent without a cache (it does not check signatures: it is only an opponent).
  other = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      const out = req.url?.endsWith('/decide')
        ? (() => {
            const d = JSON.parse(body) as DecisionRequest;
            return { action: d.legalActions[otherPicksLast ? d.legalActions.length - 1 : 0] };
          })()
        : { ok: true };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(out));
    });
  });
  await new Promise<void>((r) => other.listen(0, '127.0.0.1', r));
  const port = (other.address() as AddressInfo).port;
  await h.api('PATCH', `/v1/agents/${a.id}`, { key, body: { endpointUrl: sdk.url } });
  await h.api('PATCH', `/v1/agents/${b.id}`, { key, body: { endpointUrl: `http://127.0.0.1:${port}` } });
  seats = [a.id, b.id];
}, 60_000);

afterAll(async () => {
  await sdk?.close();
  other?.close();
  await h?.stop();
});

describe('a match re-run after its worker died', () => {
  it('asks under new decision ids, so the SDK never answers from the first run', async () => {
    // A fixed deal and agents that answer the same question the same way: the same game every time.
    const id = await h.queueMatch(key, seats, { seed: 'rerun-decision-ids', timeoutMs: 2000 });
    const rt = h.platform.runtime;
    const deps = {
      prisma: rt.prisma,
      redis: rt.redis,
      keys: rt.keys,
      transports: rt.transports,
      publicUrl: h.url,
    };
    // First attempt: its worker is lost (the lock expired) after a few of the SDK agent's decisions.
    const lost = new AbortController();
    const first = runMatchJob(id, deps, lost.signal);
    const until = Date.now() + 20_000;
    while (sdkIds.length < CUT_AFTER && Date.now() < until) await new Promise((r) => setTimeout(r, 5));
    lost.abort(new Error('lock lost'));
    await expect(first).rejects.toThrow('lock lost');
    const firstIds = [...sdkIds];
    expect(firstIds.length).toBeGreaterThanOrEqual(CUT_AFTER);

    // Second attempt, from the start; the opponent plays otherwise this time.
    otherPicksLast = true;
    expect(await runMatchJob(id, deps)).toBe('finished');
    const m = await h.waitForMatch(id);
    expect(m.attempts).toBe(2);
    const replay = Replay.parse((await h.api('GET', `/v1/matches/${id}/replay`)).body);
    expect(verifyReplay(replay)).toEqual({ ok: true });
    const ids = replay.steps.flatMap((s) => (s.kind === 'decision' ? [s.decisionId] : []));
    for (const d of ids) expect(parseDecisionId(d, id)?.attempt).toBe(2);
    expect(ids.filter((d) => firstIds.includes(d))).toEqual([]);
    // Every question of the re-run was decided for what it was: no fault.
    expect(replay.results.map((r) => r.faults)).toEqual([0, 0]);
    expect(m.seats.map((s) => s.faults)).toEqual([0, 0]);
  });
});
