import type { Agent } from '@coup/db';
import type { LlmService } from '@coup/llm';
import type { MatchAgent } from '@coup/runner';
import { houseBotOf } from '@coup/transports';
import type { TransportId } from '@coup/transports';
import type { buildConnector } from 'undici';
import { guardedConnector } from '../guarded-connector';
import { AgentPools } from '../agent-pools';
import type { FactoryContext, ForAgentOptions, PlayerFactory, TransportDeps } from './factory';
import { housePlayer } from './house';
import { httpFactory } from './http';
import { humanFactory } from './human';
import { llmFactory } from './llm';
import { wsFactory } from './ws';

export { wirePrefs } from './factory';
export type { ForAgentOptions, TransportDeps, WsAgentFactory } from './factory';

/** Every transport of the registry has its factory here: a new id without one is a compile error. */
const FACTORIES: Readonly<Record<TransportId, PlayerFactory>> = {
  http: httpFactory,
  ws: wsFactory,
  llm: llmFactory,
  human: humanFactory,
};

export interface Transports {
  /**
   * The player for one agent row: in-process bot (a house agent), or its transport's factory: HTTP
   * endpoint, WebSocket through Redis (a `ws` agent's own socket, or the browser of a person at a table:
   * transport `human`, at HUMAN_TIMEOUT_MS), or a hosted language model (transport `llm`, through the
   * operator's LLM_BASE_URL, at LLM_TIMEOUT_MS).
   */
  forAgent(agent: Agent, opts?: ForAgentOptions): MatchAgent;
  /** The model server for llm agents; null when LLM_BASE_URL is unset. */
  readonly llm: LlmService | null;
  /** Resolves once the token usage of the model calls completed so far is written (TransportDeps.usage). */
  flushUsage(): Promise<void>;
  /** Closes the http agents' shared connection pools. */
  close(): Promise<void>;
}

export function createTransports(deps: TransportDeps): Transports {
  // One connector for every http agent: it holds no state, only the policy.
  const connect: buildConnector.connector = guardedConnector(deps.agentAddresses);
  const ctx: FactoryContext = { deps, pools: new AgentPools(connect), llm: deps.llm ?? null };
  return {
    llm: ctx.llm,
    flushUsage: async () => {
      await deps.usage?.flush?.();
    },
    close: () => ctx.pools.close(),
    forAgent(agent, opts = {}) {
      const house = houseBotOf(agent);
      if (house) return housePlayer(agent, house, opts);
      return FACTORIES[agent.transport].player(agent, opts, ctx);
    },
  };
}
