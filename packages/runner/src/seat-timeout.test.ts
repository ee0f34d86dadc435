import { describe, expect, it } from 'vitest';
import { replayForSeat } from '@coup/protocol';
import type { DecisionRequest, DecisionStep, MatchStart } from '@coup/protocol';
import type { MatchAgent } from './agent';
import { runMatch } from './run';
import { randomAgent } from './testing/agents';
import { verifyReplay } from './verify';

// A seat may play at its own decision deadline (MatchAgent.timeoutMs: a person at the table plays at
// HUMAN_TIMEOUT_MS) while the match's other seats keep the match's deadline.

const decisionsOf = (steps: readonly unknown[], seat: number) =>
  steps.filter(
    (s): s is DecisionStep => (s as DecisionStep).kind === 'decision' && (s as DecisionStep).seat === seat,
  );

/** A random player that answers after `delayMs`, recording what it was sent. */
function slowAgent(name: string, delayMs: number, timeoutMs?: number) {
  const requests: DecisionRequest[] = [];
  const starts: MatchStart[] = [];
  const inner = randomAgent(name, 7);
  const agent: MatchAgent = {
    name,
    ...(timeoutMs !== undefined ? { timeoutMs } : {}),
    async decide(req, signal) {
      requests.push(req);
      await new Promise((r) => setTimeout(r, delayMs));
      return inner.decide(req, signal);
    },
    async start(msg) {
      starts.push(msg);
    },
  };
  return { agent, requests, starts };
}

describe('a seat with its own deadline', () => {
  it('answers within its own longer deadline where the match deadline would have cut it', async () => {
    const person = slowAgent('person', 120, 2000);
    const replay = await runMatch({
      matchId: 'mt_own_deadline',
      seed: 'own-deadline-1',
      agents: [person.agent, randomAgent('bot-1', 1), randomAgent('bot-2', 2)],
      timeoutMs: 50,
    });
    expect(verifyReplay(replay)).toEqual({ ok: true });
    expect(replay.timeoutMs).toBe(50);
    expect(replay.players[0]).toMatchObject({ seat: 0, name: 'person', timeoutMs: 2000 });
    expect(replay.players[1]?.timeoutMs).toBeUndefined();
    const answered = decisionsOf(replay.steps, 0).filter((d) => !d.unused);
    expect(answered.length).toBeGreaterThan(0);
    for (const d of answered) expect(d.fault).toBeNull();
    expect(answered.some((d) => d.latencyMs >= 100)).toBe(true);
    // The seat was told its own deadline, at the start and in every request.
    expect(person.starts[0]?.timeoutMs).toBe(2000);
    for (const r of person.requests) {
      expect(r.timeoutMs).toBe(2000);
      const step = replay.steps.find((s) => s.kind === 'decision' && s.decisionId === r.decisionId);
      expect(r.deadline).toBe((step as DecisionStep).requestedAt + 2000);
    }
    // Its seat replay rebuilds exactly what it was sent.
    const seatReplay = replayForSeat(replay, 0);
    expect(seatReplay.timeoutMs).toBe(2000);
    expect(seatReplay.decisions.map((d) => d.request)).toEqual(person.requests);
  });

  it('faults at its own shorter deadline while the other seats keep the match deadline', async () => {
    const hasty = slowAgent('hasty', 150, 40);
    const patient = slowAgent('patient', 60);
    const replay = await runMatch({
      matchId: 'mt_short_deadline',
      seed: 'own-deadline-2',
      agents: [hasty.agent, patient.agent],
      timeoutMs: 1000,
    });
    expect(verifyReplay(replay)).toEqual({ ok: true });
    const mine = decisionsOf(replay.steps, 0).filter((d) => !d.unused);
    expect(mine[0]?.fault).toMatchObject({ reason: 'timeout', message: 'no answer within 40 ms' });
    expect(replay.results[0]).toMatchObject({ forfeited: true, faults: 3 });
    for (const d of decisionsOf(replay.steps, 1)) expect(d.fault).toBeNull();
    for (const r of patient.requests) expect(r.timeoutMs).toBe(1000);
  });
});
