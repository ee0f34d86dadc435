import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Replay } from '@coup/protocol';
import type { DecisionRequest } from '@coup/protocol';
import type { Clock } from './clock';
import { inProcessAgent } from './in-process';
import { runMatch } from './run';
import { seededPicker } from '@coup/random';
import { THREE_SEATS } from './testing/setup';
import { verifyReplay } from './verify';

// The small replay fixture of @coup/protocol is produced here, by the real runner on a fixed deal with
// deterministic agents and a fake clock. Regenerate only on purpose: UPDATE_GOLDEN=1 npx vitest run.
const FIXTURE = fileURLToPath(new URL('../../protocol/fixtures/replay.json', import.meta.url));

function fakeClock(): Clock {
  let t = 0;
  return { now: () => 1_795_300_000_000 + Math.floor(t), mono: () => (t += 0.25) };
}

/** A random agent; with `faultFirstTurn`, its first answer on its own turn is not an answer (a fault). */
function agent(name: string, seed: number, faultFirstTurn = false) {
  const pick = seededPicker(seed);
  let faulted = false;
  return inProcessAgent(name, (req: DecisionRequest) => {
    if (faultFirstTurn && !faulted && req.phase === 'action') {
      faulted = true;
      return { move: 'pass' };
    }
    const action = req.legalActions[pick(req.legalActions.length)];
    return req.phase === 'action' ? { action, comment: `${name} plays ${action?.type}` } : { action };
  });
}

describe('golden replay', () => {
  it('matches packages/protocol/fixtures/replay.json', async () => {
    // Agent seeds chosen so the match holds every event type, unused decisions and a fault.
    const alpha = { ...agent('alpha', 21), agentId: 'ag_alpha' };
    const replay = await runMatch({
      matchId: 'mt_golden',
      seed: 'golden-seed',
      agents: [alpha, agent('bravo', 22), agent('charlie', 23, true)],
      setup: THREE_SEATS,
      timeoutMs: 5000,
      replayUrl: 'https://coup.example/replays/mt_golden',
      clock: fakeClock(),
    });
    expect(verifyReplay(replay)).toEqual({ ok: true });
    const json = JSON.parse(JSON.stringify(replay)) as unknown;
    if (process.env.UPDATE_GOLDEN === '1') {
      writeFileSync(FIXTURE, JSON.stringify(json, null, 2) + '\n');
    }
    expect(json).toEqual(JSON.parse(readFileSync(FIXTURE, 'utf8')));
    expect(Replay.parse(json)).toEqual(json);
  });
});
