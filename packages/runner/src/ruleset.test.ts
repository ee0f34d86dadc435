import { describe, expect, it } from 'vitest';
import { defaultAction } from '@coup/engine';
import { replayForSeat } from '@coup/protocol';
import type { DecisionRequest, DecisionStep, MatchStart } from '@coup/protocol';
import type { MatchAgent } from './agent';
import { runMatch } from './run';
import { engine1Replays } from './testing/legacy';
import { randomAgent } from './testing/agents';
import { verifyReplay } from './verify';

// A match plays one ruleset (the engine's RULESETS): the runner deals it, names it in every match_start,
// records it in the replay, and the verifier re-runs the replay by it. Replays without one are `original`.

/** A random agent that also keeps the match_start it was sent. */
function listening(name: string, seed: number): { agent: MatchAgent; starts: MatchStart[] } {
  const starts: MatchStart[] = [];
  const inner = randomAgent(name, seed);
  return { agent: { ...inner, start: async (m) => void starts.push(m) }, starts };
}

const decisions = (steps: readonly unknown[]) =>
  steps.filter((s): s is DecisionStep => (s as DecisionStep).kind === 'decision');

describe('a match of the Inquisitor game', () => {
  it('is dealt and played by its ruleset, announced, recorded and verified', async () => {
    const a = listening('a', 1);
    const replay = await runMatch({
      matchId: 'mt_inq',
      seed: 'inq-1',
      ruleset: 'inquisitors',
      agents: [a.agent, randomAgent('b', 2), randomAgent('c', 3), randomAgent('d', 4)],
    });
    expect(replay.ruleset).toBe('inquisitors');
    expect(a.starts[0]).toMatchObject({ type: 'match_start', ruleset: 'inquisitors' });
    expect(verifyReplay(replay)).toEqual({ ok: true });
    const roles = new Set(replay.events.flatMap((e) => ('role' in e && e.role ? [e.role] : [])));
    expect(roles.has('ambassador')).toBe(false);
    // The seat replay rebuilds the match_start as sent, ruleset included.
    expect(replayForSeat(replay, 0).start).toEqual(a.starts[0]);
    expect(replayForSeat(replay, 0).ruleset).toBe('inquisitors');
  });

  it('does not verify as another ruleset, nor as a replay without one', async () => {
    const replay = await runMatch({
      matchId: 'mt_inq_relabel',
      seed: 'inq-2',
      ruleset: 'inquisitors',
      agents: [randomAgent('a', 5), randomAgent('b', 6), randomAgent('c', 7)],
    });
    expect(verifyReplay(replay)).toEqual({ ok: true });
    expect(verifyReplay({ ...replay, ruleset: 'original' }).ok).toBe(false);
    const { ruleset: _, ...unnamed } = replay;
    expect(verifyReplay(unnamed).ok).toBe(false);
    expect(verifyReplay({ ...replay, ruleset: 'reformation' })).toMatchObject({ ok: false, at: 'ruleset' });
  });

  it("plays the engine's default for a seat that times out in the interrogation's phases", async () => {
    const asked: DecisionRequest[] = [];
    // Seat 0 interrogates seat 1 at once; seat 1 never answers (each of its questions times out).
    const interrogator: MatchAgent = {
      name: 'interrogator',
      async decide(req) {
        asked.push(req);
        const interrogate = req.legalActions.find((x) => x.type === 'interrogate' && x.data?.target === 1);
        return {
          action: interrogate ?? req.legalActions.find((x) => x.type === 'allow') ?? req.legalActions[0],
        };
      },
    };
    const silent: MatchAgent = { name: 'silent', decide: () => new Promise(() => {}) };
    const replay = await runMatch({
      matchId: 'mt_inq_timeout',
      seed: 'inq-3',
      ruleset: 'inquisitors',
      agents: [interrogator, silent],
      timeoutMs: 30,
      setup: {
        hands: [
          ['inquisitor', 'duke'],
          ['captain', 'contessa'],
        ],
        deck: [
          ...(['duke', 'duke', 'assassin', 'assassin', 'assassin', 'captain', 'captain'] as const),
          ...(['inquisitor', 'inquisitor', 'contessa', 'contessa'] as const),
        ],
        firstSeat: 0,
      },
    });
    expect(verifyReplay(replay)).toEqual({ ok: true });
    const shown = decisions(replay.steps).find((s) => s.phase === 'interrogate_show');
    expect(shown).toMatchObject({ seat: 1, fault: { reason: 'timeout' } });
    // The lowest face-down slot, as the engine's defaultAction says.
    expect(shown?.applied).toEqual({ type: 'show_card', data: { card_index: 0 } });
    expect(replay.events.find((e) => e.type === 'interrogation_shown')).toMatchObject({ role: 'captain' });
    expect(typeof defaultAction).toBe('function');
  });
});

describe('replays recorded before rulesets were named', () => {
  it('carry no ruleset and verify as original games', () => {
    for (const r of engine1Replays()) {
      expect(r.ruleset).toBeUndefined();
      expect(verifyReplay(r), r.matchId).toEqual({ ok: true });
      expect(replayForSeat(r, 0).start.ruleset).toBeUndefined();
      expect(verifyReplay({ ...r, ruleset: 'original' }), r.matchId).toEqual({ ok: true });
    }
  });

  it('an original match names its ruleset', async () => {
    const replay = await runMatch({
      matchId: 'mt_orig',
      seed: 'orig-1',
      agents: [randomAgent('a', 1), randomAgent('b', 2)],
    });
    expect(replay.ruleset).toBe('original');
    expect(verifyReplay(replay)).toEqual({ ok: true });
  });
});
