import { createHash } from 'node:crypto';
import { createBot, isBotKind } from '@coup/bots';
import type { Bot } from '@coup/bots';
import type { Agent } from '@coup/db';
import { parseDecisionId } from '@coup/protocol';
import type { WirePrefs } from '@coup/protocol';
import { inProcessAgent } from '@coup/runner';
import type { MatchAgent } from '@coup/runner';
import type { HouseEndpoint } from '@coup/transports';
import type { ForAgentOptions } from './factory';

// The built-in bots (house agents, endpoint `bot:<kind>[?noise=]`, @coup/transports house.ts) play
// in-process, whatever their stored transport.

/** Deterministic: the same seed and decision give the same choice, so handicapped matches replay. */
function noisy(bot: Bot, random: Bot, noise: number, seed: string): Bot['decide'] {
  if (noise <= 0) return (req) => bot.decide(req);
  return (req) => {
    const h = createHash('sha256').update(`${seed}:${req.decisionId}`).digest();
    return h.readUInt32BE(0) / 2 ** 32 < noise ? random.decide(req) : bot.decide(req);
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

const HOUSE_WIRE: WirePrefs = Object.freeze({ historyMode: 'delta', wantsPrompt: false });

export function housePlayer(agent: Agent, house: HouseEndpoint, opts: ForAgentOptions): MatchAgent {
  if (!isBotKind(house.kind))
    throw new Error(`house agent ${agent.id} has an unknown bot kind "${house.kind}"`);
  const seed = `${opts.seed ?? ''}:${agent.id}`;
  const decide = noisy(createBot(house.kind, { seed }), createBot('random', { seed }), house.noise, seed);
  const player = inProcessAgent(agent.name, opts.duplicate ? byDeal(decide) : decide);
  player.agentId = agent.id;
  // Bots keep their own memory of the match and never read the prompt.
  player.wire = HOUSE_WIRE;
  return player;
}
