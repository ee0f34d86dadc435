import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compactReplay, compactReplayCodec, expandReplay } from '@coup/protocol';
import type { DecisionRequest, LlmDecision, Replay } from '@coup/protocol';
import { seededPicker } from '@coup/random';
import type { RulesetId } from '@coup/engine';
import type { MatchAgent } from './agent';
import { AgentFault } from './fault';
import { inProcessAgent } from './in-process';
import { runMatch } from './run';
import { randomAgent } from './testing/agents';
import { ENGINE_1_REPLAYS_FILE } from './testing/legacy';
import { FOUR_SEATS } from './testing/setup';

// The compact replay codec (@coup/protocol replay-compact.ts) on matches the real runner plays: whatever
// the seats did (faults, forfeits, comments, answers in windows that were no longer needed, llm records, a
// seat with its own deadline, six seats, both rulesets, an explicit deal), the expansion serialises to the
// runner's JSON text byte for byte, and what is derived is not kept.

/** Answers a random legal action with a comment on its own turns, as some agents explain themselves. */
function commenting(name: string, seed: number): MatchAgent {
  const pick = seededPicker(seed);
  return inProcessAgent(name, (req: DecisionRequest) => {
    const action = req.legalActions[pick(req.legalActions.length)];
    return req.phase === 'action' ? { action, comment: `${name}: ${req.phase} ✓ "quoted"` } : { action };
  });
}

/** Faults every way it can (illegal action, a throw, a transport fault, keys in another order) until forfeited. */
function faulty(name: string): MatchAgent {
  let n = 0;
  return {
    name,
    decide: async (req) => {
      n++;
      if (n % 4 === 1) return { action: { type: 'fly' } };
      if (n % 4 === 2) throw new Error('boom');
      if (n % 4 === 3) throw new AgentFault('transport_error', 'connection reset');
      // A legal action whose keys come in another order: kept raw, applied as the legal one.
      const a = req.legalActions[0]!;
      return { action: 'data' in a ? { data: a.data, type: a.type, extra: 1 } : a };
    },
  };
}

/** A hosted llm seat at its own deadline: every decision carries a call record. */
function llmSeat(seed: number): MatchAgent {
  const random = randomAgent('llm', seed);
  let n = 0;
  return {
    name: 'llm-seat',
    agentId: 'ag_llm',
    timeoutMs: 30_000,
    decide: async (req, signal, report) => {
      n++;
      const answer = (await random.decide(req, signal)) as { action: unknown };
      const record: LlmDecision = {
        model: 'test-model',
        promptTokens: 900 + n,
        completionTokens: 10 + (n % 5),
        latencyMs: 8.25,
        retries: n % 3 === 0 ? 1 : 0,
        raw: JSON.stringify(answer),
        calls: [
          {
            kind: 'first',
            outcome: n % 3 === 0 ? 'rate_limited' : 'answer',
            status: n % 3 === 0 ? 429 : 200,
            latencyMs: 8.25,
            promptTokens: 900 + n,
            completionTokens: 10 + (n % 5),
            jsonMode: true,
            raw: n % 3 === 0 ? null : `{"action": ${JSON.stringify(answer.action)}}\nnewline`,
            ...(n % 3 === 0 ? { error: 'HTTP 429' } : {}),
          },
        ],
      };
      if (report) report.llm = record;
      return answer;
    },
  };
}

/** A person's seat: a longer deadline of its own (players[].timeoutMs). */
const person = (seed: number): MatchAgent => ({ ...randomAgent('a-person', seed), timeoutMs: 60_000 });

const lineups: [string, (k: number) => MatchAgent[]][] = [
  ['four random seats', (k) => [0, 1, 2, 3].map((i) => randomAgent(`r${i}`, k * 10 + i))],
  ['comments, faults and a forfeit', (k) => [commenting('c', k), faulty('f'), randomAgent('r', k)]],
  ['an llm seat and a person', (k) => [llmSeat(k), person(k + 1), randomAgent('r', k + 2)]],
  ['six seats', (k) => Array.from({ length: 6 }, (_, i) => randomAgent(`s${i}`, k * 7 + i))],
  ['two seats', (k) => [randomAgent('a', k), commenting('b', k + 1)]],
];

