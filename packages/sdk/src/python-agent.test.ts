import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { applyAction, createGame, eventsFor, isOver, matchLegal, pendingSeats } from '@coup/engine';
import type { GameEvent, GameState } from '@coup/engine';
import { SIGNATURE_HEADER, buildDecisionRequest, historyEntry, sign } from '@coup/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, realRequest } from './test/fixtures';

// The Python kit in examples/python-agent (its example agent, `python3 -m coup_agent`), run for real with
// python3 from its sources and driven over HTTP. The kit's own tests (pytest) and its installation into a
// virtual environment are apps/cli/src/python-kit.test.ts.

const KIT_SRC = fileURLToPath(new URL('../../../examples/python-agent/src', import.meta.url));
const SECRET = 'py_test_secret';
const hasPython = spawnSync('python3', ['--version']).status === 0;

describe.skipIf(!hasPython)('examples/python-agent (python3 -m coup_agent)', () => {
  let child: ChildProcess;
  let url = '';

  beforeAll(async () => {
    child = spawn('python3', ['-m', 'coup_agent', '0'], {
      env: {
        ...process.env,
        COUP_AGENT_SECRET: SECRET,
        HOST: '127.0.0.1',
        PYTHONPATH: KIT_SRC,
        PYTHONDONTWRITEBYTECODE: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    url = await new Promise<string>((resolve, reject) => {
      let out = '';
      const timer = setTimeout(() => reject(new Error(`python agent did not start: ${out}`)), 10_000);
      child.stdout?.on('data', (d: Buffer) => {
        out += d.toString();
        const m = /listening on (http:\/\/\S+)/.exec(out);
        if (m?.[1]) {
          clearTimeout(timer);
          resolve(m[1]);
        }
      });
      child.once('exit', (code) => reject(new Error(`python agent exited with ${code}`)));
    });
  }, 15_000);
  afterAll(() => {
    child?.kill();
  });

  const decide = (body: string, headers: Record<string, string>) => postJson(`${url}/decide`, body, headers);
  const signed = (body: string, now = Date.now()) => ({ [SIGNATURE_HEADER]: sign(SECRET, body, now) });

  it('answers a signed decision from a real engine state with one of its legal actions', async () => {
    const req = realRequest('py', 7, 4);
    const body = JSON.stringify(req);
    const res = await decide(body, signed(body));
    expect(res.status).toBe(200);
    const action = (res.json as { action: unknown }).action;
    expect(req.legalActions).toContainEqual(action);
  });

  it('rejects unsigned, forged and stale requests with 401', async () => {
    const body = JSON.stringify(realRequest('py'));
    expect((await decide(body, {})).status).toBe(401);
    expect((await decide(body, { [SIGNATURE_HEADER]: sign('not-the-secret', body) })).status).toBe(401);
    const stale = await decide(body, signed(body, Date.now() - 6 * 60 * 1000));
    expect(stale.status).toBe(401);
    expect(stale.json).toMatchObject({ error: { code: 'unauthorized' } });
  });

  it('answers /start and /end with 200, and malformed JSON with 400', async () => {
    for (const path of ['start', 'end']) {
      const body = JSON.stringify({ protocol: 1, type: `match_${path}`, matchId: 'm' });
      expect((await postJson(`${url}/${path}`, body, signed(body))).status).toBe(200);
    }
    const bad = '{"oops":';
    const res = await decide(bad, signed(bad));
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ error: { code: 'invalid_json' } });
  });

  it('folds delta requests into the whole history, and asks for it after a gap (protocol 2)', async () => {
    const base = realRequest('py-delta', 9, 3);
    const whole = base.history;
    expect(whole.length).toBeGreaterThan(3);
    const at = (from: number, id: string) => {
      const { prompt: _p, ...rest } = base;
      return { ...rest, protocol: 2, decisionId: id, history: whole.slice(from), historyFrom: from };
    };
    // A delta whose start this process never saw: it answers, and asks for the whole history.
    const gap = JSON.stringify(at(2, 'py.gap'));
    const first = await decide(gap, signed(gap));
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ history: 'full' });
    // The whole history, then a delta that overlaps it: no gap, no request for more.
    for (const [from, id] of [
      [0, 'py.full'],
      [1, 'py.delta'],
    ] as const) {
      const body = JSON.stringify(at(from, id));
      const res = await decide(body, signed(body));
      expect(res.status).toBe(200);
      expect(res.json).not.toHaveProperty('history');
    }
  });

  it('plays every seat of a whole match with legal moves only', async () => {
    let state: GameState = createGame({ players: 3, seed: 'python-match' });
    const events: GameEvent[] = [];
    let round = 0;
    while (!isOver(state) && round < 2000) {
      round++;
      const seat = pendingSeats(state)[0] as number;
      const req = buildDecisionRequest({
        state,
        seat,
        matchId: 'py_match',
        decisionId: `py_match.${round}.${seat}`,
        deadline: Date.now() + 5000,
        timeoutMs: 5000,
        names: ['a', 'b', 'c'],
        history: eventsFor(events, seat).map(historyEntry),
      });
      const body = JSON.stringify(req);
      const res = await decide(body, signed(body));
      expect(res.status).toBe(200);
      const action = matchLegal(req.legalActions, (res.json as { action: unknown }).action);
      expect(action, `${req.phase}: ${JSON.stringify(res.json)}`).not.toBeNull();
      const r = applyAction(state, seat, action!);
      if (!r.ok) throw new Error(r.error.message);
      state = r.state;
      events.push(...r.events);
    }
    expect(isOver(state)).toBe(true);
  }, 60_000);
});
