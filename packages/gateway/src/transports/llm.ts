import type { WirePrefs } from '@coup/protocol';
import type { PlayerFactory } from './factory';

const LLM_WIRE: WirePrefs = Object.freeze({ historyMode: 'delta', wantsPrompt: true });

/** A hosted language model (through the operator's LLM_BASE_URL, at LLM_TIMEOUT_MS). */
export const llmFactory: PlayerFactory = {
  id: 'llm',
  player(agent, opts, { llm, deps }) {
    if (!llm) throw new Error(`llm agent ${agent.id} cannot play: LLM_BASE_URL is not set`);
    if (!agent.modelName) throw new Error(`llm agent ${agent.id} has no modelName`);
    const model = agent.modelName;
    const accountId = opts.payerId ?? agent.ownerId;
    const usage = deps.usage;
    // Throws (UnknownModelError) when LLM_MODELS no longer lists the agent's model.
    const player = llm.agent({
      name: agent.name,
      agentId: agent.id,
      model,
      strategyPrompt: agent.strategyPrompt,
      ...(usage ? { onUsage: (u) => usage.add({ accountId, agentId: agent.id, model, ...u }) } : {}),
    });
    // The model is asked the prompt (built over the whole history); the history itself is unused.
    player.wire = LLM_WIRE;
    return player;
  },
};