function roundTrip(replay: Replay): string {
  const text = JSON.stringify(replay);
  const compact = compactReplayCodec.compact(replay);
  expect(compactReplayCodec.expand(compact)).toBe(text);
  return compact;
}

describe('compact replays of played matches', () => {
  const rulesets: RulesetId[] = ['original', 'inquisitors'];
  for (const ruleset of rulesets) {
    it.each(lineups)(`${ruleset}: %s expand to the runner's exact JSON`, async (_, lineup) => {
      for (let k = 1; k <= 4; k++) {
        const replay = await runMatch({
          matchId: `mt_c${k}`,
          seed: `s-${ruleset}-${k}`,
          ruleset,
          agents: lineup(k),
          attempt: k,
        });
        const compact = roundTrip(replay);
        // llm call records are kept as they are: the rest shrinks.
        const llm = replay.steps.some((s) => s.kind === 'decision' && s.llm);
        expect(compact.length).toBeLessThan(JSON.stringify(replay).length / (llm ? 1.5 : 4));
      }
    });
  }

  it('keeps only what cannot be derived for a plain match', async () => {
    const replay = await runMatch({ matchId: 'mt_plain', seed: 'plain', agents: lineups[0]![1](3) });
    const c = compactReplay(replay);
    expect(replay.steps.some((s) => s.kind === 'decision' && s.unused)).toBe(true);
    // Nothing but the columns and the header: no value differs from the derived one.
    expect(Object.keys(c).sort()).toEqual(
      ['answer', 'attempt', 'c', 'header', 'latency', 'requestedAt', 'seat', 'shape', 'stateIndex'].sort(),
    );
    expect(typeof c.seat).toBe('string');
    expect(JSON.stringify(c)).not.toContain('mt_plain.a1.');
  });

  it('lineups hold what they are meant to: faults, a forfeit, comments, llm records, unused decisions', async () => {
    const faults = await runMatch({ matchId: 'mt_f', seed: 'f', agents: lineups[1]![1](1) });
    expect(faults.steps.some((s) => s.kind === 'forfeit')).toBe(true);
    expect(faults.steps.some((s) => s.kind === 'decision' && s.fault)).toBe(true);
    expect(faults.steps.some((s) => s.kind === 'decision' && s.comment)).toBe(true);
    const llm = await runMatch({ matchId: 'mt_l', seed: 'l', agents: lineups[2]![1](1) });
    expect(llm.steps.some((s) => s.kind === 'decision' && s.llm?.calls[0]?.error)).toBe(true);
    expect(llm.players.map((p) => p.timeoutMs)).toEqual([30_000, 60_000, undefined]);
  });

  it('an explicit deal and a replay URL', async () => {
    const agents = [0, 1, 2, 3].map((i) => randomAgent(`d${i}`, i));
    const replay = await runMatch({
      matchId: 'mt_d',
      seed: 'd',
      setup: FOUR_SEATS,
      agents,
      replayUrl: 'https://x/r',
    });
    roundTrip(replay);
  });

  it('replays recorded by engine 1.0.0 (old decision ids), from their stored text', () => {
    const lines = readFileSync(ENGINE_1_REPLAYS_FILE, 'utf8').trim().split('\n');
    for (const line of lines) {
      const replay = JSON.parse(line) as Replay;
      expect(compactReplayCodec.expand(compactReplayCodec.compact(replay))).toBe(line);
    }
  });

  it('the golden replay fixture of @coup/protocol', () => {
    const file = fileURLToPath(new URL('../../protocol/fixtures/replay.json', import.meta.url));
    const replay = JSON.parse(readFileSync(file, 'utf8')) as Replay;
    roundTrip(replay);
    expect(expandReplay(JSON.parse(JSON.stringify(compactReplay(replay))))).toEqual(replay);
  });
});
