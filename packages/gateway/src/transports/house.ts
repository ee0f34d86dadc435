import { houseBotDecide, isBotKind } from '@coup/bots';
import type { Agent } from '@coup/db';
import type { WirePrefs } from '@coup/protocol';
import { inProcessAgent } from '@coup/runner';
import type { MatchAgent } from '@coup/runner';
import type { HouseEndpoint } from '@coup/transports';
import type { ForAgentOptions } from './factory';

// The built-in bots (house agents, endpoint `bot:<kind>[?noise=]`, @coup/transports house.ts) play
// in-process, whatever their stored transport: the bot as @coup/bots makes it (houseBotDecide, as the
// CLI's bot:<kind> agents), seeded by the match and the agent.

const HOUSE_WIRE: WirePrefs = Object.freeze({ historyMode: 'delta', wantsPrompt: false });

export function housePlayer(agent: Agent, house: HouseEndpoint, opts: ForAgentOptions): MatchAgent {
  if (!isBotKind(house.kind))
    throw new Error(`house agent ${agent.id} has an unknown bot kind "${house.kind}"`);
  const seed = `${opts.seed ?? ''}:${agent.id}`;
  const decide = houseBotDecide(house.kind, { seed, noise: house.noise, duplicate: opts.duplicate ?? false });
  const player = inProcessAgent(agent.name, decide);
  player.agentId = agent.id;
  // Bots keep their own memory of the match and never read the prompt.
  player.wire = HOUSE_WIRE;
  return player;
}
