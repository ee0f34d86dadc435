import { createHash } from 'node:crypto';
import { parseDecisionId } from '@coup/protocol';
import { createBot } from './create';
import type { Bot, BotKind } from './types';

// A built-in bot as it plays a match, the one maker of both the platform's house agents (@coup/gateway
// transports/house.ts) and the CLI's `bot:<kind>` agents (coup play).

export interface HouseBotOptions {
  /** The bot's randomness derives from it (the match seed, with the agent or the list entry). */
  seed: string;
  /** Share of decisions played by a random bot instead: a handicapped bot (`bot:<kind>?noise=0.3`). */
  noise?: number;
  /** A match of a match group (duplicate play): answer by the deal, not the match (byDeal). */
  duplicate?: boolean;
}

/** Deterministic: the same seed and decision give the same choice, so handicapped matches replay. */
function noisy(bot: Bot, random: () => Bot, noise: number, seed: string): Bot['decide'] {
  if (noise <= 0) return (req) => bot.decide(req);
  const r = random();
  return (req) => {
    const h = createHash('sha256').update(`${seed}:${req.decisionId}`).digest();
    return h.readUInt32BE(0) / 2 ** 32 < noise ? r.decide(req) : bot.decide(req);
  };
}

/**
 * Duplicate play (a match of a match group): a house bot draws its randomness from the deal and the point of
 * the game (round and seat), not from the match, so the same situation gets the same answer in every match
 * of the group and only what differs between their lineups changes the game.
 */
function byDeal(decide: Bot['decide']): Bot['decide'] {
  return (req) => {
    const parts = parseDecisionId(req.decisionId, req.matchId);
    if (!parts) return decide(req);
    return decide({ ...req, matchId: 'deal', decisionId: `deal.${parts.round}.${parts.seat}` });
  };
}

/** How a built-in bot of `kind` decides in one match. */
export function houseBotDecide(kind: BotKind, o: HouseBotOptions): Bot['decide'] {
  const random = () => createBot('random', { seed: o.seed });
  const decide = noisy(createBot(kind, { seed: o.seed }), random, o.noise ?? 0, o.seed);
  return o.duplicate ? byDeal(decide) : decide;
}
