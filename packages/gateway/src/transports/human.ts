import type { PlayerFactory } from './factory';

/**
 * A person plays through the same WebSocket path as a ws agent (the browser holds the socket), with a
 * deadline a person can meet. It keeps protocol 1: the table page shows the whole history it is sent.
 */
export const humanFactory: PlayerFactory = {
  id: 'human',
  player(agent, _opts, { deps }) {
    const player = deps.wsAgent(agent, { perTable: true });
    player.agentId = agent.id;
    if (deps.humanTimeoutMs !== undefined) player.timeoutMs = deps.humanTimeoutMs;
    return player;
  },
};
