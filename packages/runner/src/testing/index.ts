// Test helpers for code that drives matches (CLI, worker tests): real HTTP agents with misbehaviours,
// reproducible random agents and fixed deals. Not for production use.
export { startAgentServer } from './agent-server';
export type { AgentServer, AgentServerOptions, Behaviour, ReceivedRequest } from './agent-server';
export { randomAgent } from './agents';
export { FOUR_SEATS, THREE_SEATS } from './setup';
export { ENGINE_1_REPLAYS_FILE, engine1Replays } from './legacy';
