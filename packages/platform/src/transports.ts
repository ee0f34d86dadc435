import { createBot, isBotKind } from '@coup/bots';
import { decryptSecret } from '@coup/db';
import type { Agent } from '@coup/db';
import { httpAgent, inProcessAgent } from '@coup/runner';
import type { MatchAgent } from '@coup/runner';

/** House agents (the built-in bots) are stored with an endpoint `bot:<kind>` and play in-process. */
export const HOUSE_ENDPOINT_PREFIX = 'bot:';

export type WsAgentFactory = (agent: Pick<Agent, 'id' | 'name'>) => MatchAgent;

export interface Transports {
  /** The player for one agent row: in-process bot, HTTP endpoint, or WebSocket through Redis. */
  forAgent(agent: Agent, opts?: { seed?: string }): MatchAgent;
}

export function createTransports(deps: { wsAgent: WsAgentFactory; maxResponseBytes?: number }): Transports {
  return {
    forAgent(agent, opts = {}) {
      const endpoint = agent.endpointUrl ?? '';
      if (agent.isHouse && endpoint.startsWith(HOUSE_ENDPOINT_PREFIX)) {
        const kind = endpoint.slice(HOUSE_ENDPOINT_PREFIX.length);
        if (!isBotKind(kind)) throw new Error(`house agent ${agent.id} has an unknown bot kind "${kind}"`);
        const bot = createBot(kind, { seed: `${opts.seed ?? ''}:${agent.id}` });
        const player = inProcessAgent(agent.name, (req) => bot.decide(req));
        player.agentId = agent.id;
        return player;
      }
      if (agent.transport === 'ws') {
        const player = deps.wsAgent(agent);
        player.agentId = agent.id;
        return player;
      }
      if (!agent.endpointUrl) throw new Error(`http agent ${agent.id} has no endpointUrl`);
      return httpAgent({
        name: agent.name,
        agentId: agent.id,
        url: agent.endpointUrl,
        secret: decryptSecret(agent.secretEnc),
        ...(deps.maxResponseBytes ? { maxResponseBytes: deps.maxResponseBytes } : {}),
      });
    },
  };
}
