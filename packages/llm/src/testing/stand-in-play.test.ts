import { describe, expect, it } from 'vitest';
import { inProcessAgent, runMatch } from '@coup/runner';
import { legalLines, standInChoice, STAND_IN_DULL, STAND_IN_SHARP } from './stand-in-play';

// The stand-in's play must differ in strength by the marker (prompt experiments rely on it), and must read
// every prompt's answer list.

const player = (name: string, system: string) =>
  inProcessAgent(name, (req) => {
    const choice = standInChoice(system, req.prompt ?? '');
    expect(choice, req.prompt).not.toBeNull();
    expect(legalLines(req.prompt ?? '')).toHaveLength(req.legalActions.length);
    return { action: choice?.action };
  });

describe('stand-in play', () => {
  it('plays much better with the sharp marker than without (heads-up, seats alternating)', async () => {
    let sharpWins = 0;
    const games = 40;
    for (let i = 0; i < games; i++) {
      const sharp = player('sharp', `rules... ${STAND_IN_SHARP}`);
      const dull = player('dull', `rules... ${STAND_IN_DULL}`);
      const agents = i % 2 === 0 ? [sharp, dull] : [dull, sharp];
      const replay = await runMatch({
        matchId: `mt_si_${i}`,
        seed: `stand-in-${i}`,
        agents,
        timeoutMs: 2000,
      });
      const winner = replay.ranking[0]?.[0];
      if (winner !== undefined && agents[winner]?.name === 'sharp') sharpWins++;
    }
    expect(sharpWins / games).toBeGreaterThan(0.75);
  });

  it('is deterministic: the same messages give the same answer', () => {
    const prompt =
      'Answer with {"action": <one of these>}:\n- pass: {"type":"pass"}\n- challenge x: {"type":"challenge"}';
    const a = standInChoice('s', prompt);
    for (let i = 0; i < 5; i++) expect(standInChoice('s', prompt)).toEqual(a);
  });
});
