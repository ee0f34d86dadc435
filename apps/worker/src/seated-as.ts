import type { Agent } from '@coup/db';

/**
 * The agent as it sits at the table. A prompt experiment's agent plays under its model's name: every
 * prompt of an experiment then sees the same seat names in its prompts, so the prompts' matches differ by
 * the strategy prompt alone (the agents' own names are unique, and a model would read them).
 */
export function seatedAs(agent: Agent): Agent {
  return agent.experimentId && agent.modelName ? { ...agent, name: agent.modelName } : agent;
}
