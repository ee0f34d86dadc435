import type { Agent } from '@coup/db';
import type { LlmService } from '@coup/llm';
import type { WirePrefs } from '@coup/protocol';
import type { MatchAgent } from '@coup/runner';
import type { TransportId } from '@coup/transports';
import type { AgentAddresses } from '../address-policy';
import type { AgentPools } from '../agent-pools';
import type { AgentSecrets } from '../agent-secrets';
import type { UsageSink } from '../llm-budget/ledger';

// The Node side of a transport: how an agent row of it plays a match. Each transport's factory is a file of
// this folder; index.ts maps every id of the registry (@coup/transports) to one, so a transport declared
// without a factory does not compile.

/** `perTable`: a person's seat, present at a table only through that table's socket (see WsBridge). */
export type WsAgentFactory = (agent: Pick<Agent, 'id' | 'name'>, o?: { perTable?: boolean }) => MatchAgent;

export interface ForAgentOptions {
  /** The match's seed: house bots' randomness derives from it. */
  seed?: string;
  /** A match of a match group (duplicate play): house bots answer by the deal, not the match (byDeal). */
  duplicate?: boolean;
  /**
   * The account charged for an llm agent's model tokens: the account that asked for the match (casual
   * matches, tables, experiments). Unset or null: the agent's owner (ranked and event matches, /check).
   */
  payerId?: string | null;
}

export interface TransportDeps {
  wsAgent: WsAgentFactory;
  /** AGENT_ADDRESSES: every connection to an http agent is checked against it (no default on purpose). */
  agentAddresses: AgentAddresses;
  maxResponseBytes?: number;
  /** Keeps HTTP agents' secrets current through rotations; without it, a player signs with its row's. */
  secrets?: AgentSecrets;
  /** Plays llm agents (createLlmService(env)); without it they cannot play. */
  llm?: LlmService | null;
  /** HUMAN_TIMEOUT_MS: the decision deadline of a person's seat (unset: the match's deadline). */
  humanTimeoutMs?: number;
  /** Where llm agents' token usage goes as their calls complete (the daily budgets). */
  usage?: UsageSink;
}

/** What every factory may use: the deps, plus what createTransports builds once (pools, the model server). */
export interface FactoryContext {
  deps: TransportDeps;
  /** One keep-alive pool per http agent, reused by its players of every match. */
  pools: AgentPools;
  llm: LlmService | null;
}

export interface PlayerFactory {
  readonly id: TransportId;
  player(agent: Agent, opts: ForAgentOptions, ctx: FactoryContext): MatchAgent;
}

/** What an http or ws agent registered (historyMode, wantsPrompt). */
export function wirePrefs(agent: Pick<Agent, 'historyMode' | 'wantsPrompt'>): WirePrefs {
  return { historyMode: agent.historyMode, wantsPrompt: agent.wantsPrompt };
}
