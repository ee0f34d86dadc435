import { wirePrefs } from './factory';
import type { PlayerFactory } from './factory';

/** The agent's own socket, reached through Redis (WsBridge). */
export const wsFactory: PlayerFactory = {
  id: 'ws',
  player(agent, _opts, { deps }) {
    const player = deps.wsAgent(agent);
    player.agentId = agent.id;
    player.wire = wirePrefs(agent);
    return player;
  },
};
