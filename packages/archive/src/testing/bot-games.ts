import { createBot, HOUSE_BOT_KINDS } from '@coup/bots';
import type { RulesetId } from '@coup/engine';
import type { Replay } from '@coup/protocol';
import { inProcessAgent, runMatch } from '@coup/runner';

// Our engine's matches for tests and the bench: house bots played in-process by the real runner.

/**
 * Plays `count` matches of 2 to 6 house bots (seeded by `seed`) of the game `ruleset`, one after another;
 * see below for faults.
 */
export async function playBotMatches(
  count: number,
  seed = 'archive',
  ruleset: RulesetId = 'original',
): Promise<Replay[]> {
  const replays: Replay[] = [];
  for (let i = 0; i < count; i++) {
    const seats = 2 + (i % 5);
    const agents = Array.from({ length: seats }, (_, s) => {
      const kind = HOUSE_BOT_KINDS[(i + s) % HOUSE_BOT_KINDS.length]!;
      const bot = createBot(kind, { seed: `${seed}/${i}/${s}` });
      // Every 4th match has a seat that always fails: it faults and forfeits (PLAYER_LEFT in the archive).
      const broken = i % 4 === 3 && s === i % seats;
      const decide = broken
        ? () => ({ nonsense: true })
        : (req: Parameters<typeof bot.decide>[0]) => bot.decide(req);
      return { ...inProcessAgent(`${kind}-${s}`, decide), agentId: `ag_${kind}_${s}` };
    });
    replays.push(
      await runMatch({ matchId: `mt_${seed}_${i}`, seed: `${seed}:${i}`, ruleset, agents, timeoutMs: 5000 }),
    );
  }
  return replays;
}
